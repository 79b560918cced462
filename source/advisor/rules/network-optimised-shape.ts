// network-optimised-shape: a bigger NIC last, and only for a data path that is really parallel.

import {referenceStreams, studyShapes} from '../catalogue.js';
import {present, throughputFigure} from '../evidence.js';
import {dollarsPerHour, gbps, percent} from '../format.js';
import type {Measurement} from '../types.js';
import type {Rule, StepDraft} from './context.js';

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

export const networkOptimisedShape: Rule = (context) => {
	if (!context.clouds.includes('aws')) {
		return null;
	}

	const {workload, view} = context;
	const generalDefault = view.cell('aws', general, 'default');
	const networkDefault = view.cell('aws', network, 'default');
	const networkCluster = view.cell('aws', network, 'cluster');
	const cost = premium(generalDefault, networkDefault);

	if (workload.streams < referenceStreams) {
		const same = generalDefault?.singleFlowGbps === networkDefault?.singleFlowGbps;
		const singles = same
			? `one flow gets the same ${gbps(generalDefault?.singleFlowGbps)} Gbps on ${general} and ${network}`
			: `one flow gets ${gbps(networkDefault?.singleFlowGbps)} Gbps on ${network} against ${gbps(generalDefault?.singleFlowGbps)} on ${general}`;
		return draft(
			'avoid',
			`Do not buy ${network} for fewer than ${String(referenceStreams)} streams`,
			`${singles}: ${cost}`,
			present([
				generalDefault && throughputFigure(generalDefault, 'single'),
				networkDefault && throughputFigure(networkDefault, 'single'),
			]),
		);
	}

	const generalBest = Math.max(
		...view
			.cellsOf('aws')
			.filter((cell) => cell.shape === general)
			.map((cell) => cell.aggregateGbps ?? 0),
		0,
	);
	const evidence = present([
		generalDefault && throughputFigure(generalDefault, 'aggregate'),
		networkDefault && throughputFigure(networkDefault, 'aggregate'),
		networkCluster && throughputFigure(networkCluster, 'aggregate'),
	]);
	const advantage = `${times(networkDefault?.aggregateGbps, generalDefault?.aggregateGbps)} ${general}'s aggregate at default (${gbps(networkDefault?.aggregateGbps)} against ${gbps(generalDefault?.aggregateGbps)} Gbps) and ${times(networkCluster?.aggregateGbps, generalDefault?.aggregateGbps)} in a cluster group (${gbps(networkCluster?.aggregateGbps)})`;

	if (workload.minGbps !== null && workload.minGbps > generalBest) {
		const best = networkCluster?.aggregateGbps ?? null;
		const short =
			best !== null && workload.minGbps > best ? `; even that is short of your ${gbps(workload.minGbps)} Gbps` : '';
		return draft(
			'do',
			`Move to ${network}: ${general} tops out at ${gbps(generalBest)} Gbps`,
			`with ${String(workload.streams)} streams ${network} gives ${advantage}, for ${cost}${short}`,
			evidence,
		);
	}

	if (workload.minGbps !== null) {
		return draft(
			'avoid',
			`Stay on ${general}: it already covers ${gbps(workload.minGbps)} Gbps`,
			`${general} delivers ${gbps(generalBest)} Gbps with ${String(referenceStreams)} streams; ${network} would cost ${cost} for bandwidth you do not need`,
			evidence,
		);
	}

	return draft(
		'consider',
		`Consider ${network} only if you need more than ${gbps(generalBest)} Gbps`,
		`with ${String(workload.streams)} streams ${network} gives ${advantage}, for ${cost}`,
		evidence,
	);
};
