// A placement group's documented size limit on a multi-pair plan: an AWS spread group holds at most seven
// running instances per Availability Zone (documented-limits.ts). Both ends of a pair share a zone on the
// same-zone path; across zones, Regions or to the internet each zone holds one end of each pair. A plan over
// the limit is said (how many groups it takes, and that nothing is spread between them; a partition group has
// no such limit) and ranks after plans within it at equal cost (plan.ts). Pure.

import type {Configuration, NetworkPath} from '../domain/model-types.js';
import {awsSpreadPerZone} from './documented-limits.js';

/** Instances the plan puts in one zone of its spread group. */
function perZone(pairs: number, path: NetworkPath): number {
	return path === 'same-zone' ? 2 * pairs : pairs;
}

/** Whether the plan puts more instances in one zone than its placement group holds. */
export function overGroupLimit(configuration: Configuration, pairs: number, path: NetworkPath): boolean {
	return (
		configuration.cloud === 'aws' &&
		configuration.placement === 'spread' &&
		perZone(pairs, path) > awsSpreadPerZone.instances
	);
}

/** The line that says so, or null within the limit. */
export function groupLimitLine(configuration: Configuration, pairs: number, path: NetworkPath): string | null {
	if (!overGroupLimit(configuration, pairs, path)) return null;
	const count = perZone(pairs, path);
	const groups = Math.ceil(count / awsSpreadPerZone.instances);
	return (
		`${String(pairs)} pairs put ${String(count)} instances in one Availability Zone: a spread group holds ${String(awsSpreadPerZone.instances)} ` +
		`there (${awsSpreadPerZone.page}), so this takes ${String(groups)} spread groups: nothing is spread between groups; a partition group has no such limit`
	);
}
