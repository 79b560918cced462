// Whether a shape can launch in a placement group, three-valued (DESIGN.md "The plan"): the catalogue's
// placements are those a documented rule allows (AWS: cluster groups for current-generation types but
// burstable and Mac1, spread and partition for any); `placementsUnknown` those the rule cannot settle (a type
// whose generation no source gives). Such a placement is searched, ranks after known ones at equal cost
// (plan.ts) and says how to check. Pure.

import type {Configuration, ShapeRecord} from '../domain/model-types.js';

/** Whether the configuration's placement rests on support no source settles. */
export function placementUnknown(configuration: Configuration, record: ShapeRecord): boolean {
	return record.placementsUnknown?.includes(configuration.placement) === true;
}

/** The line that says so, with how to check, or null. */
export function placementSupportLine(configuration: Configuration, record: ShapeRecord): string | null {
	if (!placementUnknown(configuration, record)) return null;
	return (
		`whether ${record.shape} launches in a ${configuration.placement} placement group: unknown (no bundled source ` +
		`gives its generation, which the EC2 rule turns on), not no; check: aws ec2 describe-instance-types ` +
		`--instance-types ${record.shape} --query 'InstanceTypes[].PlacementGroupInfo.SupportedStrategies'`
	);
}
