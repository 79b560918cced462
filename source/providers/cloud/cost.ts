// What a probe costs: instance-hours times the hourly price, the price being --price, else the shape
// catalogue's (handed to the plan as a PriceBook), else unknown: never guessed. Pure.

import type {PriceBook, PriceQuery} from '../provider.js';

export interface CostEstimate {
	readonly instanceHours: number;
	/** Null when the price is unknown. */
	readonly usd: number | null;
}

/** Instance-hours for `instances` held `holdSeconds`, and dollars when the price per instance-hour is known. */
export function estimateCost(
	pricePerHour: number | null | undefined,
	instances: number,
	holdSeconds: number,
): CostEstimate {
	const instanceHours = (Math.max(0, instances) * Math.max(0, holdSeconds)) / 3600;
	const usd =
		pricePerHour === null || pricePerHour === undefined || !Number.isFinite(pricePerHour)
			? null
			: Math.round(pricePerHour * instanceHours * 10_000) / 10_000;
	return {instanceHours: Math.round(instanceHours * 10_000) / 10_000, usd};
}

/** `$0.42` or `unknown`. */
export function formatUsd(usd: number | null): string {
	return usd === null ? 'unknown' : `$${usd < 0.01 && usd > 0 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

/** The price a plan rests on: its $/h per instance and where it comes from, or why it is unknown. */
export interface PlanPrice {
	readonly perHour: number | null;
	readonly source: string | null;
	/** Why there is none (from the catalogue), when there is none. */
	readonly unknown: string | null;
}

/** --price wins; else the catalogue's price for the query; else unknown, with the catalogue's reason. */
export function planPrice(given: number | undefined, prices: PriceBook | undefined, query: PriceQuery): PlanPrice {
	if (given !== undefined) return {perHour: given, source: '--price', unknown: null};
	const found = prices?.(query);
	if (found === undefined) return {perHour: null, source: null, unknown: null};
	return found.perHour === null
		? {perHour: null, source: null, unknown: found.unknown}
		: {perHour: found.perHour, source: found.source, unknown: null};
}

/** The plan's warning when no price is known: what the catalogue said, and that --price gives one. */
export function unknownPriceWarning(shape: string, price: PlanPrice): string[] {
	if (price.perHour !== null) return [];
	const why = price.unknown === null ? '' : ` (${price.unknown})`;
	return [`no price known for ${shape}${why}: pass --price $/h per instance to estimate cost`];
}
