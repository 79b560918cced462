// This session's probe runs as the answer's lines (the Markdown export's last section): per run its id,
// then a table of what it measured. Pure.

import {streamsLabel} from '../domain/format.js';
import type {Measurement} from '../domain/types.js';
import {formatGbps, formatMs} from './format.js';
import {blank, line, type PresentLine} from './lines.js';
import {tableLines} from './table-lines.js';

export interface ProbeRun {
	readonly runId: string;
	readonly measurements: readonly Measurement[];
}

const header = ['cloud', 'shape', 'placement', 'single flow', 'aggregate', 'streams', 'RTT ms'];

function cells(measurement: Measurement): string[] {
	return [
		measurement.cloud,
		measurement.shape,
		measurement.placement,
		formatGbps(measurement.singleFlowGbps),
		formatGbps(measurement.aggregateGbps),
		streamsLabel(measurement.streams),
		formatMs(measurement.rttMs),
	];
}

/** None: no lines. */
export function probeRunLines(runs: readonly ProbeRun[]): PresentLine[] {
	if (runs.length === 0) return [];
	return [
		line('Probe results (this session)', 'heading'),
		...runs.flatMap((run, index) => [
			...(index > 0 ? [blank] : []),
			line(`Run ${run.runId}:`),
			blank,
			...tableLines(header, run.measurements.map(cells)),
		]),
	];
}
