// A placement group's documented size limit on a multi-pair plan, from the cloud's entry (sizing/clouds/): an
// AWS spread group holds at most seven running instances per Availability Zone (documented-limits.ts). Both ends of a pair share a zone on the
// same-zone path; across zones, Regions or to the internet each zone holds one end of each pair. A plan over
// the limit is said (how many groups it takes, and that nothing is spread between them; a partition group has
// no such limit) and ranks after plans within it at equal cost (plan.ts). Pure.

import type {Configuration, NetworkPath} from '../domain/model-types.js';
import {cloudSizing} from './cloud-models.js';

/** Instances the plan puts in one zone of its spread group. */
function perZone(pairs: number, path: NetworkPath): number {
	return path === 'same-zone' ? 2 * pairs : pairs;
}

/** Whether the plan puts more instances in one zone than its placement group holds. */
export function overGroupLimit(configuration: Configuration, pairs: number, path: NetworkPath): boolean {
	const limit = cloudSizing(configuration.cloud).groupLimit;
	return limit !== null && configuration.placement === limit.placement && perZone(pairs, path) > limit.instances;
}

/** The line that says so, or null within the limit. */
export function groupLimitLine(configuration: Configuration, pairs: number, path: NetworkPath): string | null {
	const limit = cloudSizing(configuration.cloud).groupLimit;
	if (limit === null || !overGroupLimit(configuration, pairs, path)) return null;
	const count = perZone(pairs, path);
	const groups = Math.ceil(count / limit.instances);
	return (
		`${String(pairs)} pairs put ${String(count)} instances in one Availability Zone: a spread group holds ${String(limit.instances)} ` +
		`there (${limit.page}), so this takes ${String(groups)} spread groups: nothing is spread between groups; a partition group has no such limit`
	);
}
