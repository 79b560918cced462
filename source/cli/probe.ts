// `netplace probe`: validate the flags, load the provider lazily, print the plan (`--dry-run`), confirm
// spending on clouds, run with progress lines on stderr, print the result (or `--json`) FIRST, then keep the
// run (probe-session.ts: complete runs are evidence, partial ones are kept and marked). Ctrl-C aborts the run;
// teardown still runs; the tests that finished are printed and kept as a partial run; exit 130.

import {createInterface} from 'node:readline/promises';
import {exitCodes, firstLineOf, InterruptedError, RuntimeError, UserError} from '../domain/errors.js';
import {type Advice, defaultWorkload} from '../domain/types.js';
import {networkSplitLines} from '../present/network-split-text.js';
import {createProgressPrinter, renderPlan, renderProbeResult} from '../present/probe-text.js';
import {wrappedPrinter} from '../present/wrap.js';
import {guardInterrupts, type InterruptGuard} from '../probe/interrupt.js';
import {type NetworkSplit, networkSplits} from '../probe/network-split.js';
import {outputLostCode} from '../probe/output-lost.js';
import {
	evidenceOf,
	hasFigures,
	hasThroughputEvidence,
	keepLine,
	keepRun,
	planProbe,
	runProbeSession,
} from '../probe/probe-session.js';
import {runLabel} from '../probe/run-label.js';
import type {ProbeRun} from '../probe/types.js';
import {firewallProblem} from '../providers/cloud/probe-ports.js';
import {openCidrWarning, parseSshCidr} from '../providers/cloud/ssh-cidr.js';
import {providerFacts} from '../providers/facts.js';
import {loadProvider} from '../providers/load-provider.js';
import type {ProbeTarget, Provider} from '../providers/provider.js';
import type {CliFlags} from '../request/flags.js';
import {type ProbeCommandRequest, parseProbeFlags} from '../request/probe-flags.js';
import {adviceWithMeasurements} from '../session/probe-advice.js';
import {askYesNo, canAsk} from './ask-yes-no.js';
import {outputWidth} from './text-style.js';

function writeErr(line: string): void {
	process.stderr.write(`${line}\n`);
}

/** The warning for an SSH CIDR open to everyone, or null. */
function openCidr(request: ProbeCommandRequest): string | null {
	const cidr = request.target.sshCidr;
	return cidr !== undefined && parseSshCidr(cidr).openToAll ? openCidrWarning(cidr) : null;
}

async function confirmSpending(request: ProbeCommandRequest, planLines: readonly string[]): Promise<void> {
	if (!providerFacts(request.provider).billed || request.yes) return;
	for (const line of planLines) writeErr(line);
	const prompt = createInterface({input: process.stdin, output: process.stderr});
	const cancel = new AbortController();
	prompt.on('SIGINT', () => cancel.abort());
	try {
		const answer = await prompt.question('Create these resources? [y/N] ', {signal: cancel.signal}).catch(() => null);
		if (answer === null) throw new InterruptedError('interrupted: nothing was created');
		if (!/^y(es)?$/i.test(answer.trim())) throw new UserError('cancelled: nothing was created');
	} finally {
		prompt.close();
	}
}

/** The advice recomputed with this run's measurements as evidence (none for a partial run). */
export async function adviceWithRun(run: ProbeRun): Promise<Advice | null> {
	const measurements = evidenceOf(run);
	const cloud = measurements[0]?.cloud;
	if (!hasThroughputEvidence(measurements) || cloud === undefined) return null;
	return adviceWithMeasurements({...defaultWorkload, cloud}, measurements);
}

/** `--json` prints the run; one run of several (Provider.runTargets) is one line of JSON Lines. */
async function printRun(run: ProbeRun, json: boolean, oneOfSeveral = false): Promise<void> {
	if (json) {
		process.stdout.write(`${oneOfSeveral ? JSON.stringify(run) : JSON.stringify(run, null, 2)}\n`);
		return;
	}

	const advice = await adviceWithRun(run);
	process.stdout.write(`${renderProbeResult(run, advice, outputWidth()).join('\n')}\n`);
}

