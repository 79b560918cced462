// A bigger NIC last: the recommended shape against the cheapest shape that carries more with the user's
// streams (same cloud, placement and options, the workload's constraints), or, when the recommendation is
// the dearer one, against the most a cheaper shape carries. When no shape carries more (the per-flow cap
// binds), the network-optimised shape is money for nothing. Pure.

import {gbps, rate, streamsLabel} from '../../domain/format.js';
import type {ShapeRecord} from '../../domain/model-types.js';
import {streamsOverVcpus, vcpusOf} from '../../sizing/cpu-note.js';
import {beyondSpread} from '../../sizing/resolution.js';
import {basisClause, measuredChange} from './basis.js';
import type {Lever, Outcome, StepDraft, WhatIfContext} from './context.js';
import {carried, type Delta, flowDelta, footingWord, meetsJobFlag, titleOf, whyOf} from './deltas.js';
import {leansOn, nearestPair, pairEvidence} from './nearest.js';

function published(record: ShapeRecord): number {
	return record.bandwidth.peakGbps ?? record.bandwidth.baselineGbps ?? record.flex?.maxGbps ?? 0;
}

const sameSetup = (subject: Outcome) => (outcome: Outcome) =>
	outcome.configuration.placement === subject.configuration.placement &&
	outcome.configuration.options.enaExpress === subject.configuration.options.enaExpress &&
	outcome.configuration.options.tier1 === subject.configuration.options.tier1 &&
	outcome.price !== null;

function deltas(from: Outcome, to: Outcome, streams: number): Delta[] {
	return [flowDelta(from.prediction, to.prediction, streams), {kind: 'price', from: from.price, to: to.price}];
}

/** The measured cell nearest a configuration's shape, at its placement, at the user's streams. */
function cellOf(context: WhatIfContext, outcome: Outcome) {
	const placement = outcome.configuration.placement;
	return nearestPair(context.evidence, outcome.record, placement, placement);
}

/** "c8gn.4xlarge", "VM.Standard.E4.Flex × 40 OCPUs": a Flex shape is its OCPU count. */
function shapeName(outcome: Outcome): string {
	const {shape, ocpus} = outcome.configuration;
	return ocpus === null ? shape : `${shape} × ${ocpus} OCPU${ocpus === 1 ? '' : 's'}`;
}

/** "c8gn.4xlarge over c8g.4xlarge"; one Flex shape against itself: "VM.Standard.E4.Flex × 40 OCPUs over 1". */
function overName(to: Outcome, from: Outcome): string {
	const {shape, ocpus} = from.configuration;
	const sameFlex = ocpus !== null && shape === to.configuration.shape;
	return `${shapeName(to)} over ${sameFlex ? String(ocpus) : shapeName(from)}`;
}

function step(
	context: WhatIfContext,
	verdict: StepDraft['verdict'],
	from: Outcome,
	to: Outcome,
	reason: string,
): StepDraft {
	const streams = context.workload.streams;
	const cells = [cellOf(context, from), cellOf(context, to)];
	const unmeasured = cells.find((pair) => pair === null || !pair.same);
	const footing = footingWord(from.prediction, to.prediction);
	const shapes = [...new Set(cells.flatMap((pair) => (pair === null ? [] : [pair.shape])))];
	const [fromCell, toCell] = unmeasured === undefined ? cells.map((pair) => pair?.from) : [];
	const measured = measuredChange(fromCell, toCell, streams);
	return {
		id: 'network-optimised-shape',
		verdict,
		title: titleOf(verdict === 'do' ? overName(to, from) : `bigger shape ${shapeName(to)}`, deltas(from, to, streams)),
		why: whyOf([
			reason,
			basisClause(context.workload, [from, to], measured),
			unmeasured === undefined ? footing : leansOn(unmeasured, footing),
		]),
		evidence: shapes.flatMap((shape) =>
			pairEvidence(cells.find((pair) => pair?.shape === shape) ?? null, streams, false).slice(0, 1),
		),
	};
}

/** Dollars per Gbps-hour with the user's streams; null when unpriced or carrying nothing known. */
function perGbps(outcome: Outcome, streams: number): number | null {
	const gbpsCarried = carried(outcome.prediction, streams);
	return outcome.price === null || gbpsCarried === null || gbpsCarried <= 0 ? null : outcome.price / gbpsCarried;
}

/** "c4a-highcpu-1 has 1 vCPU for 8 streams": the CPU risk the plan ranks after (DESIGN.md), or null. */
function cpuShort(outcome: Outcome): string | null {
	if (streamsOverVcpus(outcome.configuration, outcome.record) === null) return null;
	const vcpus = vcpusOf(outcome.configuration, outcome.record) ?? 0;
	const {streams} = outcome.configuration;
	return `${shapeName(outcome)} has ${String(vcpus)} vCPU${vcpus === 1 ? '' : 's'} for ${String(streams)} streams, a CPU risk`;
}

