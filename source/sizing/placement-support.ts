// Whether a shape can launch in a placement group, three-valued (DESIGN.md "The plan"): the catalogue's
// placements are those a documented rule allows (AWS: cluster groups for current-generation types but
// burstable and Mac1, spread and partition for any; GCP: compact placement for the series its sources name);
// `placementsUnknown` those the rule cannot settle (an AWS type whose generation no source gives, a GCP series
// no source names). Such a placement is searched, ranks after known ones at equal cost (plan.ts) and says how
// to check. Pure.

import {cloudTerms} from '../domain/clouds.js';
import type {Configuration, ShapeRecord} from '../domain/model-types.js';
import type {Placement} from '../domain/placements.js';

/** Whether the shape's support for the placement is something no source settles. */
export function placementUnknown(placement: Placement, record: ShapeRecord): boolean {
	return record.placementsUnknown?.includes(placement) === true;
}

/** The line that says so, with how to check (the cloud's words, domain/clouds/<cloud>.ts), or null. */
export function placementSupportLine(configuration: Configuration, record: ShapeRecord): string | null {
	if (!placementUnknown(configuration.placement, record)) return null;
	const said = cloudTerms[record.cloud].placementUnknown;
	return said === undefined
		? `whether ${record.shape} launches in ${configuration.placement} placement: unknown (no bundled source settles it), not no`
		: said(record.shape, configuration.placement);
}