/** A provider's question (e.g. trust a new host key) at the terminal; Ctrl-C or closed input is no. */
async function confirmAtTerminal(question: string): Promise<boolean> {
	return (await askYesNo(question)) === true;
}

/**
 * The guard stays until the command ends: a signal while saving or printing still ends 128 + n, never a core dump.
 * A request of several runs (k8s: node pairs x networks, Provider.runTargets) runs them one after another under
 * the one guard; the command ends with the worst run's code, and a signal stops it after that run's teardown.
 */
async function runIt(provider: Provider, requests: readonly ProbeCommandRequest[]): Promise<number> {
	const guard = guardInterrupts({write: writeErr});
	try {
		let code: number = exitCodes.ok;
		const done: Array<{target: ProbeTarget; run: ProbeRun}> = [];
		const several = requests.length > 1;
		for (const [index, request] of requests.entries()) {
			const label = runLabel(request.target, index, requests.length);
			if (label !== null) writeErr(label);
			const onRun = (run: ProbeRun): void => void done.push({target: request.target, run});
			code = Math.max(code, await runGuarded(provider, request, guard, several ? onRun : undefined));
		}

		printSplits(networkSplits(done), requests[0]?.json === true);
		return code;
	} finally {
		guard.dispose();
	}
}

/** The request as runs: the provider's split (Provider.runTargets), else the one. Creates nothing. */
async function runRequests(provider: Provider, request: ProbeCommandRequest): Promise<ProbeCommandRequest[]> {
	if (provider.runTargets === undefined) return [request];
	const targets = await provider.runTargets(request.target);
	return targets.map((target) => ({...request, target}));
}

/** A node pair on both networks (k8s): what the pod network costs and what bound the pair, after the runs. */
function printSplits(splits: readonly NetworkSplit[], json: boolean): void {
	if (splits.length === 0) return;
	if (json) process.stdout.write(`${JSON.stringify({networkSplit: splits})}\n`);
	else process.stdout.write(`${networkSplitLines(splits, outputWidth()).join('\n')}\n`);
}

async function runGuarded(
	provider: Provider,
	request: ProbeCommandRequest,
	guard: InterruptGuard,
	onRun?: (run: ProbeRun) => void,
): Promise<number> {
	const run = await probeUnderGuard(provider, request, guard);
	onRun?.(run);
	// Aborted while measuring; a signal during teardown leaves a finished run finished (said below).
	const interrupted = run.aborted === true;
	// Output first: the figures are on stdout before anything is written to the store.
	if (!interrupted || hasFigures(run)) await printRun(run, request.json, onRun !== undefined);
	const outcome = await keepRun(run, request.target);
	if (outcome.kind === 'saved') for (const problem of outcome.problems) writeErr(`netplace: warning: ${problem}`);
	const line = keepLine(run, outcome);
	if (line !== null && (outcome.kind !== 'saved' || !request.json)) writeErr(line);
	if (interrupted) {
		const how = run.teardown.complete ? 'everything was torn down' : 'teardown left resources (listed above)';
		const kept = outcome.kind === 'saved' ? `; the finished tests are kept as partial run ${run.runId}` : '';
		const crash = guard.crashedWith();
		if (crash !== null)
			throw new RuntimeError(`the probe stopped on an unexpected error (${firstLineOf(crash)}); ${how}${kept}`);
		throw new InterruptedError(`interrupted: the probe was stopped; ${how}${kept}`, guard.interruptedBy());
	}

	if (guard.interruptedBy() !== null) {
		const lost = outputLostCode();
		const where = lost === null ? 'its figures are above' : `the output went away (${lost}); the run is kept`;
		throw new InterruptedError(`interrupted after the probe finished: ${where}`, guard.interruptedBy());
	}

	const crash = guard.crashedWith();
	if (crash !== null) throw new RuntimeError(`an unexpected error after the tests finished (${firstLineOf(crash)})`);

	return finishedCode(run, outcome);
}

