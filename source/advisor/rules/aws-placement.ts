// AWS placement: spread when correlated failure is the risk, cluster for single flows, latency or c8gn's 50 Gbps.

import type {WalkScope} from '../../sizing/lazy-candidates.js';
import type {Candidate} from '../../sizing/rank.js';
import {studyShapes} from '../catalogue.js';
import {present, rttFigure, throughputFigure} from '../evidence.js';
import {factor, gbps, listed, ms, percent} from '../format.js';
import type {Measurement} from '../types.js';
import type {Rule, RuleContext, StepDraft} from './context.js';
import {configurationName, deliveryWords, streamsWords} from './model-words.js';
import type {SizingView} from './sizing-view.js';

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

function aggregateFigures(list: readonly PlacementPair[]) {
	return present(
		list.flatMap((pair) => [throughputFigure(pair.from, 'aggregate'), throughputFigure(pair.to, 'aggregate')]),
	);
}

function rttFigures(list: readonly PlacementPair[]) {
	return present(list.flatMap((pair) => [rttFigure(pair.from), rttFigure(pair.to)]));
}

const isAws = (candidate: Candidate) => candidate.configuration.cloud === 'aws';
/** The walk scope of every AWS question (the filters test the cloud too). */
const aws: WalkScope = {cloud: 'aws'};
const liftIsolation = {faultIsolation: false, placement: null} as const;

/** " (99.5% of 50 published)": the aggregate against the shape's published peak. */
function ofPublished(candidate: Candidate): string {
	const published = candidate.record.bandwidth.peakGbps;
	const aggregate = candidate.prediction.aggregateGbps;
	return published === null || aggregate === null || published <= 0
		? ''
		: ` (${percent(aggregate / published, 1)} of ${gbps(published)} published)`;
}

/** "; short of your 30 Gbps" when a target is set and the figure is under it. */
function shortOf(aggregate: number | null | undefined, target: number | null): string {
	return target !== null && (aggregate ?? 0) < target ? `; short of your ${gbps(target)} Gbps` : '';
}

export const spreadPlacement: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('aws') || !context.workload.faultIsolation || view === null) return null;
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
	const best = view.best((candidate) => isAws(candidate) && view.allowed(candidate), aws);
	const yours =
		best === undefined
			? ''
			: `; with ${streamsWords(context.workload.streams)} ${configurationName(best)} gives ${deliveryWords(best.prediction, context.workload.streams)}${shortOf(best.prediction.aggregateGbps, context.workload.minGbps)}`;
	return {
		id: 'spread-placement',
		verdict: 'do',
		title: 'Use a spread placement group: hardware fault isolation for little bandwidth',
		why: `spread costs ${costs.length === 0 ? 'an unmeasured amount' : listed(costs)}${singleClause}${yours}`,
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

/** What a cluster group does for the user's own streams on the same shape as their best configuration. */
function clusterGain(view: SizingView, best: Candidate | undefined): string {
	if (best === undefined) return '';
	const inCluster = view
		.ofShape(best.configuration.cloud, best.configuration.shape)
		.find(
			(candidate) =>
				candidate.configuration.shape === best.configuration.shape &&
				candidate.configuration.placement === 'cluster' &&
				candidate.configuration.ocpus === best.configuration.ocpus &&
				candidate.configuration.options.enaExpress === best.configuration.options.enaExpress,
		);
	if (inCluster === undefined || best.configuration.placement === 'cluster') return '';
	if ((inCluster.prediction.aggregateGbps ?? 0) <= 1.01 * (best.prediction.aggregateGbps ?? 0)) return '';
	const streams = best.configuration.streams;
	return `; with ${streamsWords(streams)} ${best.configuration.shape} goes ${gbps(best.prediction.aggregateGbps)} -> ${deliveryWords(inCluster.prediction, streams)}`;
}

export const clusterPlacement: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('aws') || view === null) return null;
	const {workload} = context;
	const target = workload.minGbps;
	const list = pairs(context, 'cluster');
	const general = list.filter((pair) => pair.shape === studyShapes.awsGeneral);
	const inCluster = view.bestWith(liftIsolation, isAws, {cloud: 'aws', cluster: true});
	const outside = view.bestWith({}, isAws, {cloud: 'aws', cluster: false});
	const overall = view.bestWith(liftIsolation, isAws, aws);
	const clusterOnly = view.meets(inCluster) && !view.meets(outside);
	const withCluster =
		inCluster === undefined
			? ''
			: `${configurationName(inCluster)} gives ${deliveryWords(inCluster.prediction, workload.streams)}`;
	const without =
		outside === undefined
			? 'nothing'
			: `${gbps(outside.prediction.aggregateGbps)} Gbps (${configurationName(outside)})`;
	if (workload.faultIsolation) {
		if (clusterOnly && target !== null) {
			return clusterDraft(
				'consider',
				`Only a cluster placement group reaches ${gbps(target)} Gbps with ${String(workload.streams)} streams, and it gives up fault isolation`,
				`${withCluster}; with fault isolation the most is ${without}: choose between the target and isolation`,
				singleFigures(list),
			);
		}

		return clusterDraft(
			'avoid',
			'Avoid a cluster placement group: it gives up the fault isolation you need',
			`a cluster group is single-AZ and packs hosts together; it would have bought one flow ${singleFlowGain(list)} and RTT ${rttGain(general)}`,
			[...singleFigures(list), ...rttFigures(general)],
		);
	}

	const price = (candidate: Candidate | undefined) => candidate?.price.perHour ?? Number.POSITIVE_INFINITY;
	const clusterNeeded =
		target !== null &&
		inCluster !== undefined &&
		overall === inCluster &&
		(view.meets(inCluster)
			? !view.meets(outside) || price(inCluster) < price(outside)
			: (inCluster.prediction.aggregateGbps ?? 0) > (outside?.prediction.aggregateGbps ?? 0));
	if (clusterNeeded && inCluster !== undefined && target !== null) {
		const how = view.meets(inCluster)
			? clusterOnly
				? `it is the only way to reach ${gbps(target)} Gbps with ${String(workload.streams)} streams`
				: `it is the cheapest way to reach ${gbps(target)} Gbps with ${String(workload.streams)} streams`
			: `it comes closest to ${gbps(target)} Gbps with ${String(workload.streams)} streams`;
		return clusterDraft(
			'do',
			`Use a cluster placement group: ${how}`,
			`${withCluster}${ofPublished(inCluster)}${shortOf(inCluster.prediction.aggregateGbps, target)}; outside a cluster group: ${without}; single-AZ, no hardware isolation`,
			[...singleFigures(list), ...aggregateFigures(list)],
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

	const gain = clusterGain(view, outside);
	if (gain !== '' && workload.path === 'same-zone') {
		return clusterDraft(
			'do',
			workload.streams === 1
				? 'Use a cluster placement group for single-flow work'
				: `Use a cluster placement group: it lifts your ${String(workload.streams)} streams`,
			`one flow went ${singleFlowGain(list)}${gain}; free in dollars, but single-AZ with no hardware isolation`,
			singleFigures(list),
		);
	}

	const flat = general[0];
	return clusterDraft(
		workload.path === 'same-zone' ? 'consider' : 'not-needed',
		workload.path === 'same-zone'
			? 'Consider a cluster placement group: it buys latency, not bandwidth, at your stream count'
			: `A cluster placement group does not apply to a ${workload.path} path: it is single-AZ`,
		flat === undefined
			? `with ${String(workload.streams)} streams the aggregate does not depend on placement`
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
