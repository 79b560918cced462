// A configuration's price per hour from its catalogue record, or null with the reason: never guessed.
// Flex shapes: $/OCPU-h x OCPUs + $/GB-h x the default memory per OCPU. Tier_1 is an extra SKU the
// catalogue has no price for, so a Tier_1 configuration's price is unknown. Pure.

import type {Configuration, ShapeRecord} from './types.js';

export interface ConfigurationPrice {
	readonly perHour: number | null;
	readonly region: string | null;
	/** Why perHour is null, when it is. */
	readonly unknown: string | null;
}

function unknownPrice(region: string | null, reason: string): ConfigurationPrice {
	return {perHour: null, region, unknown: reason};
}

function flexPrice(record: ShapeRecord, ocpus: number, region: string | null): ConfigurationPrice {
	const flex = record.flex;
	const where = region ?? record.prices[0]?.region ?? null;
	if (flex === null || flex.pricePerOcpuHour === null) return unknownPrice(where, 'no source gives this shape a price');
	const memory =
		flex.pricePerGibHour === null || flex.memoryGibPerOcpu === null
			? null
			: flex.pricePerGibHour * flex.memoryGibPerOcpu * ocpus;
	if (memory === null) return unknownPrice(where, 'no source gives this shape a memory price');
	return {perHour: flex.pricePerOcpuHour * ocpus + memory, region: where, unknown: null};
}

export function priceOf(configuration: Configuration, record: ShapeRecord, region: string | null): ConfigurationPrice {
	if (record.flex !== null) {
		const priced = flexPrice(record, configuration.ocpus ?? record.flex.minOcpus, region);
		return configuration.options.tier1 ? unknownPrice(priced.region, 'Tier_1 is an unpriced extra SKU') : priced;
	}

	const entry = region === null ? record.prices[0] : record.prices.find((price) => price.region === region);
	if (entry === undefined) {
		const known = record.prices.map((price) => price.region);
		return unknownPrice(
			region,
			known.length === 0 ? 'no source gives this shape a price' : `the catalogue prices it in ${known.join(', ')} only`,
		);
	}

	if (configuration.options.tier1) {
		return unknownPrice(entry.region, 'Tier_1 is an extra SKU the catalogue has no price for');
	}

	return entry.perHour === null
		? unknownPrice(entry.region, 'no source gives this shape a price')
		: {perHour: entry.perHour, region: entry.region, unknown: null};
}
