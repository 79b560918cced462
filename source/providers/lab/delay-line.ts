// The RTT half of the lab: a delay-line helper (native/delay-line.c) in each namespace of a pair, fed TCP and
// ICMP on the data interface by `iptables -j NFQUEUE` (rules: tc-commands.ts delayQueueRules), calibrated
// against the bare veth with ping. Every packet crosses each line's hold once per round trip (TCP: one line per
// direction; ICMP: the server's twice), each holding half the added round trip, so ping and TCP's own RTT
// (iperf3 `mean_rtt`) both read the target.

import {RuntimeError} from '../../domain/errors.js';
import {parsePing} from '../ping-parse.js';
import {dataInterface} from './names.js';
import type {LabTools, PairNamespaces, SetupContext} from './pair-setup.js';
import {belowFloorNote, correctDelay, decideDelay, delayNote, withinTolerance} from './rtt-plan.js';
import {type LocalBackground, runCommand, startProcess} from './run-command.js';
import {type DelayRole, delayQueueRules} from './tc-commands.js';

const queueNumber = 0;
const readyTimeoutMs = 5000;

export interface DelayLine {
	/**
	 * Change the added round trip and its jitter (microseconds) for packets from now on: each pass holds half
	 * the round trip, with jitter / sqrt(2), so two passes add the round trip with the jitter's spread.
	 */
	set(roundTripUs: number, jitterUs: number): Promise<void>;
	/** Take the rule out and stop the helper (idempotent). */
	remove(): Promise<void>;
}

function waitForOutput(process: LocalBackground, ready: () => boolean, what: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			clearInterval(poll);
			reject(new RuntimeError(`delay line: no "${what}" within ${readyTimeoutMs} ms`));
		}, readyTimeoutMs);
		const poll = setInterval(() => {
			if (ready()) {
				clearTimeout(timer);
				clearInterval(poll);
				resolve();
			}
		}, 5);
		void process.exited.then((result) => {
			clearTimeout(timer);
			clearInterval(poll);
			const why = result.stderr.trim().split('\n').at(-1) ?? `exit ${String(result.code)}`;
			reject(new RuntimeError(`delay line exited: ${why}`));
		});
	});
}

/** The helper process and what it has printed so far (its acknowledgements). */
interface Helper {
	readonly process: LocalBackground;
	readonly output: {text: string};
}

/** Start the helper in `namespace` and route the role's packets through it. Both are recorded in the ledger. */
export async function startDelayLine(
	context: SetupContext,
	namespace: string,
	tag: string,
	role: DelayRole,
): Promise<DelayLine> {
	const helper = await startHelper(context, namespace, tag);
	const deletes: Array<() => Promise<void>> = [];
	for (const rule of delayQueueRules(role, queueNumber, dataInterface)) {
		deletes.push(await addQueueRule(context, namespace, rule));
	}

	return lineControl(helper, deletes);
}

/** The helper, recorded as it starts, once it says it is ready. */
async function startHelper(context: SetupContext, namespace: string, tag: string): Promise<Helper> {
	const {ip, delayLine} = context.tools;
	const output = {text: ''};
	const process = startProcess(
		[ip, 'netns', 'exec', namespace, delayLine, '--queue', String(queueNumber), '--delay-us', '0', '--tag', tag],
		{stdin: true, onStdout: (chunk) => (output.text += chunk)},
	);
	const id = `${namespace}/delay-line pid ${String(process.pid)}`;
	context.ledger.record({
		kind: 'process',
		id,
		deleteCommand: `kill ${String(process.pid)}`,
		remove: async () => process.stop(),
	});
	context.onEvent?.({type: 'resource-created', kind: 'process', id});
	await waitForOutput(process, () => /^ready /m.test(output.text), 'ready');
	return {process, output};
}

