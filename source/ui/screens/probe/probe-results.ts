// The finished probe's figures as table rows and verdict lines, and the workload the advice is recomputed
// for. Pure.

import type {Workload} from '../../../domain/types.js';
import {formatGbps, formatMs} from '../../../present/format.js';
import {headlineLine, pairLimitLines, testLimitLine} from '../../../present/probe-text.js';
import {perFlowCeilingText} from '../../../probe/aggregate.js';
import {runCell} from '../../../probe/run-cloud.js';
import {streamsConclusion} from '../../../probe/sweep.js';
import type {PairResult, ProbeRun} from '../../../probe/types.js';
import {validResults} from '../../../probe/validity.js';
import type {ProviderId} from '../../../providers/provider.js';

export interface ProbeResultRow {
	readonly placement: string;
	readonly single: string;
	readonly aggregate: string;
	readonly ratio: string;
	readonly percent: string;
	readonly rtt: string;
	readonly retransmits: string;
}

export const probeResultHeaders: ProbeResultRow = {
	placement: 'placement',
	single: '1 flow',
	aggregate: 'aggregate',
	ratio: '1/agg',
	percent: '% of',
	rtt: 'RTT med/avg/mdev ms',
	retransmits: 'retr',
};

function percentText(pair: PairResult): string {
	if (pair.percentOfPublished === null) {
		return '—';
	}

	const of = pair.published.kind === 'lab-cap' ? 'lab cap' : 'published';
	return `${pair.percentOfPublished.toFixed(1)}% of ${of}`;
}

/** The pair's row from its valid tests only (validity.ts), through the conclusion the advice reads (sweep.ts). */
export function probeResultRow(pair: PairResult): ProbeResultRow {
	const {single, aggregate} = streamsConclusion(validResults(pair.results));
	return {
		placement: pair.placement,
		single: single ? formatGbps(single.gbps) : '—',
		aggregate: aggregate ? `${formatGbps(aggregate.gbps)} (${aggregate.streams})` : '—',
		ratio: pair.perFlowCeiling.singleToAggregate === null ? '—' : pair.perFlowCeiling.singleToAggregate.toFixed(2),
		percent: percentText(pair),
		rtt: pair.rtt ? `${formatMs(pair.rtt.medianMs)}/${formatMs(pair.rtt.avgMs)}/${formatMs(pair.rtt.mdevMs)}` : '—',
		retransmits: pair.results.map((result) => String(result.retransmits)).join('/') || '—',
	};
}

/** "default: one flow gets 33% of the aggregate: a per-flow ceiling is present". */
export function ceilingVerdicts(run: ProbeRun): readonly string[] {
	return run.pairs.map((pair) => `${pair.placement}: ${perFlowCeilingText(pair.perFlowCeiling)}`);
}

/**
 * What bound each figure (issue 11): per test its TCP RTT, CPU (and the CPU-bound flag), per-stream figures and
 * limit; then the model's prediction beside the measurement, the sweep and the verdict.
 */
export function limitLines(run: ProbeRun): readonly string[] {
	return run.pairs.flatMap((pair) => [
		`${pair.placement}: ${headlineLine(pair)}`,
		...pair.results.map((result) => `${pair.placement} · ${testLimitLine(result)}`),
		...(pair.reverseResults ?? []).map((result) => `${pair.placement} · ${testLimitLine(result, true)}`),
		...pairLimitLines(pair).map((line) => `${pair.placement}: ${line}`),
	]);
}

/** The workload the recomputed advice is for: the probed cloud (`lab` for the lab; your own hosts: their shape's). */
export function workloadForProvider(workload: Workload, run: {provider: ProviderId; shape: string}): Workload {
	return {...workload, cloud: runCell(run)?.cloud ?? workload.cloud};
}

/** What teardown did, in one line. */
export function teardownLine(run: ProbeRun, interrupted: boolean): string {
	const prefix = interrupted ? 'Interrupted: ' : '';
	if (run.teardown.complete) {
		return `${prefix}teardown complete, nothing left behind.`;
	}

	return `${prefix}teardown left ${run.teardown.left.length} resource(s): ${run.teardown.left
		.map((left) => `${left.kind} ${left.id} (${left.deleteCommand})`)
		.join('; ')}`;
}
