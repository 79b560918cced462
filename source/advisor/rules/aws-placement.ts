// AWS placement: spread when correlated failure is the risk, cluster for single flows, latency or c8gn's 50 Gbps.

import {referenceStreams, studyShapes} from '../catalogue.js';
import {present, rttFigure, throughputFigure} from '../evidence.js';
import {factor, gbps, listed, ms, percent} from '../format.js';
import type {Measurement} from '../types.js';
import type {Rule, RuleContext, StepDraft} from './context.js';

interface PlacementPair {
	readonly shape: string;
	readonly from: Measurement;
	readonly to: Measurement;
}

/** Every AWS shape with figures at both placements, study shapes first. */
function pairs(context: RuleContext, to: 'cluster' | 'spread'): PlacementPair[] {
	const shapes = [
		...new Set([
			studyShapes.awsGeneral,
			studyShapes.awsNetwork,
			...context.view.cellsOf('aws').map((cell) => cell.shape),
		]),
	];
	return shapes.flatMap((shape) => {
		const fromCell = context.view.cell('aws', shape, 'default');
		const toCell = context.view.cell('aws', shape, to);
		return fromCell === undefined || toCell === undefined ? [] : [{shape, from: fromCell, to: toCell}];
	});
}

/** "4.96 -> 9.53 Gbps on c8g.4xlarge and c8gn.4xlarge", grouping shapes with identical figures. */
function singleFlowGain(list: readonly PlacementPair[]): string {
	const groups = new Map<string, string[]>();
	for (const pair of list) {
		if (pair.from.singleFlowGbps === null || pair.to.singleFlowGbps === null) {
			continue;
		}

		const key = `${gbps(pair.from.singleFlowGbps)} -> ${gbps(pair.to.singleFlowGbps)} Gbps (${factor(pair.to.singleFlowGbps / pair.from.singleFlowGbps)})`;
		groups.set(key, [...(groups.get(key) ?? []), pair.shape]);
	}

	const parts = [...groups].map(([gain, shapes]) => `${gain} on ${listed(shapes)}`);
	return parts.length === 0 ? 'no single-flow figures' : listed(parts);
}

function rttGain(list: readonly PlacementPair[]): string {
	const parts = list
		.filter((pair) => pair.from.rttMs !== null && pair.to.rttMs !== null)
		.map((pair) => `${ms(pair.from.rttMs)} -> ${ms(pair.to.rttMs)} ms on ${pair.shape}`);
	return parts.length === 0 ? 'no RTT figures' : listed(parts);
}

function singleFigures(list: readonly PlacementPair[]) {
	return present(list.flatMap((pair) => [throughputFigure(pair.from, 'single'), throughputFigure(pair.to, 'single')]));
}

function rttFigures(list: readonly PlacementPair[]) {
	return present(list.flatMap((pair) => [rttFigure(pair.from), rttFigure(pair.to)]));
}

export const spreadPlacement: Rule = (context) => {
	if (!context.clouds.includes('aws') || !context.workload.faultIsolation) {
		return null;
	}

	const list = pairs(context, 'spread');
	const costs = list
		.filter((pair) => pair.from.aggregateGbps !== null && pair.to.aggregateGbps !== null)
		.map((pair) => {
			const loss = 1 - (pair.to.aggregateGbps ?? 0) / (pair.from.aggregateGbps ?? 1);
			const figures = `${gbps(pair.to.aggregateGbps)} against ${gbps(pair.from.aggregateGbps)} Gbps`;
			return Math.abs(loss) < 0.01
				? `nothing measurable on ${pair.shape} (${figures})`
				: `about ${percent(loss)} of aggregate on ${pair.shape} (${figures})`;
		});
	const single = list.find((pair) => pair.to.singleFlowGbps !== null);
	const singleClause =
		single === undefined ? '' : `; no single-flow gain (${gbps(single.to.singleFlowGbps)} Gbps, as at default)`;
	return {
		id: 'spread-placement',
		verdict: 'do',
		title: 'Use a spread placement group: hardware fault isolation for little bandwidth',
		why: `spread costs ${costs.length === 0 ? 'an unmeasured amount' : listed(costs)}${singleClause}`,
		evidence: present(
			list.flatMap((pair) => [throughputFigure(pair.from, 'aggregate'), throughputFigure(pair.to, 'aggregate')]),
		),
	};
};