/** One NFQUEUE rule in the namespace, recorded; returns what deletes it. */
async function addQueueRule(
	context: SetupContext,
	namespace: string,
	rule: readonly string[],
): Promise<() => Promise<void>> {
	const {ip, iptables} = context.tools;
	const added = await runCommand([ip, 'netns', 'exec', namespace, iptables, '-A', ...rule], {timeoutMs: 10_000});
	if (added.code !== 0) throw new RuntimeError(`iptables -j NFQUEUE refused in ${namespace}: ${added.stderr.trim()}`);
	const deleteRule = async (): Promise<void> => {
		await runCommand([ip, 'netns', 'exec', namespace, iptables, '-D', ...rule], {timeoutMs: 10_000});
	};
	const ruleId = `${namespace}/iptables ${rule.join(' ')}`;
	context.ledger.record({
		kind: 'iptables-rule',
		id: ruleId,
		deleteCommand: `ip netns exec ${namespace} iptables -D ${rule.join(' ')}`,
		remove: deleteRule,
	});
	context.onEvent?.({type: 'resource-created', kind: 'iptables-rule', id: ruleId});
	return deleteRule;
}

function lineControl({process, output}: Helper, deletes: ReadonlyArray<() => Promise<void>>): DelayLine {
	let sets = 0;
	return {
		async set(roundTripUs: number, jitterUs: number) {
			sets++;
			process.write(`set ${Math.round(roundTripUs / 2)} ${Math.round(jitterUs / Math.SQRT2)}\n`);
			const acknowledged = (): boolean => (output.text.match(/^set delay-us=/gm)?.length ?? 0) >= sets;
			await waitForOutput(process, acknowledged, 'set');
		},
		async remove() {
			for (const deleteRule of deletes) await deleteRule();
			await process.stop();
		},
	};
}

/** Median ping RTT from the client namespace to the server, in ms. */
export async function measureRtt(
	tools: LabTools,
	pair: PairNamespaces,
	count = 40,
	signal?: AbortSignal,
): Promise<number> {
	const result = await runCommand(
		[
			tools.ip,
			'netns',
			'exec',
			pair.client,
			tools.ping,
			'-n',
			'-c',
			String(count),
			'-i',
			'0.01',
			'-W',
			'1',
			pair.serverAddress,
		],
		{timeoutMs: 30_000, signal},
	);
	const report = parsePing(result.stdout, result.stderr);
	if (!report.ok) throw new RuntimeError(`calibration ping in ${pair.client} failed: ${report.error}`);
	return report.medianMs;
}

export interface RttOutcome {
	readonly bareMs: number;
	readonly floorMs: number | null;
	readonly measuredMs: number | null;
	readonly delayUs: number;
	readonly notes: readonly string[];
}

/**
 * Calibrate and set the delay for one pair: bare veth RTT, then the floor with the delay line holding nothing,
 * then the difference to the target, corrected twice against measured medians.
 */
export async function applyRtt(
	context: SetupContext,
	pair: PairNamespaces,
	tag: string,
	targetMs: number | null,
	jitterMs: number | null,
): Promise<RttOutcome> {
	if (targetMs === null) return {bareMs: 0, floorMs: null, measuredMs: null, delayUs: 0, notes: []};
	const bareMs = await measureRtt(context.tools, pair, 40, context.signal);
	const lines = [
		await startDelayLine(context, pair.server, tag, 'server'),
		await startDelayLine(context, pair.client, tag, 'client'),
	];
	const setAll = async (roundTripUs: number, jitterUs: number): Promise<void> => {
		for (const line of lines) await line.set(roundTripUs, jitterUs);
	};

	const floorMs = await measureRtt(context.tools, pair, 40, context.signal);
	const decision = decideDelay(targetMs, floorMs);
	if (decision.mode !== 'delay') {
		for (const line of lines) await line.remove();
		const notes = decision.mode === 'below-floor' ? [belowFloorNote(targetMs, floorMs, bareMs)] : [];
		return {bareMs, floorMs, measuredMs: null, delayUs: 0, notes};
	}

	const jitterUs = (jitterMs ?? 0) * 1000;
	let delayUs = decision.delayUs;
	let measuredMs = floorMs;
	for (let round = 0; round < 3; round++) {
		await setAll(delayUs, jitterUs);
		measuredMs = await measureRtt(context.tools, pair, 40, context.signal);
		if (round === 2 || withinTolerance(targetMs, measuredMs, 0.03)) break;
		delayUs = correctDelay(delayUs, targetMs, measuredMs);
	}

	return {bareMs, floorMs, measuredMs, delayUs, notes: [delayNote(targetMs, delayUs, bareMs, measuredMs)]};
}
