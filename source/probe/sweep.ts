// A stream sweep (`--streams 1,2,4,8,16`) -> where throughput stops rising (pure). Throughput with n streams
// behaves as min(n x per-flow cap, aggregate): the plateau is the aggregate; the rising part's Gbps per stream
// is the per-flow cap; the knee is the stream count at which n x cap reaches the aggregate.

import {median, round} from './stats.js';
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
	const saturatedAt = plateau[0]!.streams;
	const rising = points.filter((point) => point.gbps < plateauShare * best);
	const first = points[0]!;
	// No point below the plateau, or one flow already (nearly) gets the aggregate: no per-flow cap found.
	if (rising.length === 0 || (first.streams === 1 && first.gbps >= noCapShare * aggregate)) {
		const text =
			first.streams === 1
				? `no per-flow cap found: one stream gets ${Math.round((first.gbps / aggregate) * 100)}% of the ${round(aggregate, 3)} Gbps aggregate`
				: `no per-flow cap found down to ${first.streams} streams; aggregate ${round(aggregate, 3)} Gbps`;
		return {
			perFlowCapGbps: null,
			aggregateGbps: round(aggregate, 3),
			kneeStreams: first.streams,
			saturatedAtStreams: saturatedAt,
			text,
		};
	}

	const perFlow = median(rising.map((point) => point.gbps / point.streams));
	// The fewest streams whose n x cap is on the plateau.
	const knee = Math.max(1, Math.ceil((plateauShare * aggregate) / perFlow - 1e-9));
	const text = `per-flow cap about ${round(perFlow, 3)} Gbps, aggregate about ${round(aggregate, 3)} Gbps: more than ${knee} stream${knee === 1 ? '' : 's'} buy nothing (measured on the plateau from ${saturatedAt})`;
	return {
		perFlowCapGbps: round(perFlow, 3),
		aggregateGbps: round(aggregate, 3),
		kneeStreams: knee,
		saturatedAtStreams: saturatedAt,
		text,
	};
}
