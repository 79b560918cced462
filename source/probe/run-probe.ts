// The probe runner: provision every pair (the provider does them at once) -> per pair, one after another
// (in the lab they would share this machine's CPU), the iperf3 server, client tests, ping, sustained ->
// teardown, ALWAYS (success, failure, abort), reported as a `teardown-done` event and in the run.

import {messageOf} from '../domain/errors.js';
import {printable} from '../domain/printable.js';
import type {HostPair, ProbeTarget, Provider, ProvisionEvent, TeardownReport} from '../providers/provider.js';
import {defaultPredictor, type Predictor} from './prediction.js';
import {expectedHoldSeconds, planSteps, provisionStep, teardownStep} from './probe-plan.js';
import {runCell} from './run-cloud.js';
import {newRunId} from './run-id.js';
import {runPair} from './run-pair.js';
import type {K8sRunFacts, PairResult, ProbeEvent, ProbeRun, ProbeSettings} from './types.js';
import {vendorCheck} from './vendor-threshold.js';

export interface RunProbeOptions {
	/** Defaults to a fresh `np-<base36 time>-<random>`. */
	readonly runId?: string;
	/**
	 * Aborting stops the current test; teardown still runs and the returned run has `aborted: true`
	 * (with whatever finished before). Provisioning errors other than an abort are thrown after teardown.
	 */
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProbeEvent) => void;
	/** iperf3 server port (default 5201). */
	readonly port?: number;
	/** Transmit-counter sampling interval for the running Gbps, ms (default 1000; tests shorten it). */
	readonly txSampleEveryMs?: number;
	/**
	 * iperf3 `-O` seconds left out before each stream test's measured ones (default omitSeconds, 1; the sustained
	 * run keeps its warm-up). Lab tests at sub-millisecond RTTs, where TCP reaches a cap within milliseconds, set 0.
	 */
	readonly omitSeconds?: number;
	/** The model's prediction per pair (default: predict() over the catalogue; the lab's caps). */
	readonly predict?: Predictor;
	/** A yes/no question the provider needs a person to answer (ProvisionOptions.confirm); absent: no. */
	readonly confirm?: (question: string) => Promise<boolean>;
}

/** A prediction that cannot be made (e.g. a shape the catalogue lacks) is none, never a failed run. */
function safePrediction(predict: Predictor, ...args: Parameters<Predictor>): ReturnType<Predictor> {
	try {
		return predict(...args);
	} catch {
		return null;
	}
}

export const defaultIperf3Port = 5201;

/** A provider's event as one line (a cloud's names and text, without control characters). */
function provisionNote(event: ProvisionEvent): string {
	return printable(provisionText(event));
}

function provisionText(event: ProvisionEvent): string {
	switch (event.type) {
		case 'resource-created': {
			return `created ${event.kind} ${event.id}`;
		}

		case 'waiting': {
			return `waiting for ${event.what}`;
		}

		case 'note': {
			return event.text;
		}
	}
}

/** What one run has so far: its id, its listener, the pairs measured and the notes kept. */
interface RunState {
	readonly runId: string;
	readonly startedAt: string;
	readonly emit: (event: ProbeEvent) => void;
	readonly pairs: PairResult[];
	readonly notes: string[];
	/** Notes already shown while provisioning: a pair's own notes repeat some of them. */
	readonly shown: Set<string>;
	failed: boolean;
}

export async function runProbe(
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeSettings,
	options: RunProbeOptions = {},
): Promise<ProbeRun> {
	const run: RunState = {
		runId: options.runId ?? newRunId(),
		startedAt: new Date().toISOString(),
		emit: guardedListener(options.onEvent),
		pairs: [],
		notes: [],
		shown: new Set(),
		failed: false,
	};
	run.emit({type: 'plan', runId: run.runId, steps: planSteps(target.placements, settings)});
	let provisioned: Provisioned = {hostPairs: undefined};
	let teardown: TeardownReport;
	// Whether the measuring was cut short, read as teardown begins: a signal during teardown stops nothing that
	// was measured, so it does not make a finished run partial (teardown itself is reported on its own).
	let aborted = false;
	try {
		provisioned = await provisionPairs(provider, target, settings, options, run);
		if (provisioned.hostPairs !== undefined) {
			announcePairs(provisioned.hostPairs, run);
			await measurePairs(provisioned.hostPairs, {provider, target, settings, options, run});
		}
	} finally {
		aborted = options.signal?.aborted === true;
		teardown = await tearDown(provider, run);
	}

	if (provisioned.error !== undefined) throw provisioned.error;
	return probeRun(provider, target, settings, run, teardown, aborted);
}

/** The caller's listener; a listener's bug must not stop the run or its teardown. */
function guardedListener(onEvent: RunProbeOptions['onEvent']): (event: ProbeEvent) => void {
	return (event) => {
		try {
			onEvent?.(event);
		} catch {
			// Ignored: see above.
		}
	};
}

/** The pairs provisioned, or none: `error` when provisioning failed other than by an abort (thrown after teardown). */
interface Provisioned {
	readonly hostPairs: readonly HostPair[] | undefined;
	readonly error?: unknown;
}

