// One probe session for both faces (`netplace probe` and the probe screen): plan (ONE hold-time and cost
// estimate) -> run -> save policy (complete runs are evidence; partial ones are kept, marked partial, never
// evidence) -> measurements. The caller shows the figures BEFORE it keeps them, so a failed save loses nothing:
// the figures are on screen, and `keepRun` writes a copy elsewhere and says where.

import {writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {firstLineOf} from '../domain/errors.js';
import type {Measurement} from '../domain/types.js';
import {estimateCost} from '../providers/cloud/cost.js';
import type {ProbePlanEstimate, ProbeTarget, Provider} from '../providers/provider.js';
import type {ProbeRequest} from '../request/probe-request.js';
import type {RunStatus} from '../stores/results-files.js';
import {cataloguePricesFor} from './plan-price.js';
import {expectedHoldSeconds, measuredSeconds} from './probe-plan.js';
import {runStatus} from './results-cells.js';
import {toMeasurements} from './to-measurements.js';
import type {ProbeEvent, ProbeRun} from './types.js';

/** The plan both faces show: the provider's estimate for the one hold time, and what it adds up to. */
export interface ProbeSessionPlan {
	readonly estimate: ProbePlanEstimate;
	/** Seconds the hosts are expected to be held (tests, ping, sustained run, per-step overhead). */
	readonly holdSeconds: number;
	/** Seconds of measurement inside that hold. */
	readonly measuredSeconds: number;
	readonly instanceHours: number;
	/** Null when the price is unknown (never guessed). */
	readonly costUsd: number | null;
	/** Spends money: needs an explicit yes before `runProbeSession`. */
	readonly billed: boolean;
}

/** The one hold time for a request: what the plan prices, and what clouds set their self-destruct TTL from. */
export function holdSecondsFor(request: ProbeRequest): number {
	return expectedHoldSeconds(request.target.placements.length, request.settings);
}

/** Asks the provider for its plan at the one hold time. Creates nothing. */
export async function planProbe(provider: Provider, request: ProbeRequest): Promise<ProbeSessionPlan> {
	const holdSeconds = holdSecondsFor(request);
	const estimate = await provider.plan(request.target, holdSeconds, cataloguePricesFor(provider.id));
	const cost = estimateCost(estimate.pricePerHour, estimate.instances, estimate.holdSeconds);
	return {
		estimate,
		holdSeconds: estimate.holdSeconds,
		measuredSeconds: measuredSeconds(request.target.placements.length, request.settings),
		instanceHours: cost.instanceHours,
		costUsd: estimate.estimatedCostUsd,
		billed: provider.facts.billed,
	};
}

export interface ProbeSessionOptions {
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProbeEvent) => void;
	readonly runId?: string;
	/** Asks a person yes or no for the provider (e.g. trust a new host key); absent: the answer is no. */
	readonly confirm?: (question: string) => Promise<boolean>;
	/** The runner (default `runProbe`, loaded on first use); the wizard's tests inject theirs. */
	readonly runner?: ProbeRunner;
}

export type ProbeRunner = (
	provider: Provider,
	target: ProbeTarget,
	settings: ProbeRequest['settings'],
	options: {
		readonly runId?: string;
		readonly signal?: AbortSignal;
		readonly onEvent?: (event: ProbeEvent) => void;
		readonly confirm?: (question: string) => Promise<boolean>;
	},
) => Promise<ProbeRun>;

/** Runs the probe (teardown always runs inside) and marks the run partial when it is. */
export async function runProbeSession(
	provider: Provider,
	request: ProbeRequest,
	options: ProbeSessionOptions = {},
): Promise<ProbeRun> {
	const {runner, ...runOptions} = options;
	const run = await (runner ?? (await import('./run-probe.js')).runProbe)(
		provider,
		request.target,
		request.settings,
		runOptions,
	);
	return {...run, partial: runStatus(run) === 'partial'};
}

/** A run with any figure worth keeping (a finished test or the ping). */
export function hasFigures(run: ProbeRun): boolean {
	return run.pairs.some((pair) => pair.results.length > 0 || pair.rtt !== null);
}

/** Whether any measurement has a valid throughput figure (only valid tests make one): else there is no advice. */
export function hasThroughputEvidence(measurements: readonly Measurement[]): boolean {
	return measurements.some((measurement) => measurement.singleFlowGbps !== null || measurement.aggregateGbps !== null);
}

/** The run as evidence: its measurements when complete, none when partial. */
export function evidenceOf(run: ProbeRun): Measurement[] {
	return runStatus(run) === 'complete' ? toMeasurements(run) : [];
}

export type KeepOutcome =
	| {readonly kind: 'saved'; readonly path: string; readonly status: RunStatus; readonly problems: readonly string[]}
	/** The store refused it: `copy` is where the run was written instead (null when that failed too). */
	| {readonly kind: 'not-saved'; readonly reason: string; readonly copy: string | null}
	/** Nothing finished: nothing to keep. */
	| {readonly kind: 'nothing'};

export interface ResultsStoreApi {
	saveProbeRun(
		run: ProbeRun,
		target?: ProbeTarget,
	): Promise<{readonly path: string; readonly problems: readonly string[]; readonly status: RunStatus}>;
}

async function defaultStore(): Promise<ResultsStoreApi> {
	return import('./probe-results.js');
}

/** Where a run the store refused is written instead: the temp folder, private to the user. */
export function fallbackPath(run: ProbeRun, folder: string = tmpdir()): string {
	return join(folder, `netplace-${run.runId.replaceAll(/[^A-Za-z0-9_.-]/g, '_')}.json`);
}

/** The save policy: every run with figures is kept (complete or partial); a refused save leaves a copy. */
export async function keepRun(
	run: ProbeRun,
	target: ProbeTarget,
	store: () => Promise<ResultsStoreApi> = defaultStore,
): Promise<KeepOutcome> {
	if (!hasFigures(run)) return {kind: 'nothing'};
	try {
		const saved = await (await store()).saveProbeRun(run, target);
		return {kind: 'saved', path: saved.path, status: saved.status, problems: saved.problems};
	} catch (error: unknown) {
		const copy = fallbackPath(run);
		try {
			writeFileSync(copy, `${JSON.stringify({savedAt: new Date().toISOString(), run, target}, null, 2)}\n`, {
				mode: 0o600,
				flag: 'w',
			});
			return {kind: 'not-saved', reason: firstLineOf(error), copy};
		} catch {
			return {kind: 'not-saved', reason: firstLineOf(error), copy: null};
		}
	}
}

/** One line for what `keepRun` did, for stderr or the probe screen. */
export function keepLine(run: ProbeRun, outcome: KeepOutcome): string | null {
	switch (outcome.kind) {
		case 'nothing': {
			return null;
		}

		case 'saved': {
			const how = outcome.status === 'partial' ? ' as a partial run (listed, never used as evidence)' : '';
			return `saved as ${run.runId}${how} in ${outcome.path}`;
		}

		case 'not-saved': {
			const where =
				outcome.copy === null
					? 'its figures are only in the output above'
					: `its figures are in ${outcome.copy} (and in the output above)`;
			return `netplace: the run ${run.runId} was not saved (${outcome.reason}); ${where}`;
		}
	}
}
