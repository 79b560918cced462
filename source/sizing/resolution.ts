// When two throughput figures are the same figure, as far as the study can tell. Its one steady transfer
// reported second by second (c8g.4xlarge held 14.89 Gbps for 300 s) ranged from its slowest second to its
// fastest: 14.86 to 15.04 Gbps, a spread of 1.2%. Two predictions closer than that are equal within what
// was measured (the study calls a 0.9% GCP difference, 20.87 against 21.06, "well inside noise"), so a
// placement group or an option that buys less than that buys nothing anyone could see. Read from the
// catalogue, never typed in. Pure.

import {sustainedReference} from '../domain/study-cells.js';

/** The study's second-by-second spread on a steady transfer: (fastest - slowest) / slowest. */
export const measurementSpread =
	(sustainedReference.fastestSecondGbps - sustainedReference.slowestSecondGbps) / sustainedReference.slowestSecondGbps;

/** Whether `to` carries more than `from` by more than the measurement spread. */
export function beyondSpread(from: number, to: number): boolean {
	return to > from * (1 + measurementSpread);
}

/**
 * Whether a figure meets a target as far as the model can tell (DESIGN.md: "near misses within the model's
 * equality tolerance meet"): at or above it, or under it by no more than the measurement spread. 39.68 Gbps
 * meets 40; 39.5 does not.
 */
export function reaches(figure: number, target: number): boolean {
	return !beyondSpread(figure, target);
}

/** Whether two figures are equal within the measurement spread. */
export function withinSpread(a: number, b: number): boolean {
	return !beyondSpread(a, b) && !beyondSpread(b, a);
}
