// Small phrases the rules build from the model's answers: a configuration's name, its aggregate for the
// user's streams, the streams that collect what the instance carries. Figures are formatted, never typed.

import type {Candidate} from '../../sizing/rank.js';
import type {Prediction} from '../../sizing/types.js';
import {gbps} from '../format.js';
import type {Placement} from '../types.js';
import type {SizingView} from './sizing-view.js';

const placementPhrases: Readonly<Record<Placement, string>> = {
	default: 'at default placement',
	cluster: 'in a cluster group',
	spread: 'spread',
	partition: 'in a partition group',
	collocated: 'collocated',
};

export function placementPhrase(placement: Placement): string {
	return placementPhrases[placement];
}

/** "c8gn.4xlarge in a cluster group with ENA Express", "VM.Standard.E5.Flex at 20 OCPUs". */
export function configurationName(candidate: Candidate): string {
	const {configuration} = candidate;
	const ocpus = configuration.ocpus === null ? '' : ` at ${String(configuration.ocpus)} OCPUs`;
	const options = [configuration.options.enaExpress ? 'ENA Express' : '', configuration.options.tier1 ? 'Tier_1' : '']
		.filter((word) => word !== '')
		.join(' and ');
	return `${configuration.shape}${ocpus} ${placementPhrase(configuration.placement)}${options === '' ? '' : ` with ${options}`}`;
}

/** "38.12 Gbps (4 flows x 9.53, modelled)". */
export function deliveryWords(prediction: Prediction, streams: number): string {
	const flows =
		prediction.bindingLimit === 'per-flow-cap' && streams > 1
			? `${String(streams)} flows x ${gbps(prediction.singleFlowGbps)}, `
			: '';
	return `${gbps(prediction.aggregateGbps)} Gbps (${flows}${prediction.footing.aggregate})`;
}

/** Enough streams to reach any instance limit (the what-if's ceiling). */
export const plentyOfStreams = 4096;

/** What a configuration carries with as many streams as it takes. */
export function plateauOf(view: SizingView, candidate: Candidate): Prediction {
	return view.atStreams(candidate, plentyOfStreams);
}

/** The fewest streams that collect 99% of what the configuration carries. */
export function streamsToCollect(view: SizingView, candidate: Candidate): number {
	const ceiling = plateauOf(view, candidate).aggregateGbps ?? 0;
	const single = candidate.prediction.singleFlowGbps ?? 0;
	if (ceiling <= 0 || single <= 0) return 1;
	let streams = Math.max(1, Math.floor((0.99 * ceiling) / single));
	while (streams < plentyOfStreams && (view.atStreams(candidate, streams).aggregateGbps ?? 0) < 0.99 * ceiling)
		streams++;
	return streams;
}

/** "your 1 stream", "your 4 streams". */
export function streamsWords(streams: number): string {
	return `your ${String(streams)} stream${streams === 1 ? '' : 's'}`;
}
