// Prose from deltas: a step's title is a label and the figures that change (the recommendation, then the
// recommendation with one change), its why the trade-offs and the footing. One template for every lever:
// `cluster placement group: one flow 4.96 → 9.53 Gbps (1.92×), RTT 0.170 → 0.072 ms`. Pure.

import {dollars, dollarsPerHour, gbps, ms, rate, round, roundGbps} from '../../domain/format.js';
import type {Footing, Prediction} from '../../domain/model-types.js';
import {beyondSpread, reaches, withinSpread} from '../../sizing/resolution.js';

export type Delta =
	/** Throughput with a number of streams ("one flow", "8 streams"; null: said just before, no label). */
	| {
			readonly kind: 'flow';
			readonly streams: number | null;
			readonly from: number | null;
			readonly to: number | null;
			/** `from` / `to` is a lower bound only (footing `bound`): "at least 15.5 Gbps". */
			readonly fromBound?: boolean;
			readonly toBound?: boolean;
	  }
	| {readonly kind: 'rtt'; readonly from: number | null; readonly to: number | null}
	| {readonly kind: 'price'; readonly from: number | null; readonly to: number | null}
	| {readonly kind: 'streams'; readonly from: number; readonly to: number};

/** "1.92×" for a gain, "−4%" for a loss, "" when equal within the study's measurement spread. */
export function ratio(from: number, to: number): string {
	if (from <= 0 || withinSpread(from, to)) return '';
	if (to >= from) return `${String(round(to / from, to / from >= 10 ? 1 : 2))}×`;
	return `−${String(Math.max(1, Math.round((1 - to / from) * 100)))}%`;
}

function flowLabel(streams: number | null): string {
	if (streams === null) return '';
	return streams === 1 ? 'one flow ' : `${String(streams)} streams `;
}

/** Below 0.1 Gbps a figure is written in Mbps, with its unit on each side of the arrow. */
const small = (value: number | null): boolean => value !== null && value > 0 && value < 0.1;

/** "at least 15.5" for a bound, else the figure; "3.49 Mbps" with its unit when `unit`. */
function figure(value: number | null, bound: boolean | undefined, unit = false): string {
	return `${bound === true && value !== null ? 'at least ' : ''}${unit ? rate(value) : gbps(value)}`;
}

/**
 * The change as a factor, said only as far as the figures hold it: none when `from` is a bound (the change
 * is unknown), "≥16.3×" when only `to` is one and it gains, none when such a `to` loses.
 */
function factorText(delta: Extract<Delta, {kind: 'flow'}>, from: number, to: number): string {
	const factor = ratio(from, to);
	if (factor === '' || delta.fromBound === true) return '';
	if (delta.toBound !== true) return ` (${factor})`;
	return to >= from ? ` (≥${factor})` : '';
}

function flowText(delta: Extract<Delta, {kind: 'flow'}>): string {
	const label = flowLabel(delta.streams);
	const {from, to, fromBound, toBound} = delta;
	const units = small(from) || small(to);
	const gbpsAfter = units ? '' : ' Gbps';
	const both = `${label}${figure(from, fromBound, units)} → ${figure(to, toBound, units)}${gbpsAfter}`;
	if (from === null || to === null) return both;
	if (roundGbps(from) === roundGbps(to) && fromBound === toBound)
		return `${label}${delta.streams === 1 ? 'stays' : 'stay'} ${figure(to, toBound, units)}${gbpsAfter}`;
	return `${both}${factorText(delta, from, to)}`;
}

function priceText(from: number | null, to: number | null): string {
	if (to === null) return 'price unknown';
	if (from === null) return dollarsPerHour(to);
	const percent = from > 0 ? Math.round(Math.abs(to / from - 1) * 100) : 0;
	const change = percent >= 1 ? ` (${to >= from ? '+' : '−'}${String(percent)}%)` : '';
	return `${dollars(from)} → ${dollarsPerHour(to)}${change}`;
}

export function deltaText(delta: Delta): string {
	switch (delta.kind) {
		case 'flow':
			return flowText(delta);
		case 'rtt':
			return `RTT ${ms(delta.from)} → ${ms(delta.to)} ms`;
		case 'price':
			return priceText(delta.from, delta.to);
		case 'streams':
			return `${String(delta.from)} → ${String(delta.to)} streams`;
	}
}

