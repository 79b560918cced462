// Small numeric helpers shared by the parsers, the sustained analysis and the repeat aggregation.

/** Median of a non-empty list (mean of the middle two for even lengths). */
export function median(values: readonly number[]): number {
	if (values.length === 0) throw new Error('median of an empty list');
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	const upper = sorted[middle]!;
	return sorted.length % 2 === 1 ? upper : (sorted[middle - 1]! + upper) / 2;
}

export function mean(values: readonly number[]): number {
	if (values.length === 0) throw new Error('mean of an empty list');
	return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Round to `digits` decimals (for output; keep full precision in analysis). */
export function round(value: number, digits: number): number {
	const factor = 10 ** digits;
	return Math.round(value * factor) / factor;
}