function clusterDraft(
	verdict: StepDraft['verdict'],
	title: string,
	why: string,
	evidence: StepDraft['evidence'],
): StepDraft {
	return {id: 'cluster-placement', verdict, title, why, evidence};
}

export const clusterPlacement: Rule = (context) => {
	if (!context.clouds.includes('aws')) {
		return null;
	}

	const {workload, view} = context;
	const list = pairs(context, 'cluster');
	const general = list.filter((pair) => pair.shape === studyShapes.awsGeneral);
	if (workload.faultIsolation) {
		return clusterDraft(
			'avoid',
			'Avoid a cluster placement group: it gives up the fault isolation you need',
			`a cluster group is single-AZ and packs hosts together; it would have bought one flow ${singleFlowGain(list)} and RTT ${rttGain(general)}`,
			[...singleFigures(list), ...rttFigures(general)],
		);
	}

	if (workload.streams < referenceStreams) {
		return clusterDraft(
			'do',
			'Use a cluster placement group for single-flow work',
			`one flow went ${singleFlowGain(list)}; free in dollars, but single-AZ with no hardware isolation`,
			singleFigures(list),
		);
	}

	if (workload.latencySensitive) {
		return clusterDraft(
			'do',
			'Use a cluster placement group for latency',
			`RTT fell ${rttGain(list)}; single-AZ with no hardware isolation`,
			rttFigures(list),
		);
	}

	const networkDefault = view.cell('aws', studyShapes.awsNetwork, 'default');
	const networkCluster = view.cell('aws', studyShapes.awsNetwork, 'cluster');
	const defaultAggregate = networkDefault?.aggregateGbps ?? null;
	if (workload.minGbps !== null && defaultAggregate !== null && workload.minGbps > defaultAggregate && networkCluster) {
		const best = networkCluster.aggregateGbps;
		const published = networkCluster.publishedGbps;
		const share = best !== null && published !== null ? ` (${percent(best / published, 1)} of ${gbps(published)})` : '';
		const short =
			best !== null && workload.minGbps > best ? `; even that is short of your ${gbps(workload.minGbps)} Gbps` : '';
		return clusterDraft(
			'do',
			`Use a cluster placement group: ${studyShapes.awsNetwork} needs it to pass ${gbps(defaultAggregate)} Gbps`,
			`${studyShapes.awsNetwork} reached ${gbps(best)} Gbps${share} only in a cluster group, against ${gbps(defaultAggregate)} at default${short}`,
			present(
				networkDefault
					? [throughputFigure(networkDefault, 'aggregate'), throughputFigure(networkCluster, 'aggregate')]
					: [],
			),
		);
	}

	const flat = general[0];
	return clusterDraft(
		'consider',
		'Consider a cluster placement group: it buys latency, not bandwidth, at your stream count',
		flat === undefined
			? `with ${String(workload.streams)} streams the aggregate does not depend on placement in the evidence`
			: `with ${String(flat.from.streams)} streams ${flat.shape} got ${gbps(flat.from.aggregateGbps)} Gbps at default and ${gbps(flat.to.aggregateGbps)} in a cluster group; RTT ${rttGain(general)}`,
		flat === undefined
			? []
			: present([
					throughputFigure(flat.from, 'aggregate'),
					throughputFigure(flat.to, 'aggregate'),
					rttFigure(flat.from),
					rttFigure(flat.to),
				]),
	);
};
