// Evidence inside physical bounds: a measurement whose rate or round trip no network can have is never read as
// evidence, however it reached the evidence (a hand-edited run file, the derived cells file, a saved import).
// The run files are checked field by field when read (probe/results-validate.ts, which says which field); this
// is the last check, where every source meets (domain/evidence.ts). Pure.

import {requestBounds} from './bounds.js';
import type {Measurement} from './types.js';

/** The highest rate evidence may claim: the highest a request may ask (10,000 Gbps; the largest published is 3,200). */
export const maxEvidenceGbps = requestBounds.minGbps.max;

/** The longest round trip evidence may claim: the longest a path may have (1,000 ms). */
export const maxEvidenceRttMs = requestBounds.pathRtt.max;

function outside(value: number | null, max: number): boolean {
	return value !== null && !(Number.isFinite(value) && value >= 0 && value <= max);
}

/** Why the measurement is no network's (`aggregateGbps 1e+308 is outside 0 to 10000 Gbps`), or null. */
export function physicalProblem(measurement: Measurement): string | null {
	for (const key of ['singleFlowGbps', 'aggregateGbps'] as const) {
		const value = measurement[key];
		if (outside(value, maxEvidenceGbps)) return `${key} ${value} is outside 0 to ${maxEvidenceGbps} Gbps`;
	}

	if (outside(measurement.rttMs, maxEvidenceRttMs))
		return `rttMs ${measurement.rttMs} is outside 0 to ${maxEvidenceRttMs} ms`;
	if (!(Number.isInteger(measurement.streams) && measurement.streams >= 1))
		return `streams ${measurement.streams} is not a count`;
	return null;
}
