// network-optimised-shape: a bigger NIC last, and only for a data path that is really parallel.

import type {Candidate} from '../../sizing/rank.js';
import {referenceStreams, studyShapes} from '../catalogue.js';
import {present, throughputFigure} from '../evidence.js';
import {dollarsPerHour, gbps, percent} from '../format.js';
import type {Measurement} from '../types.js';
import type {Rule, StepDraft} from './context.js';
import {configurationName, deliveryWords} from './model-words.js';
import type {SizingView} from './sizing-view.js';

const general = studyShapes.awsGeneral;
const network = studyShapes.awsNetwork;

function draft(verdict: StepDraft['verdict'], title: string, why: string, evidence: StepDraft['evidence']): StepDraft {
	return {id: 'network-optimised-shape', verdict, title, why, evidence};
}

function premium(cheap: Measurement | undefined, dear: Measurement | undefined): string {
	const low = cheap?.pricePerHour ?? null;
	const high = dear?.pricePerHour ?? null;
	return low === null || high === null || low <= 0
		? 'more money'
		: `${percent(high / low - 1)} more money (${dollarsPerHour(high)} against ${dollarsPerHour(low)})`;
}

function times(over: number | null | undefined, under: number | null | undefined): string {
	return over === null || over === undefined || under === null || under === undefined || under <= 0
		? 'an unmeasured multiple'
		: `${(over / under).toPrecision(3)}x`;
}

/** The best configuration of one shape the workload allows (its placement, options and streams). */
function bestOf(view: SizingView, shape: string): Candidate | undefined {
	return view.best((candidate) => candidate.configuration.shape === shape && view.allowed(candidate), {
		cloud: 'aws',
		shape,
	});
}

function at(candidate: Candidate | undefined, streams: number): string {
	return candidate === undefined
		? 'nothing in scope'
		: `${configurationName(candidate)}: ${deliveryWords(candidate.prediction, streams)}`;
}

export const networkOptimisedShape: Rule = (context) => {
	const view = context.sizing;
	if (!context.clouds.includes('aws') || view === null) return null;
	const {workload} = context;
	const cells = context.view;
	const generalDefault = cells.cell('aws', general, 'default');
	const networkDefault = cells.cell('aws', network, 'default');
	const networkCluster = cells.cell('aws', network, 'cluster');
	const cheap = bestOf(view, general);
	const dear = bestOf(view, network);
	if (cheap === undefined || dear === undefined) return null;
	const cost = premium(generalDefault, networkDefault);
	const streams = workload.streams;
	const target = workload.minGbps;
	const cheapGbps = cheap.prediction.aggregateGbps ?? 0;
	const dearGbps = dear.prediction.aggregateGbps ?? 0;
	const evidence = present([
		generalDefault && throughputFigure(generalDefault, streams === 1 ? 'single' : 'aggregate'),
		networkDefault && throughputFigure(networkDefault, streams === 1 ? 'single' : 'aggregate'),
		networkCluster && throughputFigure(networkCluster, 'aggregate'),
	]);
	const advantage = `with ${String(streams)} stream${streams === 1 ? '' : 's'} ${at(dear, streams)} against ${at(cheap, streams)}; the study measured ${times(networkDefault?.aggregateGbps, generalDefault?.aggregateGbps)} ${general}'s aggregate at default with ${String(referenceStreams)} streams (${gbps(networkDefault?.aggregateGbps)} against ${gbps(generalDefault?.aggregateGbps)} Gbps) and ${times(networkCluster?.aggregateGbps, generalDefault?.aggregateGbps)} in a cluster group (${gbps(networkCluster?.aggregateGbps)})`;

	if (target !== null && view.meets(dear) && !view.meets(cheap)) {
		return draft(
			'do',
			`Move to ${network}: ${general} tops out at ${gbps(cheapGbps)} Gbps with ${String(streams)} streams`,
			`${advantage}, for ${cost}`,
			evidence,
		);
	}

	if (target !== null && view.meets(cheap)) {
		return draft(
			'avoid',
			`Stay on ${general}: it already covers ${gbps(target)} Gbps`,
			`${at(cheap, streams)}; ${network} would cost ${cost} for bandwidth you do not need`,
			evidence,
		);
	}

	if (dearGbps <= cheapGbps * 1.01) {
		const same = `one flow gets the same ${gbps(cheap.prediction.singleFlowGbps)} Gbps on ${general} and ${network}`;
		return draft(
			'avoid',
			`Do not buy ${network} for ${String(streams)} stream${streams === 1 ? '' : 's'}: it delivers no more than ${general}`,
			`${streams === 1 ? same : `${at(dear, streams)} against ${at(cheap, streams)}`}: ${cost}`,
			evidence,
		);
	}

	if (target !== null) {
		return draft(
			'consider',
			`${network} comes closer to ${gbps(target)} Gbps than ${general}, but neither reaches it with ${String(streams)} streams`,
			`${advantage}, for ${cost}`,
			evidence,
		);
	}

	return draft(
		'consider',
		`Consider ${network} only if you need more than ${gbps(cheapGbps)} Gbps`,
		`${advantage}, for ${cost}`,
		evidence,
	);
};
