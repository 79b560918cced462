// Stored runs -> evidence (pure): which cell a run's pair measured (one name whichever face ran it),
// whether a run is complete (only complete runs are evidence; partial ones are kept and listed), and one
// Measurement per cell: the median of its complete runs, with how many, their ids and their dates.

import {groupBy} from '../domain/group-by.js';
import {median, round} from '../domain/stats.js';
import type {Measurement, Placement} from '../domain/types.js';
import {placements} from '../domain/types.js';
import type {RunStatus} from '../stores/results-files.js';
import type {ProbeRun} from './types.js';

/** Partial: aborted, marked partial, a step failed, or a stream count that was asked for has no figure. */
export function runStatus(run: ProbeRun & {readonly partial?: boolean}): RunStatus {
	if (run.aborted === true || run.partial === true || run.pairs.length === 0) return 'partial';
	const wanted = run.settings?.streams ?? [];
	for (const pair of run.pairs) {
		if ((pair.errors ?? []).length > 0) return 'partial';
		if (wanted.some((streams) => !pair.results.some((result) => result.streams === streams))) return 'partial';
	}

	return 'complete';
}

/**
 * The cell a lab pair reproduces: `aws/c8g.4xlarge/default` from its lab profile (the CLI's
 * `aws/c8g.4xlarge` and the wizard's `c8g.4xlarge` name the same one), else its own shape and placement.
 */
export function labCell(
	labProfile: string | null | undefined,
	shape: string,
	placement: Placement,
): {shape: string; placement: Placement; labProfile: string | null} {
	if (!labProfile) return {shape, placement, labProfile: null};
	const [cloud, cellShape, cellPlacement] = labProfile.split('/');
	if (cloud === undefined || cellShape === undefined) return {shape, placement, labProfile};
	const fixed = placements.find((candidate) => candidate === cellPlacement) ?? placement;
	return {shape: `${cloud}/${cellShape}`, placement: fixed, labProfile: `${cloud}/${cellShape}/${fixed}`};
}

/**
 * Runs of one cell: same cloud, shape and placement (and, in the lab, the same cap; a k8s pod-network run, the
 * same CNI: keyed by instance type and CNI, never one cell with the nodes' own figures).
 */
export function cellKey(measurement: Measurement): string {
	const cap = measurement.cloud === 'lab' ? `/${String(measurement.publishedGbps)}` : '';
	const pod =
		measurement.podNetwork === undefined ? '' : ` pod network ${measurement.podNetwork.cni ?? '(CNI unknown)'}`;
	return `${measurement.cloud}/${measurement.shape}/${measurement.placement}${cap}${pod}`;
}

/** One cell's row: medians over its runs, the latest run's published figure, region and stream count. */
export interface CellMeasurement extends Measurement {
	readonly runs: number;
	readonly runIds: readonly string[];
	readonly dates: readonly string[];
}

function medianOf(values: ReadonlyArray<number | null>, digits: number): number | null {
	const known = values.filter((value): value is number => value !== null);
	return known.length === 0 ? null : round(median(known), digits);
}

function byDate(a: Measurement, b: Measurement): number {
	const left = a.measuredAt ?? '';
	const right = b.measuredAt ?? '';
	return left < right ? -1 : left > right ? 1 : 0;
}

function cellRow(runs: readonly Measurement[]): CellMeasurement {
	const ordered = [...runs].sort(byDate);
	const latest = ordered.at(-1)!;
	const sameStreams = ordered.filter((run) => run.aggregateGbps !== null && run.streams === latest.streams);
	const counted = ordered.filter((run) => run.singleFlowGbps !== null || run.aggregateGbps !== null);
	return {
		...latest,
		singleFlowGbps: medianOf(
			ordered.map((run) => run.singleFlowGbps),
			3,
		),
		aggregateGbps: medianOf(
			sameStreams.map((run) => run.aggregateGbps),
			3,
		),
		rttMs: medianOf(
			ordered.map((run) => run.rttMs),
			4,
		),
		jitterMs: medianOf(
			ordered.map((run) => run.jitterMs),
			4,
		),
		samples: counted.reduce((sum, run) => sum + run.samples, 0) || ordered.length,
		runs: ordered.length,
		runIds: ordered.map((run) => run.runId ?? ''),
		dates: ordered.map((run) => run.measuredAt ?? ''),
	};
}

/** One row per cell from the complete runs' measurements, cells in the order first seen. */
export function cellMeasurements(measurements: readonly Measurement[]): CellMeasurement[] {
	return [...groupBy(measurements, cellKey).values()].map(cellRow);
}
