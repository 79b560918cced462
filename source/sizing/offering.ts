// A shape's offering in a Region, three-valued (DESIGN.md "The plan": facts are yes, no or unknown, each
// with its source and date): GCP from its machine-type-by-region list; elsewhere yes where a source prices the
// shape in that Region (AWS: us-east-1's price list), else unknown with how to check (no bundled source
// lists AWS or OCI shapes per Region). A shape a Region of the plan does not offer is never searched there;
// an unknown one is searched, ranks after known ones at equal cost and says how to check. Pure.

import type {RegionOffering, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';

export function offeringIn(record: ShapeRecord, region: string): RegionOffering {
	if (record.regions !== null) {
		return {region, offered: record.regions.includes(region), source: record.regionsSource ?? null, check: null};
	}

	// A price stated for every region (OCI's list) says nothing of where the shape runs.
	const price = record.prices.find((entry) => entry.region === region && entry.allRegions !== true);
	if (price !== undefined) return {region, offered: true, source: price.source, check: null};
	return {region, offered: null, source: null, check: cloudSizing(record.cloud).offeringCheck(record.shape, region)};
}

/** The Regions the plan's hosts run in, as the user named them (--region, and --to-region's far end). */
export function planRegions(workload: Pick<Workload, 'region' | 'toRegion'>): readonly string[] {
	const {region, toRegion} = workload;
	if (region === null) return toRegion === null ? [] : [toRegion];
	return toRegion === null || toRegion === region ? [region] : [region, toRegion];
}

/** The shape's offering in each of the plan's Regions (none named: none). */
export function offeringsOf(record: ShapeRecord, workload: Pick<Workload, 'region' | 'toRegion'>): RegionOffering[] {
	return planRegions(workload).map((region) => offeringIn(record, region));
}

/** Whether a Region of the plan is known not to offer the shape (read per record: no list built). */
export function notOfferedInPlan(record: ShapeRecord, workload: Pick<Workload, 'region' | 'toRegion'>): boolean {
	const {region, toRegion} = workload;
	if (region === null && toRegion === null) return false;
	const regions = record.regions;
	if (regions === null) return false;
	return (region !== null && !regions.includes(region)) || (toRegion !== null && !regions.includes(toRegion));
}

/** How many of the plan's Regions leave the shape's offering unknown. */
export function unknownOfferings(record: ShapeRecord, workload: Pick<Workload, 'region' | 'toRegion'>): number {
	if (workload.region === null && workload.toRegion === null) return 0;
	return offeringsOf(record, workload).filter((offering) => offering.offered === null).length;
}

/** One line per Region whose offering is unknown: what is not known and how to check. */
export function offeringLines(offerings: readonly RegionOffering[], shape: string): string[] {
	return offerings
		.filter((offering) => offering.offered === null)
		.map(
			(offering) =>
				`whether ${offering.region} offers ${shape}: unknown (no bundled source lists it), not no; check: ${offering.check ?? ''}`,
		);
}
