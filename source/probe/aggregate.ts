// Repeats -> one figure per stream count (median, min, max), the per-flow ceiling verdict, and percent of
// published (DESIGN.md: the larger of single-flow and aggregate over the published figure, one decimal).

import {median, round} from '../domain/stats.js';
import type {PerFlowCeiling, StreamResult} from './types.js';

/** single / aggregate below this means one flow cannot reach what parallel flows get. */
export const perFlowCeilingRatio = 0.9;

export interface StreamSample {
	readonly gbps: number;
	readonly retransmits: number;
}

/** K samples of one stream count -> median, min, max (Gbps to 3 decimals). */
export function aggregateSamples(streams: number, samples: readonly StreamSample[]): StreamResult {
	if (samples.length === 0) throw new Error(`no samples for ${streams} streams`);
	const gbps = samples.map((sample) => sample.gbps);
	return {
		streams,
		gbps: round(median(gbps), 3),
		min: round(Math.min(...gbps), 3),
		max: round(Math.max(...gbps), 3),
		samples: samples.length,
		retransmits: Math.round(median(samples.map((sample) => sample.retransmits))),
		sampleGbps: gbps.map((value) => round(value, 3)),
	};
}

/** The single-flow result and the result with the most streams (> 1), when both were measured. */
export function singleAndAggregate(results: readonly StreamResult[]): {
	single: StreamResult | null;
	aggregate: StreamResult | null;
} {
	const single = results.find((result) => result.streams === 1) ?? null;
	let aggregate: StreamResult | null = null;
	for (const result of results) {
		if (result.streams > 1 && (aggregate === null || result.streams > aggregate.streams)) aggregate = result;
	}

	return {single, aggregate};
}

export function perFlowCeiling(results: readonly StreamResult[]): PerFlowCeiling {
	const {single, aggregate} = singleAndAggregate(results);
	if (single === null || aggregate === null || aggregate.gbps <= 0) return {present: false, singleToAggregate: null};
	const ratio = single.gbps / aggregate.gbps;
	return {present: ratio < perFlowCeilingRatio, singleToAggregate: round(ratio, 2)};
}

/** "one flow gets 33% of the aggregate: a per-flow ceiling is present" / "none detected". */
export function perFlowCeilingText(ceiling: PerFlowCeiling): string {
	if (ceiling.singleToAggregate === null) return 'not measured (needs 1 stream and more than 1)';
	const percent = Math.round(ceiling.singleToAggregate * 100);
	return ceiling.present
		? `one flow gets ${percent}% of the aggregate: a per-flow ceiling is present`
		: `one flow gets ${percent}% of the aggregate: none detected`;
}

export function percentOfPublished(results: readonly StreamResult[], publishedGbps: number | null): number | null {
	if (publishedGbps === null || publishedGbps <= 0 || results.length === 0) return null;
	const best = Math.max(...results.map((result) => result.gbps));
	return round((best / publishedGbps) * 100, 1);
}
