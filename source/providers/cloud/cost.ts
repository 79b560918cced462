// What a probe costs: instance-hours times the hourly price. Pure.

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
