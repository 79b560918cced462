// A configuration's price per hour from its catalogue record, or null with the reason: never guessed.
// Prices come from the catalogue's own lookups (priceIn; flexPriceAt for OCI Flex at the configuration's
// OCPUs). Tier_1 is an extra SKU the catalogue has no price for, so a Tier_1 configuration's is unknown.

import type {Configuration, FlexRange, ShapeRecord} from '../domain/model-types.js';
import {flexPriceAt, perHourIn, priceIn, priceRegion} from './catalogue.js';
import {cloudSizing} from './cloud-models.js';

export interface ConfigurationPrice {
	readonly perHour: number | null;
	readonly region: string | null;
	/** Why perHour is null, when it is. */
	readonly unknown: string | null;
	/** How a Flex price is made up (OCPUs and the default memory per OCPU, with its source). */
	readonly basis?: string;
}

function unknownPrice(region: string | null, reason: string): ConfigurationPrice {
	return {perHour: null, region, unknown: reason};
}

/**
 * The one price every configuration of a fixed shape shares (Tier_1's unknown SKU aside): what a search
 * orders shapes by. Null for a Flex shape (priced per OCPU) or where no source gives one.
 */
export function shapePricePerHour(record: ShapeRecord, region: string | null): number | null {
	if (record.flex !== null) return null;
	return perHourIn(record, region) ?? (leadFallback(record, region) ? perHourIn(record, null) : null);
}

/**
 * A cloud priced in its lead region only (its entry's leadPriceElsewhere: AWS, us-east-1), elsewhere: a
 * configuration ranks on that price, labelled as such (never dropped to unknown: that would rank every AWS
 * shape as unpriced).
 */
function leadFallback(record: ShapeRecord, region: string | null): boolean {
	const {cloud} = record;
	return cloudSizing(cloud).leadPriceElsewhere && region !== null && region !== priceRegion(cloud);
}

/**
 * The least $/h any configuration of the shape can have: what a walk by price bounds a shape by. A Flex
 * shape's at its fewest OCPUs (its price grows with them); null where no source prices the shape.
 */
export function leastPricePerHour(record: ShapeRecord, region: string | null): number | null {
	return record.flex === null ? shapePricePerHour(record, region) : flexPriceAt(record, record.flex.minOcpus);
}

/** A Flex configuration's price: OCPUs plus the shape's default memory per OCPU, each at its rate. */
function flexPrice(record: ShapeRecord, flex: FlexRange, ocpus: number, where: string): ConfigurationPrice {
	const {pricePerOcpuHour, pricePerGibHour, memoryGibPerOcpu} = flex;
	if (pricePerOcpuHour === null || pricePerGibHour === null)
		return unknownPrice(where, 'no source gives this shape a price');
	const perHour = flexPriceAt(record, ocpus);
	if (perHour === null || memoryGibPerOcpu === null) {
		return unknownPrice(where, "the shape's default memory per OCPU is unknown (listShapes gives it)");
	}

	const memory = memoryGibPerOcpu * ocpus;
	const source = flex.memoryGibPerOcpuSource === undefined ? '' : `, ${flex.memoryGibPerOcpuSource}`;
	return {
		perHour,
		region: where,
		unknown: null,
		basis: `${String(ocpus)} OCPU x $${String(pricePerOcpuHour)} + ${String(memory)} GB x $${String(pricePerGibHour)} per hour (${String(memoryGibPerOcpu)} GB per OCPU, the shape's default${source})`,
	};
}

/** The price of a configuration (the search reads a fixed shape's once per shape: enumerate.ts). */
export function priceOf(configuration: Configuration, record: ShapeRecord, region: string | null): ConfigurationPrice {
	const entry = priceIn(record, region);
	const where = entry?.region ?? region ?? priceRegion(record.cloud);
	if (configuration.options.tier1) return unknownPrice(where, 'Tier_1 is an extra SKU the catalogue has no price for');
	if (record.flex !== null) return flexPrice(record, record.flex, configuration.ocpus ?? record.flex.minOcpus, where);

	if ((entry === null || entry.perHour === null) && leadFallback(record, region)) {
		const lead = priceIn(record, null);
		if (lead !== null && lead.perHour !== null) {
			return {
				perHour: lead.perHour,
				region: `${lead.region} price; ${String(region)} not bundled, --live reads it`,
				unknown: null,
			};
		}
	}

	if (entry === null || entry.perHour === null) {
		const known = record.prices.map((price) => price.region);
		return unknownPrice(
			where,
			known.length === 0 ? 'no source gives this shape a price' : `the catalogue prices it in ${known.join(', ')} only`,
		);
	}

	return {perHour: entry.perHour, region: entry.region, unknown: null};
}
