// The shapes a measurement's own figures take that name a limit (pure): a stall in its interval series (an MTU
// black hole), a fall to a lower level that holds (a burst allowance spent), and how its stream counts add up
// against the other tests given beside it (flows that add: a per-flow cap; flows that do not: a shared cap).

import {gbps, round} from '../domain/format.js';
import type {ImportedInterval, ImportedTest} from '../domain/imported.js';
import {mean} from '../domain/stats.js';

/** An interval under this share of the series' best carried nothing. */
const stalledShare = 0.01;
/** At least this many intervals in a row at nothing make a stall (one can be a scheduling hiccup). */
const stallIntervals = 2;

const span = (intervals: readonly ImportedInterval[]): string =>
	`${round(intervals[0]!.start, 1)} s to ${round(intervals.at(-1)!.end, 1)} s`;

/**
 * A stall: the series carried traffic, then nothing to its end (at least two intervals), or never carried
 * anything over a connection that was made (the small packets of the handshake passed, the full-size ones did
 * not). Either is an MTU black hole's signature: segments larger than a hop's MTU dropped with no ICMP "packet
 * too big" back. Null when the series has fewer intervals than a stall needs or no stall.
 */
export function stallOf(intervals: readonly ImportedInterval[]): string | null {
	if (intervals.length < stallIntervals) return null;
	const best = Math.max(...intervals.map((interval) => interval.gbps));
	if (best <= 0.001)
		return `a stall: ${intervals.length} intervals at 0 Gbps from ${span(intervals)} over a connection that was made: the signature of an MTU black hole (full-size segments dropped, no ICMP back)`;
	let firstStalled = intervals.length;
	while (firstStalled > 0 && intervals[firstStalled - 1]!.gbps < stalledShare * best) firstStalled--;
	const stalled = intervals.slice(firstStalled);
	if (stalled.length < stallIntervals || firstStalled === 0) return null;
	return `a stall: ${gbps(best)} Gbps, then ${stalled.length} intervals at 0 Gbps from ${span(stalled)}: the signature of an MTU black hole (full-size segments dropped, no ICMP back)`;
}

export interface BurstFall {
	readonly earlyGbps: number;
	readonly lateGbps: number;
	readonly text: string;
}

/** The late level holds under this share of the early one: a fall, not noise. */
const fallShare = 0.7;

/**
 * A fall that holds: the first quarter's mean, then from some interval on a level under 70% of it to the end,
 * none of the late intervals back near the early level. E.g. 4.3 Gbps for 7 minutes, then 2.5 Gbps: a c5.2xlarge's
 * burst allowance spent, down to its baseline. Null with fewer than 8 intervals or no such fall.
 */
export function burstEvidence(intervals: readonly ImportedInterval[]): BurstFall | null {
	if (intervals.length < 8) return null;
	const early = mean(
		intervals.slice(0, Math.max(2, Math.floor(intervals.length / 4))).map((interval) => interval.gbps),
	);
	if (early <= 0) return null;
	let from = intervals.length;
	while (from > 0 && intervals[from - 1]!.gbps < fallShare * early) from--;
	const late = intervals.slice(from);
	if (late.length < 2 || from < 2) return null;
	const lateGbps = mean(late.map((interval) => interval.gbps));
	if (lateGbps <= 0.001) return null;
	const at = round(late[0]!.start, 0);
	return {
		earlyGbps: early,
		lateGbps,
		text: `the series falls from ${gbps(early)} to ${gbps(lateGbps)} Gbps at ${at} s and holds there to ${round(late.at(-1)!.end, 0)} s`,
	};
}

export interface StreamsFinding {
	readonly limit: 'per-flow-cap' | 'instance';
	readonly text: string;
}

/** The same format, direction and pair (as the files name it: both unnamed counts as one pair). */
function samePair(test: ImportedTest, other: ImportedTest): boolean {
	if (other === test || other.gbps === null || other.error !== null) return false;
	return other.format === test.format && other.direction === test.direction && other.pairKey === test.pairKey;
}

/**
 * Against the tests given beside it (other stream counts over the same pair): when N flows carried at least 80%
 * of N times one flow, the flows add up and one flow is held by a per-flow cap; when N flows carried no more than
 * 110% of one, a cap they all share held both (the aggregate: the instance's, or the lab's aggregate class).
 */
export function streamsEvidence(test: ImportedTest, peers: readonly ImportedTest[]): StreamsFinding | null {
	if (test.gbps === null) return null;
	const others = peers.filter((other) => samePair(test, other) && other.streams !== test.streams);
	const one = test.streams === 1 ? test : others.find((other) => other.streams === 1);
	// One flow is compared with the fewest streams above it: the nearest point, before an aggregate flattens a sweep.
	const many =
		test.streams === 1 ? others.filter((other) => other.streams > 1).sort((a, b) => a.streams - b.streams)[0] : test;
	if (one?.gbps == null || many?.gbps == null || one.gbps <= 0) return null;
	const ratio = many.gbps / one.gbps;
	const said = `1 stream ${gbps(one.gbps)} Gbps, ${many.streams} streams ${gbps(many.gbps)} Gbps (${round(ratio, 2)}x)`;
	if (ratio >= 0.8 * many.streams)
		return {limit: 'per-flow-cap', text: `${said}: the flows add up, so each flow is held by a cap on each flow`};
	if (ratio <= 1.1)
		return {
			limit: 'instance',
			text: `${said}: more flows carry no more, so a cap they share (the aggregate) holds them`,
		};
	return null;
}
