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
import type {PairResult, ProbeEvent, ProbeRun, ProbeSettings} from './types.js';
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

export async function runProbe(
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeSettings,
	options: RunProbeOptions = {},
): Promise<ProbeRun> {
	const runId = options.runId ?? newRunId();
	const {signal} = options;
	const emit = (event: ProbeEvent): void => {
		try {
			options.onEvent?.(event);
		} catch {
			// A listener's bug must not stop the run or its teardown.
		}
	};

	const startedAt = new Date().toISOString();
	const pairs: PairResult[] = [];
	const notes: string[] = [];
	/** Notes already shown while provisioning: a pair's own notes repeat some of them. */
	const shown = new Set<string>();
	let failed = false;
	let provisionError: unknown;
	let teardown: TeardownReport = {complete: true, left: []};
	emit({type: 'plan', runId, steps: planSteps(target.placements, settings)});
	try {
		const provision = provisionStep();
		emit({type: 'step-started', step: provision});
		let hostPairs: readonly HostPair[] | undefined;
		try {
			hostPairs = await provider.provision(target, runId, {
				...(signal ? {signal} : {}),
				holdSeconds: expectedHoldSeconds(target.placements.length, settings),
				...(options.confirm ? {confirm: options.confirm} : {}),
				onEvent: (event) => {
					const text = provisionNote(event);
					if (event.type === 'note') shown.add(text);
					emit({type: 'note', text});
				},
			});
		} catch (error: unknown) {
			if (!signal?.aborted) {
				failed = true;
				provisionError = error;
				emit({type: 'step-failed', stepId: provision.id, message: messageOf(error)});
			}

			hostPairs = undefined;
		}

		if (hostPairs !== undefined) {
			const text = `${hostPairs.length} pair${hostPairs.length === 1 ? '' : 's'} ready`;
			emit({type: 'step-done', stepId: provision.id, figures: {kind: 'none'}, text});
			for (const pair of hostPairs) {
				for (const note of pair.notes ?? []) {
					notes.push(`${pair.placement}: ${note}`);
					if (!shown.has(note)) emit({type: 'note', text: `${pair.placement}: ${note}`});
				}
			}

			const port = options.port ?? defaultIperf3Port;
			const cell = runCell({provider: provider.id, shape: target.shape});
			for (const pair of hostPairs) {
				if (signal?.aborted) break;
				const predicted = safePrediction(
					options.predict ?? defaultPredictor,
					provider.id,
					target,
					pair.placement,
					settings.streams,
				);
				const result = await runPair(pair, {
					provider,
					settings,
					port,
					signal,
					emit,
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
				pairs.push(vendor === null ? result : {...result, vendorCheck: vendor});
				if (result.errors && result.errors.length > 0) failed = true;
			}
		}
	} finally {
		const step = teardownStep();
		emit({type: 'step-started', step});
		try {
			teardown = await provider.teardown(runId);
		} catch (error: unknown) {
			// Providers never throw from teardown; if one does, nothing is known to be gone.
			teardown = {
				complete: false,
				left: [
					{
						kind: 'run',
						id: runId,
						deleteCommand: `netplace cleanup --provider ${provider.id} --yes`,
						error: messageOf(error),
					},
				],
			};
		}

		if (teardown.complete)
			emit({type: 'step-done', stepId: step.id, figures: {kind: 'none'}, text: 'everything deleted'});
		else emit({type: 'step-failed', stepId: step.id, message: `${teardown.left.length} resource(s) left`});
		emit({type: 'teardown-done', report: teardown});
	}

	if (provisionError !== undefined) throw provisionError;
	const aborted = signal?.aborted === true;
	return {
		runId,
		provider: provider.id,
		shape: target.shape,
		region: target.region ?? target.zone ?? null,
		pairs,
		teardown: {complete: teardown.complete, left: teardown.left},
		startedAt,
		finishedAt: new Date().toISOString(),
		settings,
		// A provider that takes --lab-profile records which one the run reproduced (null: custom caps).
		...(provider.facts.fields.includes('labProfile') ? {labProfile: target.lab?.profile ?? null} : {}),
		...(target.path === undefined ? {} : {path: target.path}),
		failed: failed || aborted || !teardown.complete,
		aborted,
		...(notes.length > 0 ? {notes} : {}),
	};
}