async function provisionPairs(
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeSettings,
	options: RunProbeOptions,
	run: RunState,
): Promise<Provisioned> {
	const {signal} = options;
	const provision = provisionStep();
	run.emit({type: 'step-started', step: provision});
	try {
		const hostPairs = await provider.provision(target, run.runId, {
			...(signal ? {signal} : {}),
			holdSeconds: expectedHoldSeconds(target.placements.length, settings),
			...(options.confirm ? {confirm: options.confirm} : {}),
			onEvent: (event) => {
				const text = provisionNote(event);
				if (event.type === 'note') run.shown.add(text);
				run.emit({type: 'note', text});
			},
		});
		const text = `${hostPairs.length} pair${hostPairs.length === 1 ? '' : 's'} ready`;
		run.emit({type: 'step-done', stepId: provision.id, figures: {kind: 'none'}, text});
		return {hostPairs};
	} catch (error: unknown) {
		if (signal?.aborted) return {hostPairs: undefined};
		run.failed = true;
		run.emit({type: 'step-failed', stepId: provision.id, message: messageOf(error)});
		return {hostPairs: undefined, error};
	}
}

/** Each pair's own notes, kept in the run and shown unless provisioning showed them already. */
function announcePairs(hostPairs: readonly HostPair[], run: RunState): void {
	for (const pair of hostPairs) {
		for (const note of pair.notes ?? []) {
			run.notes.push(`${pair.placement}: ${note}`);
			if (!run.shown.has(note)) run.emit({type: 'note', text: `${pair.placement}: ${note}`});
		}
	}
}

interface Measuring {
	readonly provider: Provider;
	readonly target: ProbeTarget;
	readonly settings: ProbeSettings;
	readonly options: RunProbeOptions;
	readonly run: RunState;
}

/** One pair after another (in the lab they would share this machine's CPU), until an abort. */
async function measurePairs(hostPairs: readonly HostPair[], measuring: Measuring): Promise<void> {
	const {provider, target, settings, options, run} = measuring;
	const cell = runCell({provider: provider.id, shape: target.shape});
	for (const pair of hostPairs) {
		if (options.signal?.aborted) break;
		const predict = options.predict ?? defaultPredictor;
		const predicted = safePrediction(predict, provider.id, target, pair.placement, settings.streams);
		const result = await runPair(pair, {
			provider,
			settings,
			port: options.port ?? defaultIperf3Port,
			signal: options.signal,
			emit: run.emit,
			predicted,
			cloud: cell?.cloud ?? null,
			...(target.path === undefined ? {} : {path: target.path}),
			...(options.txSampleEveryMs === undefined ? {} : {txSampleEveryMs: options.txSampleEveryMs}),
			...(options.omitSeconds === undefined ? {} : {omitSeconds: options.omitSeconds}),
		});
		const vendor = vendorCheck(cell, result, {
			...(target.path ? {path: target.path} : {}),
			tier1: target.tier1 === true,
		});
		run.pairs.push(vendor === null ? result : {...result, vendorCheck: vendor});
		if (result.errors && result.errors.length > 0) run.failed = true;
	}
}

/** Teardown, always: what the provider reports, said as a step and as `teardown-done`. */
async function tearDown(provider: Provider, run: RunState): Promise<TeardownReport> {
	const step = teardownStep();
	run.emit({type: 'step-started', step});
	const teardown = await reportedTeardown(provider, run.runId);
	if (teardown.complete)
		run.emit({type: 'step-done', stepId: step.id, figures: {kind: 'none'}, text: 'everything deleted'});
	else run.emit({type: 'step-failed', stepId: step.id, message: `${teardown.left.length} resource(s) left`});
	run.emit({type: 'teardown-done', report: teardown});
	return teardown;
}

/** Providers never throw from teardown; if one does, nothing is known to be gone. */
async function reportedTeardown(provider: Provider, runId: string): Promise<TeardownReport> {
	try {
		return await provider.teardown(runId);
	} catch (error: unknown) {
		const deleteCommand = `netplace cleanup --provider ${provider.id} --yes`;
		return {complete: false, left: [{kind: 'run', id: runId, deleteCommand, error: messageOf(error)}]};
	}
}

/** A k8s run's node pair, network and CNI (the pair runTargets named; `both` was split into pod and host). */
function k8sFacts(target: ProbeTarget): {k8s?: K8sRunFacts} {
	const k8s = target.k8s;
	if (k8s === undefined || k8s.nodes === 'auto') return {};
	return {k8s: {nodes: k8s.nodes, network: k8s.network === 'host' ? 'host' : 'pod', cni: k8s.cni ?? null}};
}

function probeRun(
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeSettings,
	run: RunState,
	teardown: TeardownReport,
	aborted: boolean,
): ProbeRun {
	return {
		runId: run.runId,
		provider: provider.id,
		shape: target.shape,
		region: target.region ?? target.zone ?? null,
		pairs: run.pairs,
		teardown: {complete: teardown.complete, left: teardown.left},
		startedAt: run.startedAt,
		finishedAt: new Date().toISOString(),
		settings,
		// A provider that takes --lab-profile records which one the run reproduced (null: custom caps).
		...(provider.facts.fields.includes('labProfile') ? {labProfile: target.lab?.profile ?? null} : {}),
		...(target.path === undefined ? {} : {path: target.path}),
		...k8sFacts(target),
		failed: run.failed || aborted || !teardown.complete,
		aborted,
		...(run.notes.length > 0 ? {notes: run.notes} : {}),
	};
}
