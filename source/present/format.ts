// The one set of figure formats for both faces (text/JSON commands and the Ink screens). Pure.
// Gbps as the study writes it (up to two decimals, no trailing zeros); derived figures carry `*`.

import {dollarsPerHour, gbps, missing, rate, round} from '../domain/format.js';

/** What a cell shows when a figure is unknown (never a guessed number): the advice's one mark. */
export {missing};

export function formatGbps(value: number | null | undefined, derived = false): string {
	if (value === null || value === undefined) return missing;
	return `${gbps(value)}${derived ? '*' : ''}`;
}

/**
 * A Gbps figure with its footing, for every face: a `bound` is a lower bound ("at least 21.69 Gbps"), an
 * unknown figure is the missing mark (the card's legend says what it means). The one place a bound is
 * written as a bound.
 */
export function formatFigure(value: number | null | undefined, footing: string | null = null): string {
	if (value === null || value === undefined) return missing;
	return `${footing === 'bound' ? 'at least ' : ''}${rate(value)}`;
}

/** A fixed number of decimals (RTTs: 3, percentages: 1, prices: 4); derived figures carry `*`. */
export function formatFixed(value: number | null | undefined, decimals: number, derived = false): string {
	if (value === null || value === undefined) return missing;
	return `${value.toFixed(decimals)}${derived ? '*' : ''}`;
}

export function formatMs(value: number | null | undefined): string {
	return formatFixed(value, 3);
}

/** "$0.6381/h", or the missing mark when no price is known. */
export function formatPrice(pricePerHour: number | null): string {
	return pricePerHour === null ? missing : dollarsPerHour(pricePerHour);
}

/** A whole percent of a fraction of 1, e.g. a progress bar's "61%". */
export function formatProgress(fraction: number): string {
	return `${Math.round(fraction * 100)}%`;
}

/** A bar of `width` cells: filled for the fraction (clamped to 0..1). Each face picks its glyphs. */
export function barCells(fraction: number | null, width: number): {readonly filled: number; readonly empty: number} {
	if (fraction === null || !Number.isFinite(fraction)) {
		return {filled: 0, empty: width};
	}

	const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
	return {filled, empty: width - filled};
}

export {round};
