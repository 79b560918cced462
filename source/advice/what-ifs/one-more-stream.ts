// Near misses (DESIGN.md "The plan (model v3)"): a plan short of the target by less than one stream's worth
// is offered as "one more stream" beside the bigger box (and, where --max-pairs held the plan, a pair more). Two cases: the card meets the target only within
// the study's 1.2% spread (one more stream clears it); or a cheaper configuration on the card's cloud falls
// short by less than one flow, and one more stream would make it meet for less. Free on the bill, if the
// data path can open it. Pure.

import {dollarsPerHour, gbps, rate, round, streamsLabel} from '../../domain/format.js';
import {measurementSpread, reaches} from '../../sizing/resolution.js';
import type {Lever, Outcome, StepDraft, WhatIfContext} from './context.js';
import {flowDelta, footingWord, titleOf, whyOf} from './deltas.js';

const aggregateOf = (outcome: Outcome) => outcome.prediction.aggregateGbps ?? 0;
const spreadText = `${String(round(measurementSpread * 100, 1))}%`;

/**
 * The card is short of the target by less than one flow, or meets it only within the spread: one more
 * stream clears it, beside the bigger box that clears it with the user's streams.
 */
function oneMoreOnTheCard(context: WhatIfContext, target: number): StepDraft | null {
	const {subject, workload} = context;
	const streams = workload.streams;
	const now = aggregateOf(subject);
	if (now >= target || now + (subject.prediction.singleFlowGbps ?? 0) < target) return null;
	const more = context.change({streams: streams + 1});
	if (aggregateOf(more) < target) return null;
	const price = subject.price;
	const bigger = context.best(
		(o) => aggregateOf(o) >= target && o.price !== null && (price === null || o.price > price),
		true,
	);
	const within = reaches(now, target);
	const pairs = context.pairs;
	// The plan stops at --max-pairs: one more pair is the other free-of-software way to clear it.
	const anotherPair = !within && pairs >= workload.maxPairs && reaches((pairs + 1) * now, target);
	return {
		id: 'one-more-stream',
		verdict: 'consider',
		title: titleOf('one more stream', [
			{kind: 'streams', from: streams, to: streams + 1},
			flowDelta(subject.prediction, more.prediction, streams + 1, null),
		]),
		why: whyOf([
			within
				? `meets your ${gbps(target)} Gbps only within the study's ${spreadText} spread`
				: `${rate(target - now)} short of your ${gbps(target)}, less than one flow`,
			`free if the data path can open ${String(streams + 1)}`,
			anotherPair &&
				`or a ${pairs === 1 ? 'second pair of hosts' : 'pair of hosts more'} (--max-pairs ${String(pairs + 1)}): ${gbps((pairs + 1) * now)} Gbps at ${String(pairs + 1)}x the hosts' price`,
			bigger !== undefined &&
				`else ${bigger.configuration.shape} at ${dollarsPerHour(bigger.price ?? 0)} with ${String(streams)}`,
			footingWord(subject.prediction, more.prediction),
		]),
		evidence: [],
		...(within ? {} : {meetsJob: true as const}),
	};
}

/** A cheaper configuration short by less than one flow: one more stream on it meets the target for less. */
function cheaperWithOneMore(context: WhatIfContext, target: number): StepDraft | null {
	const {subject, workload} = context;
	const streams = workload.streams;
	const price = subject.price;
	if (price === null) return null;
	const short = (o: Outcome) => {
		const single = o.prediction.singleFlowGbps ?? 0;
		return !reaches(aggregateOf(o), target) && aggregateOf(o) + single >= target;
	};
	const cheaper = context.best((o) => o.price !== null && o.price < price && short(o), true, {cheaperThan: price});
	if (cheaper === undefined) return null;
	const more = context.outcome({...cheaper.configuration, streams: streams + 1}, cheaper.record);
	if (!reaches(aggregateOf(more), target) || more.price === null || more.price >= price) return null;
	const shape = cheaper.configuration.shape;
	return {
		id: 'one-more-stream',
		verdict: 'consider',
		title: titleOf(`one more stream on ${shape}`, [
			{kind: 'streams', from: streams, to: streams + 1},
			flowDelta(cheaper.prediction, more.prediction, streams + 1, null),
			{kind: 'price', from: price, to: more.price},
		]),
		why: whyOf([
			`${shape} is ${rate(target - aggregateOf(cheaper))} short of your ${gbps(target)} with ${streamsLabel(streams)}: if the data path can open ${String(streams + 1)}, it meets it for less`,
			footingWord(cheaper.prediction, more.prediction),
		]),
		evidence: [],
		meetsJob: true,
	};
}

export const oneMoreStream: Lever = (context) => {
	const target = context.workload.minGbps;
	if (target === null || target <= 0 || context.workload.cloud === 'lab') return null;
	return oneMoreOnTheCard(context, target) ?? cheaperWithOneMore(context, target);
};