/** Whether a delta says anything (an unchanged price or an RTT nobody measured says nothing). */
function says(delta: Delta): boolean {
	if (delta.kind === 'price') return delta.to === null || delta.from !== delta.to;
	if (delta.kind === 'rtt') return delta.from !== null && delta.to !== null && delta.from !== delta.to;
	return true;
}

/** "label: delta, delta". */
export function titleOf(label: string, deltas: readonly Delta[]): string {
	const parts = deltas.filter(says).map(deltaText);
	return parts.length === 0 ? label : `${label}: ${parts.join(', ')}`;
}

/** The clauses of a why, joined; empty ones dropped. */
export function whyOf(clauses: readonly (string | null | undefined | false)[]): string {
	return clauses.filter((clause): clause is string => typeof clause === 'string' && clause !== '').join('; ');
}

/** One flow at or above this share of what the configuration carries: no per-flow ceiling (DESIGN.md: 90%). */
export const noCeilingShare = 0.9;

/** The throughput the user's streams get: one flow with one stream, else the aggregate. */
export function carried(prediction: Prediction, streams: number): number | null {
	return streams === 1 ? prediction.singleFlowGbps : prediction.aggregateGbps;
}

/** Whether the figure `carried` gives with `streams` is a lower bound only. */
function carriedBound(prediction: Prediction, streams: number): boolean {
	return (streams === 1 ? prediction.footing.singleFlow : prediction.footing.aggregate) === 'bound';
}

/** What `before` and `after` carry with `streams`, bounds said as bounds; labelled by `label` streams. */
export function flowDelta(
	before: Prediction,
	after: Prediction,
	streams: number,
	label: number | null = streams,
): Delta {
	return {
		kind: 'flow',
		streams: label,
		from: carried(before, streams),
		to: carried(after, streams),
		fromBound: carriedBound(before, streams),
		toBound: carriedBound(after, streams),
	};
}

/** The throughput delta between two predictions at the user's streams (one flow alongside, when it moves). */
export function throughputDeltas(before: Prediction, after: Prediction, streams: number): Delta[] {
	const main = flowDelta(before, after, streams);
	const single = before.singleFlowGbps;
	// One flow beside the aggregate only where it is a share of it (a per-flow ceiling) and it moves.
	const ceiling = single !== null && before.aggregateGbps !== null && single < before.aggregateGbps * noCeilingShare;
	const moved = streams > 1 && ceiling && after.singleFlowGbps !== null && single !== after.singleFlowGbps;
	return moved ? [main, flowDelta(before, after, 1)] : [main];
}

const footingRank: Readonly<Record<Footing, number>> = {measured: 0, documented: 1, modelled: 2, bound: 3, unknown: 4};

/** The weakest footing of the figures a step compares, as one word. */
export function footingWord(...predictions: readonly Prediction[]): Footing {
	let worst: Footing = 'measured';
	for (const prediction of predictions) {
		for (const footing of [prediction.footing.singleFlow, prediction.footing.aggregate]) {
			if (footingRank[footing] > footingRank[worst]) worst = footing;
		}
	}

	return worst;
}

/**
 * `{meetsJob: true}` when the change turns a plan short of the workload's rate into one that meets it
 * (within the study's spread, as the search counts meeting), else nothing: spread into a step draft. The
 * plan runs on `pairs` pairs of hosts (the card's): its rate is that many times one pair's aggregate.
 */
export function meetsJobFlag(
	target: number | null,
	before: Pick<Prediction, 'aggregateGbps'>,
	after: Pick<Prediction, 'aggregateGbps'>,
	pairs: number,
): {meetsJob?: true} {
	if (target === null) return {};
	const [from, to] = [pairs * (before.aggregateGbps ?? 0), pairs * (after.aggregateGbps ?? 0)];
	return !reaches(from, target) && reaches(to, target) ? {meetsJob: true} : {};
}

/** Whether `after` carries more than `before` with the user's streams, beyond the study's measurement spread. */
export function gains(before: Prediction, after: Prediction, streams: number): boolean {
	const from = carried(before, streams);
	const to = carried(after, streams);
	return from !== null && to !== null && beyondSpread(from, to);
}
