// parallelise: streams first. Decided per cloud from whether one flow reaches the aggregate.

import {throughputFigure} from '../evidence.js';
import {gbps, listed, percent} from '../format.js';
import type {Cloud, Measurement} from '../types.js';
import {noCeilingShare, type Rule, type RuleContext, type StepDraft} from './context.js';
import {modelParallelise} from './parallelise-model.js';

export interface PerFlowFinding {
	readonly cloud: Cloud;
	/** The cells the finding rests on: the user's probes when there are any, else the study's default cells. */
	readonly cells: readonly Measurement[];
	/** Some cell's single flow is below 90% of its aggregate. */
	readonly ceiling: boolean;
}

function hasBoth(cell: Measurement): boolean {
	return cell.singleFlowGbps !== null && cell.aggregateGbps !== null && cell.aggregateGbps > 0;
}

export function singleShare(cell: Measurement): number {
	return (cell.singleFlowGbps ?? 0) / (cell.aggregateGbps ?? 1);
}

/** Whether a cloud shows a per-flow ceiling, from probes if the user has any for it, else the reference. */
export function perFlowFinding(context: RuleContext, cloud: Cloud): PerFlowFinding | null {
	const probes = context.view.probesOf(cloud).filter(hasBoth);
	const cells =
		probes.length > 0
			? probes
			: context.view
					.cellsOf(cloud)
					.filter((cell) => cell.source === 'reference' && cell.placement === 'default' && hasBoth(cell));
	if (cells.length === 0) {
		return null;
	}

	return {cloud, cells, ceiling: cells.some((cell) => singleShare(cell) < noCeilingShare)};
}

function label(cell: Measurement, manyClouds: boolean): string {
	if (cell.cloud === 'lab') {
		const copy = cell.labProfile ? ` (copy of ${cell.labProfile})` : '';
		return `the lab's ${cell.shape} profile${copy}`;
	}

	const where = manyClouds ? `${cell.cloud} ${cell.shape}` : cell.shape;
	const placement = cell.placement === 'default' ? '' : ` ${cell.placement}`;
	return `${where}${placement}${cell.source === 'probe' ? ' (your probe)' : ''}`;
}

function comparison(cell: Measurement, manyClouds: boolean): string {
	return `${gbps(cell.singleFlowGbps)} Gbps against ${gbps(cell.aggregateGbps)} with ${String(cell.streams)} streams on ${label(cell, manyClouds)}`;
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

/** The lab has no shapes to size: streams are decided from the lab's own measurements. */
const labParallelise: Rule = (context) => {
	const {workload, clouds} = context;
	const findings = clouds
		.map((cloud) => perFlowFinding(context, cloud))
		.filter((finding): finding is PerFlowFinding => finding !== null);
	if (findings.length === 0) return noLabMeasurement(context.view.probesOf('lab').length > 0);
	const cells = findings.flatMap((finding) => finding.cells);
	const evidence = cells.flatMap((cell) => [throughputFigure(cell, 'single'), throughputFigure(cell, 'aggregate')]);
	const capped = cells.filter((cell) => singleShare(cell) < noCeilingShare);
	if (capped.length === 0) {
		return {
			id: 'parallelise',
			verdict: 'not-needed',
			title: 'Parallel streams are not needed in the lab',
			why: `one flow reached ${listed(cells.map((cell) => percent(singleShare(cell))))} of the ${String(cells[0]?.streams ?? 8)}-stream figure (${listed(cells.map((cell) => label(cell, false)))})`,
			evidence,
		};
	}

	const needed = Math.max(...capped.map((cell) => cell.streams));
	const satisfied = workload.streams >= needed;
	return {
		id: 'parallelise',
		verdict: satisfied ? 'satisfied' : 'do',
		title: satisfied
			? `Your ${String(workload.streams)} parallel streams already collect the lab's aggregate`
			: `Open ${String(needed)} parallel streams, not ${String(workload.streams)}, in the lab`,
		why: `one flow got ${listed(capped.map((cell) => comparison(cell, false)))}`,
		evidence,
	};
};

export const parallelise: Rule = (context) =>
	context.sizing === null ? labParallelise(context) : modelParallelise(context, context.sizing);
