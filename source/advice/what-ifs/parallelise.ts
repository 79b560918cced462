// Streams first: what more connections would buy on the recommended configuration, if the software could
// open them. The user's stream count stays the search's constraint; this step says what parallelising the
// data path is worth (free on the bill), and how far one flow already goes. Pure.

import {requestBounds} from '../../domain/bounds.js';
import {present, throughputFigure} from '../../domain/evidence.js';
import {percent, rate, streamsLabel} from '../../domain/format.js';
import {basisClause} from './basis.js';
import type {Lever, Outcome, StepDraft, WhatIfContext} from './context.js';
import {footingWord, meetsJobFlag, noCeilingShare, titleOf, whyOf} from './deltas.js';
import {leansOn, nearestPair} from './nearest.js';

/** Enough streams to reach any instance limit: the most a workload takes (the bounds table's --streams). */
export const plentyOfStreams = requestBounds.workloadStreams.max;

/** The fewest streams that collect 99% of what the configuration carries with plenty. */
function streamsToCollect(context: WhatIfContext, plateau: number): number {
	const single = context.subject.prediction.singleFlowGbps ?? 0;
	if (plateau <= 0 || single <= 0) return 1;
	let streams = Math.max(1, Math.floor((0.99 * plateau) / single));
	const at = (count: number) => context.change({streams: count}).prediction.aggregateGbps ?? 0;
	while (streams < plentyOfStreams && at(streams) < 0.99 * plateau) streams++;
	return streams;
}

function evidenceOf(context: WhatIfContext) {
	const {subject} = context;
	const pair = nearestPair(
		context.evidence,
		subject.record,
		subject.configuration.placement,
		subject.configuration.placement,
	);
	const cell = pair?.from;
	return {
		pair,
		figures: cell === undefined ? [] : present([throughputFigure(cell, 'single'), throughputFigure(cell, 'aggregate')]),
	};
}

export const parallelise: Lever = (context) => {
	const {subject, workload} = context;
	const most: Outcome = context.change({streams: plentyOfStreams});
	const plateau = most.prediction.aggregateGbps;
	const single = subject.prediction.singleFlowGbps;
	if (plateau === null || single === null || plateau <= 0) return null;
	const needed = streamsToCollect(context, plateau);
	const {pair, figures} = evidenceOf(context);
	const footing = whyOf([
		basisClause(workload, [subject]),
		leansOn(pair, footingWord(subject.prediction, most.prediction)),
	]);
	const facts: StreamFacts = {streams: workload.streams, needed, single, plateau, footing, figures};
	const ceiling = single < noCeilingShare * plateau;
	return needed <= facts.streams || !ceiling ? enoughStreams(context, facts, ceiling) : moreStreams(context, facts);
};

/** What the streams lever works from: the user's streams, the fewest that collect the plateau, one flow's share. */
interface StreamFacts {
	readonly streams: number;
	readonly needed: number;
	readonly single: number;
	readonly plateau: number;
	readonly footing: string;
	readonly figures: StepDraft['evidence'];
}

/** The user's streams already collect it (`ceiling`), or one flow nearly fills the shape: nothing to do. */
function enoughStreams(context: WhatIfContext, facts: StreamFacts, ceiling: boolean): StepDraft {
	const {subject} = context;
	const {streams, needed, single, plateau} = facts;
	const shape = subject.configuration.shape;
	return {
		id: 'parallelise',
		verdict: ceiling ? 'satisfied' : 'not-needed',
		title: ceiling
			? `parallel streams: your ${String(streams)} collect ${rate(subject.prediction.aggregateGbps)}, all ${shape} carries`
			: `parallel streams: one flow carries ${rate(single)}, ${percent(single / plateau)} of what many carry on ${shape}`,
		why: whyOf([
			ceiling
				? `one flow gets ${rate(single)} (${percent(single / plateau)}): ${streamsLabel(needed)} collect it`
				: plateau - single >= 0.005
					? `more connections add at most ${rate(plateau - single)}: one flow nearly fills ${shape}`
					: 'more connections add nothing: one flow fills it',
			facts.footing,
		]),
		evidence: facts.figures,
	};
}

/** More streams than the user's would collect more: from how many to how many, and what that carries. */
function moreStreams(context: WhatIfContext, facts: StreamFacts): StepDraft {
	const {subject} = context;
	const {streams, needed, single, plateau} = facts;
	const now = context.change({streams: needed});
	return {
		id: 'parallelise',
		verdict: 'consider',
		title: titleOf('parallel streams', [
			{kind: 'streams', from: streams, to: needed},
			{
				kind: 'flow',
				streams: null,
				from: subject.prediction.aggregateGbps,
				to: now.prediction.aggregateGbps,
				fromBound: subject.prediction.footing.aggregate === 'bound',
				toBound: now.prediction.footing.aggregate === 'bound',
			},
		]),
		why: whyOf([
			`if the data path could open ${String(needed)}: free; one flow gets ${rate(single)} (${percent(single / plateau)}) on ${subject.configuration.shape}`,
			facts.footing,
		]),
		evidence: facts.figures,
		...meetsJobFlag(context.workload.minGbps, subject.prediction, now.prediction, context.pairs),
	};
}
