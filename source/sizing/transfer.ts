// The transfer (`--transfer`, `--within`, `--sustained`): the target it sets (volume over time), whether a
// burst peak can carry it, and what it takes on a configuration (duration and cost). AWS documents burst
// credits lasting 5 to 60 minutes depending on the instance size, with no table by size: the plan rests on
// a peak only when the transfer fits the short end. Pure.

import {round} from '../domain/format.js';
import type {Footing, TransferEstimate} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {awsBurstWindow} from './documented-limits.js';
import {measurementSpread} from './resolution.js';

/** How long a transfer runs, as the workload says. */
export interface TransferSpan {
	/** Said to outlast the burst window (`--sustained`). */
	readonly sustained: boolean;
	readonly bytes: number | null;
	readonly seconds: number | null;
}

/** The shortest documented burst window, seconds: the one a plan may rest on without a measurement of the size. */
export const burstWindowSeconds = awsBurstWindow.minMinutes * 60;

const bitsPerGbps = 1e9;

/** The workload's span (null fields where it says nothing). */
export function spanOf(workload: Pick<Workload, 'sustained' | 'transferBytes' | 'withinSeconds'>): TransferSpan {
	return {sustained: workload.sustained, bytes: workload.transferBytes, seconds: workload.withinSeconds};
}

/** Seconds `bytes` take at `gbps`. */
export function secondsAt(bytes: number, gbps: number): number {
	return (bytes * 8) / (gbps * bitsPerGbps);
}

/**
 * How long the burst must last, seconds, when the span says: the volume at `rateGbps` (what the peak
 * carries), else the time given. Null when the span says neither (or it is sustained: longer than any window).
 */
export function burstSeconds(span: TransferSpan, rateGbps: number): number | null {
	if (span.sustained) return null;
	if (span.bytes !== null && rateGbps > 0) return secondsAt(span.bytes, rateGbps);
	return span.seconds;
}

/**
 * Whether the plan may rest on a burst peak carried at `rateGbps`: a span of null is a run as long as a
 * probe's (the study's runs, inside the window); else only a transfer known to end within the window.
 */
export function peakHolds(span: TransferSpan | null, rateGbps: number): boolean {
	if (span === null) return true;
	const seconds = burstSeconds(span, rateGbps);
	return seconds !== null && seconds <= burstWindowSeconds;
}

/**
 * The transfer on one configuration: its duration at the predicted aggregate and its cost at the hourly
 * price (per instance, as the price is shown: each end of the pair pays it), each footed on the aggregate.
 */
export function transferEstimate(
	bytes: number,
	aggregateGbps: number | null,
	footing: Footing,
	pricePerHour: number | null,
	withinSeconds: number | null,
): TransferEstimate {
	const seconds = aggregateGbps === null || aggregateGbps <= 0 ? null : secondsAt(bytes, aggregateGbps);
	const hours = seconds === null ? null : seconds / 3600;
	return {
		bytes,
		seconds: seconds === null ? null : Math.round(seconds),
		cost: hours === null || pricePerHour === null ? null : round(hours * pricePerHour, 2),
		footing: seconds === null ? 'unknown' : footing,
		// A near miss within the study's spread meets (DESIGN.md), as the rate it comes from does.
		withinTime: seconds === null || withinSeconds === null ? null : seconds <= withinSeconds * (1 + measurementSpread),
	};
}
