// The regions each cloud names (its entry in sizing/clouds/), for checking a typed region (one line, a
// did-you-mean, exit 2: a typo such as us-est-1 is not answered with "nothing fits") and for the wizard's
// region type-ahead. These lists say which names exist, not where a price is bundled. Pure.

import {clouds} from '../domain/clouds.js';
import type {CloudScope, RealCloud} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';

/** The regions `cloud` names, or every cloud's for any (empty for the lab, which has none). */
export function regionsOf(cloud: CloudScope): readonly string[] {
	if (cloud === 'lab') return [];
	if (cloud === 'any') return clouds.flatMap((each) => cloudSizing(each).regions);
	return cloudSizing(cloud).regions;
}

/** The cloud that names `region`, or null when none does. */
export function cloudOfRegion(region: string): RealCloud | null {
	return clouds.find((cloud) => cloudSizing(cloud).regions.includes(region)) ?? null;
}