/** The probe session with progress on stderr; a failure after an interrupt is the interrupt. */
async function probeUnderGuard(
	provider: Provider,
	request: ProbeCommandRequest,
	guard: InterruptGuard,
): Promise<ProbeRun> {
	const print = createProgressPrinter(wrappedPrinter(writeErr, outputWidth(process.stderr)));
	// Load the results store while the probe runs, not after it.
	void import('../probe/probe-results.js').catch(() => undefined);
	try {
		return await runProbeSession(provider, request, {
			signal: guard.signal,
			onEvent: print,
			...(canAsk() ? {confirm: confirmAtTerminal} : {}),
		});
	} catch (error: unknown) {
		const crash = guard.crashedWith();
		if (crash !== null)
			throw new RuntimeError(`the probe stopped on an unexpected error (${firstLineOf(crash)}) and was torn down`);
		if (guard.interruptedBy() !== null)
			throw new InterruptedError('interrupted: the probe was stopped and torn down', guard.interruptedBy());
		throw error;
	}
}

/** A run not kept, torn down incompletely or with failed steps exits 1 (the failures said on stderr). */
function finishedCode(run: ProbeRun, outcome: Awaited<ReturnType<typeof keepRun>>): number {
	if (outcome.kind === 'not-saved' || !run.teardown.complete) return exitCodes.runtime;
	if (run.failed) {
		const failures = run.pairs.flatMap((pair) => (pair.errors ?? []).map((error) => `${pair.placement}: ${error}`));
		writeErr(`netplace: the probe had ${failures.length} failed step(s): ${failures.join('; ')}`);
		return exitCodes.runtime;
	}

	return exitCodes.ok;
}

/** Billed resources and an SSH CIDR open to everyone need a yes: a terminal answer or --yes. */
function assertCanConfirm(request: ProbeCommandRequest): void {
	if (request.yes || request.dryRun || (process.stdin.isTTY && process.stderr.isTTY)) return;
	const warning = openCidr(request);
	if (warning !== null)
		throw new UserError(`${warning}; refusing without confirmation`, 'add --yes to accept it, or run in a terminal');
	if (providerFacts(request.provider).billed) {
		throw new UserError(
			`refusing to create billed ${request.provider} resources without confirmation`,
			'add --yes, or run in a terminal',
		);
	}
}

/** `load` is for tests (a fake provider); the CLI uses the lazy loader. */
/** A cloud's firewall opens the probe ports only: a plan starting servers beyond them is refused, exit 2. */
function assertFirewallCarries(request: ProbeCommandRequest): void {
	if (!providerFacts(request.provider).billed) return;
	const problem = firewallProblem(request.settings.streams, request.settings.processes);
	if (problem !== null) throw new UserError(problem, 'fewer --streams, or cap the servers with --processes');
}

export async function probeCommand(
	flags: CliFlags,
	load: (id: string) => Promise<Provider> = loadProvider,
): Promise<number> {
	const request = parseProbeFlags(flags);
	assertFirewallCarries(request);
	assertCanConfirm(request);
	const warning = openCidr(request);
	if (warning !== null) writeErr(`netplace: warning: ${warning}`);
	const provider = await load(request.provider);
	const needsPlan = request.dryRun || (providerFacts(request.provider).billed && !request.yes);
	if (needsPlan) {
		const session = await planProbe(provider, request);
		const plan = session.estimate;
		const lines = renderPlan(plan, session.measuredSeconds, outputWidth());
		if (request.dryRun) {
			if (request.json)
				process.stdout.write(`${JSON.stringify({dryRun: true, plan, settings: request.settings}, null, 2)}\n`);
			else process.stdout.write(`${[...lines, 'Dry run: nothing was created.'].join('\n')}\n`);
			return exitCodes.ok;
		}

		await confirmSpending(request, lines);
	}

	// Not root, a tool missing: one line before anything starts.
	provider.preflight?.(request.target);

	return runIt(provider, await runRequests(provider, request));
}