/** Why the recommendation over a cheaper configuration that carries less and meets any target. */
function whyDearer(subject: Outcome, cheaper: Outcome, streams: number): string {
	const [rate, cheaperRate] = [perGbps(subject, streams), perGbps(cheaper, streams)];
	// Gbps and price often scale together (a Flex shape's OCPUs; c8gn.2xlarge to c8gn.4xlarge): the cheaper one
	// costs as much per Gbps, so the reason is carrying more at that rate, not a better rate.
	if (rate !== null && cheaperRate !== null && Math.abs(rate - cheaperRate) <= rate * 0.005) {
		return `as cheap per Gbps as ${shapeName(cheaper)}, and carries more`;
	}
	// A better rate on too few vCPUs for the streams: the plan ranks that CPU risk after (DESIGN.md).
	const cpu = cpuShort(cheaper);
	const betterRate = rate !== null && cheaperRate !== null && cheaperRate < rate;
	if (betterRate && cpu !== null && cpuShort(subject) === null)
		return `${cpu}: the plan ranks it after shapes without one`;
	return `the best Gbps per dollar with ${streamsLabel(streams)}`;
}

/** Carries more with the user's streams, beyond the study's measurement spread. */
const more = (outcome: Outcome, than: Outcome, streams: number) =>
	beyondSpread(carried(than.prediction, streams) ?? 0, carried(outcome.prediction, streams) ?? 0);

export const networkOptimisedShape: Lever = (context) =>
	overCheaperShape(context) ?? biggerShape(context) ?? dearerForNothing(context);

/** The recommendation depends on its shape when a cheaper one carries less (or misses the target). */
function overCheaperShape(context: WhatIfContext): StepDraft | undefined {
	const {subject, workload} = context;
	const {streams, minGbps: target} = workload;
	const setup = sameSetup(subject);
	const price = subject.price;
	const cheaper =
		price === null
			? undefined
			: context.best(
					(o) => setup(o) && o.price !== null && o.price < price && o.prediction.aggregateGbps !== null,
					false,
					{cheaperThan: price},
				);
	if (cheaper === undefined || !more(subject, cheaper, streams)) return undefined;
	const misses = target !== null && (cheaper.prediction.aggregateGbps ?? 0) < target;
	const reason = misses
		? `${shapeName(cheaper)} tops out at ${rate(cheaper.prediction.aggregateGbps)}, short of your ${gbps(target)}`
		: whyDearer(subject, cheaper, streams);
	return step(context, 'do', cheaper, subject, reason);
}

/** The cheapest shape carrying more with the user's streams: worth it only short of the target. */
function biggerShape(context: WhatIfContext): StepDraft | undefined {
	const {subject, workload} = context;
	const {streams, minGbps: target} = workload;
	const setup = sameSetup(subject);
	const bigger = context.best((o) => setup(o) && more(o, subject, streams), true);
	if (bigger === undefined) return undefined;
	const met = target !== null && (subject.prediction.aggregateGbps ?? 0) >= target;
	const reach = target !== null && (bigger.prediction.aggregateGbps ?? 0) >= target;
	const reason = met
		? `${subject.configuration.shape} already meets your ${gbps(target)} Gbps`
		: target === null
			? 'only if you need more than the recommendation carries'
			: `comes closer to your ${gbps(target)} Gbps${reach ? ' and meets it' : ''}`;
	const drafted = step(context, met ? 'not-needed' : 'consider', subject, bigger, reason);
	return met ? drafted : {...drafted, ...meetsJobFlag(target, subject.prediction, bigger.prediction, context.pairs)};
}

/** Nothing carries more with these streams: a dearer shape with a bigger published figure buys nothing. */
function dearerForNothing(context: WhatIfContext): StepDraft | null {
	const {subject, workload} = context;
	const {streams} = workload;
	const setup = sameSetup(subject);
	const price = subject.price;
	const peak = published(subject.record);
	const dearer = price === null ? undefined : context.best((o) => setup(o) && published(o.record) > peak, true);
	if (dearer === undefined || (dearer.price ?? 0) <= (price ?? 0)) return null;
	return step(
		context,
		'avoid',
		subject,
		dearer,
		`money for nothing: the ${subject.prediction.bindingLimit === 'per-flow-cap' ? 'per-flow cap' : 'path'} binds with ${streamsLabel(streams)}, not the NIC`,
	);
}
