// The notes under the advice: the burst rating that held, the one-sample footing, the stock configuration.

import {sustainedReference} from './catalogue.js';
import type {EvidenceView} from './evidence.js';
import {gbps} from './format.js';
import type {Cloud, Note, Workload} from './types.js';

/** Probes repeated this many times drop the one-sample caveat. */
export const repeatedSamples = 3;

function burstHeld(): Note {
	const run = sustainedReference;
	const blocks = run.blockGbps;
	const low = Math.min(...blocks);
	const high = Math.max(...blocks);
	const blockRange =
		low === high
			? `${gbps(low)} Gbps in every ${String(run.blockSeconds)} s block`
			: `${gbps(low)} to ${gbps(high)} Gbps per ${String(run.blockSeconds)} s block`;
	return {
		id: 'c8g-burst-held',
		text:
			`${run.shape} held its ${gbps(run.peakGbps)} Gbps peak for ${String(run.durationSeconds)} s (${blockRange}, slowest second ${gbps(run.slowestSecondGbps)}, ` +
			`last 10 s at ${String(run.lastOverFirst)} of the first; one flow stayed at ${String(run.singleFlowGbps)}): budget for the peak, not the ${gbps(run.baselineGbps)} Gbps baseline. ` +
			'One run, default placement; not tested on c8gn.',
	};
}

function oneSample(view: EvidenceView, clouds: readonly Cloud[]): Note {
	const cells = clouds.flatMap((cloud) => view.cellsOf(cloud));
	const parts: string[] = [];
	if (cells.some((cell) => cell.source === 'reference')) {
		parts.push('Every reference figure is one sample per cell, in one zone per cloud');
	}

	const thin = cells.filter((cell) => cell.source === 'probe' && cell.samples < repeatedSamples);
	if (thin.length > 0 || cells.length === 0) {
		parts.push(
			cells.length === 0
				? 'There is no measurement here yet'
				: `${String(thin.length)} of your probe cells ran fewer than ${String(repeatedSamples)} times`,
		);
	}

	return {
		id: 'one-sample-per-cell',
		text: `${parts.join('; ')}: verify on your own workload (\`netplace probe --repeat ${String(repeatedSamples)}\`) before relying on it.`,
	};
}

function stockConfiguration(): Note {
	return {
		id: 'stock-configuration',
		text: 'Stock configuration: ENA Express was not enabled and jumbo frames were not configured, so single-flow figures are a floor, not a limit.',
	};
}

/** True when every cell the advice reads for these clouds is the user's own probe, repeated enough. */
function repeatedProbesOnly(view: EvidenceView, clouds: readonly Cloud[]): boolean {
	const cells = clouds.flatMap((cloud) => view.cellsOf(cloud));
	return cells.length > 0 && cells.every((cell) => cell.source === 'probe' && cell.samples >= repeatedSamples);
}

export function adviceNotes(workload: Workload, view: EvidenceView, clouds: readonly Cloud[]): Note[] {
	const notes: Note[] = [];
	if (workload.sustained && clouds.includes('aws')) {
		notes.push(burstHeld());
	}

	if (!repeatedProbesOnly(view, clouds)) {
		notes.push(oneSample(view, clouds));
	}

	if (clouds.some((cloud) => cloud !== 'lab')) {
		notes.push(stockConfiguration());
	}

	return notes;
}
