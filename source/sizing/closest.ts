// When nothing meets the target: what would be needed. Each hint relaxes one thing the user chose (more
// streams; a placement fault isolation or a pin ruled out; an option pinned off; a shape outside `--shape`)
// and names the cheapest configuration that would then meet it. Pure.

import {requestBounds} from '../domain/bounds.js';
import type {EvidenceView} from '../domain/evidence.js';
import {listed, rate, streamsLabel} from '../domain/format.js';
import type {ClosestHint, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {enumerate} from './enumerate.js';
import {predict} from './model.js';
import {plannedHosts} from './planned-hosts.js';
import {type Candidate, compareCandidates, firstBy, meets} from './rank.js';
import {reaches} from './resolution.js';
import {spanOf} from './transfer.js';

type Need = ClosestHint['needs'][number];

const needWords: Readonly<Record<Need['kind'], string>> = {
	streams: 'more streams',
	placement: 'another placement',
	option: 'ENA Express or Tier_1',
	shape: 'a larger shape',
};

/** Enough streams to find any configuration's instance limit: the most a workload takes (the bounds table's --streams). */
const plentyOfStreams = requestBounds.workloadStreams.max;

function named(candidate: Candidate): string {
	const {configuration} = candidate;
	const ocpus = configuration.ocpus === null ? '' : ` at ${String(configuration.ocpus)} OCPUs`;
	const ena = candidate.record.enaExpress === null ? 'ENA Express (support unknown)' : 'ENA Express';
	const options = [configuration.options.enaExpress ? ena : '', configuration.options.tier1 ? 'Tier_1' : '']
		.filter((word) => word !== '')
		.join(' and ');
	return `${configuration.cloud} ${configuration.shape}${ocpus} ${configuration.placement}${options === '' ? '' : ` with ${options}`}`;
}

function cheapestMeeting(candidates: readonly Candidate[], target: number): Candidate | undefined {
	return firstBy(
		candidates,
		(a, b) => compareCandidates(a, b, target),
		1,
		(candidate) => meets(candidate, target),
	)[0];
}

function withStreams(candidate: Candidate, streams: number, workload: Workload, evidence: EvidenceView): Candidate {
	const configuration = {...candidate.configuration, streams};
	const prediction = predict(configuration, workload.path, candidate.record, {
		evidence,
		span: spanOf(workload),
		region: workload.region,
		hosts: plannedHosts(workload),
		explain: false,
	});
	const {record, price, unknownFacts} = candidate;
	return {configuration, record, prediction, price, ...(unknownFacts === undefined ? {} : {unknownFacts})};
}

/** The fewest streams with which some configuration meets the target, and that configuration. */
function moreStreams(candidates: readonly Candidate[], workload: Workload, evidence: EvidenceView, target: number) {
	let best: {streams: number; candidate: Candidate} | undefined;
	for (const candidate of candidates) {
		const single = candidate.prediction.singleFlowGbps;
		if (single === null || single <= 0) continue;
		if (!reaches(withStreams(candidate, plentyOfStreams, workload, evidence).prediction.aggregateGbps ?? 0, target))
			continue;
		let streams = Math.max(workload.streams + 1, Math.ceil(target / single));
		let found = withStreams(candidate, streams, workload, evidence);
		while (!meets(found, target) && streams < plentyOfStreams) {
			streams++;
			found = withStreams(candidate, streams, workload, evidence);
		}

		const better =
			best === undefined ||
			streams < best.streams ||
			(streams === best.streams && compareCandidates(found, best.candidate, target) < 0);
		if (meets(found, target) && better) best = {streams, candidate: found};
	}

	return best;
}

function relaxed(
	kind: Need['kind'],
	change: Partial<Workload>,
	what: string,
	context: {workload: Workload; shapes: readonly ShapeRecord[]; evidence: EvidenceView; target: number},
): Need | null {
	const found = cheapestMeeting(
		enumerate({...context.workload, ...change}, context.shapes, context.evidence),
		context.target,
	);
	if (found === undefined) return null;
	const uses = found.configuration.options.enaExpress || found.configuration.options.tier1;
	return {
		kind: kind === 'shape' && uses ? 'option' : kind,
		detail: `${what}: ${named(found)} reaches ${rate(found.prediction.aggregateGbps)}`,
	};
}

type RelaxContext = Parameters<typeof relaxed>[3];

export function closestHint(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	candidates: readonly Candidate[],
): ClosestHint | null {
	const target = workload.minGbps;
	if (target === null) return null;
	const needs = needsFor(workload, evidence, candidates, {workload, shapes, evidence, target});
	const [best] = firstBy(candidates, (a, b) => compareCandidates(a, b, target));
	const flows = `${streamsLabel(workload.streams)}`;
	const most =
		best === undefined
			? 'nothing in scope fits the constraints'
			: best.prediction.aggregateGbps === null
				? `no source gives a figure for what ${named(best)} carries (unknown, not too little)`
				: `the most is ${best.prediction.footing.aggregate === 'bound' ? 'at least ' : ''}${rate(best.prediction.aggregateGbps)} (${named(best)})`;
	const needed =
		needs.length === 0
			? 'no change within reach meets it'
			: `it would take ${listed([...new Set(needs.map((need) => needWords[need.kind]))])}`;
	return {text: `Nothing meets ${rate(target)} with ${flows}: ${most}; ${needed}.`, needs};
}

/** Each change within reach that would meet the target: more streams, then each constraint relaxed in turn. */
function needsFor(
	workload: Workload,
	evidence: EvidenceView,
	candidates: readonly Candidate[],
	context: RelaxContext,
): Need[] {
	const needs: Need[] = [];
	const streams = moreStreams(candidates, workload, evidence, context.target);
	if (streams !== undefined) {
		needs.push({
			kind: 'streams',
			detail: `${String(streams.streams)} streams: ${named(streams.candidate)} reaches ${rate(streams.candidate.prediction.aggregateGbps)}`,
		});
	}

	if (workload.faultIsolation || workload.placement !== null) {
		const why = workload.faultIsolation ? 'another placement, giving up fault isolation' : 'another placement';
		needs.push(
			...[relaxed('placement', {faultIsolation: false, placement: null}, why, context)].filter((need) => need !== null),
		);
	}

	if (workload.enaExpress === false || workload.tier1 === false) {
		const option = relaxed('option', {enaExpress: null, tier1: null}, 'the options you turned off', context);
		if (option !== null) needs.push(option);
	}

	if (workload.shapes.length > 0) {
		const shape = relaxed('shape', {shapes: []}, 'a shape outside your list', context);
		if (shape !== null) needs.push(shape);
	}

	return needs;
}
