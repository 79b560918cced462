// Sustained-run analysis, as the study reported for c8g: per-second throughput -> 30 s blocks (mean Gbps
// each), slowest and fastest second, last-10 s over first-10 s, and a verdict "held" / "decayed by N%".

import {mean} from '../domain/stats.js';
import type {SustainedBlock, SustainedResult} from './types.js';

export const blockSeconds = 30;
/** A block below this fraction of the first block counts as decay. */
export const heldThreshold = 0.95;
const edgeSeconds = 10;

/** `perSecondGbps`: one figure per 1 s interval, omitted intervals already removed. Null when empty. */
export function analyseSustained(perSecondGbps: readonly number[]): SustainedResult | null {
	if (perSecondGbps.length === 0) return null;
	const blocks: SustainedBlock[] = [];
	for (let start = 0; start < perSecondGbps.length; start += blockSeconds) {
		const slice = perSecondGbps.slice(start, start + blockSeconds);
		blocks.push({startSecond: start, seconds: slice.length, meanGbps: mean(slice)});
	}

	// A short run still compares its two ends: at most 10 s each, never overlapping.
	const edge = Math.max(1, Math.min(edgeSeconds, Math.floor(perSecondGbps.length / 2)));
	const first = mean(perSecondGbps.slice(0, edge));
	const last = mean(perSecondGbps.slice(-edge));
	const firstBlock = blocks[0]!.meanGbps;
	const lowestBlock = Math.min(...blocks.map((block) => block.meanGbps));
	const held = firstBlock <= 0 || lowestBlock >= firstBlock * heldThreshold;
	const percent = held ? 0 : Math.round((1 - lowestBlock / firstBlock) * 100);
	return {
		seconds: perSecondGbps.length,
		meanGbps: mean(perSecondGbps),
		blocks,
		slowestSecondGbps: Math.min(...perSecondGbps),
		fastestSecondGbps: Math.max(...perSecondGbps),
		lastOverFirst: first > 0 ? last / first : 0,
		verdict: held ? {kind: 'held'} : {kind: 'decayed', percent},
		verdictText: held ? 'held' : `decayed by ${percent}%`,
	};
}
