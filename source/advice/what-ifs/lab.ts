// The lab has no shapes, placements or options to change: its one step is streams, decided from the lab's
// own measurements (a single flow against the aggregate of the same cell). Pure.

import {type EvidenceView, throughputFigure} from '../../domain/evidence.js';
import {gbps, listed, percent} from '../../domain/format.js';
import type {Measurement, Workload} from '../../domain/types.js';
import type {StepDraft} from './context.js';
import {noCeilingShare} from './deltas.js';

function hasBoth(cell: Measurement): boolean {
	return cell.singleFlowGbps !== null && cell.aggregateGbps !== null && cell.aggregateGbps > 0;
}

function singleShare(cell: Measurement): number {
	return (cell.singleFlowGbps ?? 0) / (cell.aggregateGbps ?? 1);
}

function label(cell: Measurement): string {
	const copy = cell.labProfile ? ` (copy of ${cell.labProfile})` : '';
	return `the lab's ${cell.shape} profile${copy}`;
}

function noLabMeasurement(partial: boolean): StepDraft {
	return {
		id: 'parallelise',
		verdict: 'consider',
		title: 'Measure the lab before deciding on streams',
		why: partial
			? 'no lab measurement has both a single-flow and an aggregate figure: run `netplace probe --provider lab --streams 1,8` first'
			: 'there is no lab measurement yet: run `netplace probe --provider lab` first',
		evidence: [],
	};
}

export function labParallelise(workload: Workload, view: EvidenceView): StepDraft {
	const probes = view.probesOf('lab');
	const cells = probes.filter(hasBoth);
	if (cells.length === 0) return noLabMeasurement(probes.length > 0);
	const evidence = cells.flatMap((cell) => [throughputFigure(cell, 'single'), throughputFigure(cell, 'aggregate')]);
	const capped = cells.filter((cell) => singleShare(cell) < noCeilingShare);
	if (capped.length === 0) {
		return {
			id: 'parallelise',
			verdict: 'not-needed',
			title: `parallel streams: one flow carries ${listed(cells.map((cell) => percent(singleShare(cell))))} of the lab's aggregate`,
			why: `no per-flow ceiling: more connections add nothing (${listed(cells.map(label))})`,
			evidence,
		};
	}

	const needed = Math.max(...capped.map((cell) => cell.streams));
	const satisfied = workload.streams >= needed;
	const figures = listed(
		capped.map((cell) => `${gbps(cell.singleFlowGbps)} of ${gbps(cell.aggregateGbps)} Gbps on ${label(cell)}`),
	);
	return {
		id: 'parallelise',
		verdict: satisfied ? 'satisfied' : 'do',
		title: satisfied
			? `parallel streams: your ${String(workload.streams)} collect the lab's aggregate`
			: `parallel streams: open ${String(needed)}, not ${String(workload.streams)}, in the lab`,
		why: `one flow gets ${figures}`,
		evidence,
	};
}
