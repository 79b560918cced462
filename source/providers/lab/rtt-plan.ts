// Deciding how much delay the delay line adds for a target RTT. Pure: the measurements come in as numbers.

/**
 * The lowest RTT this kind of machine reproduces through the delay line: measured 0.150-0.155 ms (bare veth
 * 0.05-0.09 ms, and it moves with load). Used only to warn in plans; provisioning measures the real floor.
 */
export const typicalRttFloorMs = 0.15;

export type DelayDecision =
	| {readonly mode: 'none'}
	| {readonly mode: 'below-floor'; readonly floorMs: number}
	| {readonly mode: 'delay'; readonly delayUs: number};

/**
 * `floorMs` = the median RTT with the delay line in the path holding nothing: any target below it cannot be
 * reproduced (the user-space round trip alone costs that much), so the pair runs without added delay.
 */
export function decideDelay(targetMs: number | null, floorMs: number): DelayDecision {
	if (targetMs === null || targetMs <= 0) return {mode: 'none'};
	if (targetMs < floorMs) return {mode: 'below-floor', floorMs};
	return {mode: 'delay', delayUs: Math.max(0, Math.round((targetMs - floorMs) * 1000))};
}

/** One correction step: move the added delay by the error between target and measured median. */
export function correctDelay(currentUs: number, targetMs: number, measuredMs: number): number {
	return Math.max(0, Math.round(currentUs + (targetMs - measuredMs) * 1000));
}

/** Whether a measured median is within `tolerance` (fraction) of the target. */
export function withinTolerance(targetMs: number, measuredMs: number, tolerance = 0.05): boolean {
	return Math.abs(measuredMs - targetMs) <= targetMs * tolerance;
}

function ms(value: number): string {
	return `${Number(value.toFixed(3))} ms`;
}

export function belowFloorNote(targetMs: number, floorMs: number, bareMs: number): string {
	return `RTT target ${ms(targetMs)} is below what this machine can reproduce (floor ${ms(floorMs)} through the delay line, bare veth ${ms(bareMs)}): running without added delay`;
}

export function delayNote(targetMs: number, delayUs: number, bareMs: number, measuredMs: number): string {
	return `RTT target ${ms(targetMs)}: the delay line adds ${ms(delayUs / 1000)} (bare veth ${ms(bareMs)}, calibrated median ${ms(measuredMs)})`;
}
