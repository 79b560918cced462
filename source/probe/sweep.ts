// A stream sweep (`--streams 1,2,4,8,16`) -> where throughput stops rising (pure). Throughput with n streams
// behaves as min(n x per-flow cap, aggregate): the plateau is the aggregate; the rising part's Gbps per stream
// is the per-flow cap; the knee is the stream count at which n x cap reaches the aggregate.

import {streamsLabel} from '../domain/format.js';
import {median, round} from '../domain/stats.js';
import {singleAndAggregate} from './aggregate.js';
import type {StreamResult, SweepResult} from './types.js';

/** Points within this share of the best are on the plateau. */
const plateauShare = 0.95;
/** The single flow reaching this share of the aggregate means no per-flow cap (aggregate.ts perFlowCeilingRatio). */
const noCapShare = 0.9;
/** A sweep needs at least this many stream counts. */
export const minSweepPoints = 3;

export function analyseSweep(results: readonly StreamResult[]): SweepResult | null {
	const points = [...results].filter((result) => result.gbps > 0).sort((a, b) => a.streams - b.streams);
	if (points.length < minSweepPoints) return null;
	const best = Math.max(...points.map((point) => point.gbps));
	const plateau = points.filter((point) => point.gbps >= plateauShare * best);
	const aggregate = median(plateau.map((point) => point.gbps));
	const rising = points.filter((point) => point.gbps < plateauShare * best);
	const first = points[0]!;
	const firstGbps = round(first.gbps, 3);
	// No point below the plateau, or one flow already (nearly) gets the aggregate: no per-flow cap found.
	if (rising.length === 0 || (first.streams === 1 && firstGbps >= noCapShare * round(aggregate, 3))) {
		return uncapped(points, plateau, aggregate);
	}

	return capped(points, plateau, rising, aggregate);
}

/** Throughput with the fewest streams measured is already on the plateau: no per-flow cap to report. */
function uncapped(points: readonly StreamResult[], plateau: readonly StreamResult[], aggregate: number): SweepResult {
	const first = points[0]!;
	const text =
		first.streams === 1
			? `no per-flow cap found: one stream gets ${Math.round((first.gbps / aggregate) * 100)}% of the ${round(aggregate, 3)} Gbps aggregate`
			: `no per-flow cap found down to ${first.streams} streams; aggregate ${round(aggregate, 3)} Gbps`;
	return {
		perFlowCapGbps: null,
		aggregateGbps: round(aggregate, 3),
		kneeStreams: first.streams,
		saturatedAtStreams: plateau[0]!.streams,
		streamsNeeded: points.at(-1)!.streams,
		text,
	};
}

/** The rising part's Gbps per stream is the per-flow cap; where n x cap reaches the plateau is the knee. */
function capped(
	points: readonly StreamResult[],
	plateau: readonly StreamResult[],
	rising: readonly StreamResult[],
	aggregate: number,
): SweepResult {
	const saturatedAt = plateau[0]!.streams;
	const perFlow = median(rising.map((point) => point.gbps / point.streams));
	// The fewest streams whose n x cap is on the plateau (the cap estimate's knee; the measured one is saturatedAt).
	const knee = Math.max(1, Math.ceil((plateauShare * aggregate) / perFlow - 1e-9));
	const last = points.at(-1)!;
	const reach =
		saturatedAt === last.streams && plateau.length === 1
			? `still rising at ${streamsLabel(saturatedAt)}, the most measured: more may buy more`
			: `${streamsLabel(saturatedAt)} reach it (measured${knee === saturatedAt ? '' : `; ${knee} would at the per-flow cap`}), more buy nothing`;
	return {
		perFlowCapGbps: round(perFlow, 3),
		aggregateGbps: round(aggregate, 3),
		kneeStreams: knee,
		saturatedAtStreams: saturatedAt,
		streamsNeeded: saturatedAt,
		text: `per-flow cap about ${round(perFlow, 3)} Gbps, aggregate about ${round(aggregate, 3)} Gbps: ${reach}`,
	};
}

/**
 * The one conclusion a pair's valid tests support, shared by the sweep's text and the advice (to-measurements.ts
 * hands it to the advisor): the single flow, the aggregate and the streams that collect it. With a sweep, the
 * aggregate is its plateau and the streams the fewest measured on it (or the most measured when no per-flow cap
 * was found); without one, the test with the most streams.
 */
export interface StreamsConclusion {
	readonly single: StreamResult | null;
	readonly aggregate: {readonly gbps: number; readonly streams: number; readonly samples: number} | null;
	readonly sweep: SweepResult | null;
}

export function streamsConclusion(valid: readonly StreamResult[]): StreamsConclusion {
	const {single, aggregate} = singleAndAggregate(valid);
	const sweep = analyseSweep(valid);
	if (sweep === null) {
		return {
			single,
			aggregate: aggregate && {gbps: aggregate.gbps, streams: aggregate.streams, samples: aggregate.samples},
			sweep,
		};
	}

	const streams = sweep.streamsNeeded ?? sweep.saturatedAtStreams;
	const at = valid.find((result) => result.streams === streams);
	return {single, aggregate: {gbps: sweep.aggregateGbps, streams, samples: at?.samples ?? 1}, sweep};
}
