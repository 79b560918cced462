// What keeps two hosts apart when fault isolation is asked for on a cloud whose path isolates them at default
// placement (its entry's pathIsolation: OCI), by the path between them: inside one availability domain its
// fault domains (asked for at launch, no placement group); between availability domains (the cross-zone
// path) the ADs themselves; between Regions the Regions. The card, the why, the JSON and the decision order
// name it from here, so text and JSON say the same. Pure.

import {cloudTerms, type Placement, type RealCloud} from './clouds.js';
import type {NetworkPath} from './model-types.js';

export type IsolatedBy = 'fault-domains' | 'availability-domains' | 'regions';

export const isolatedByWords: Readonly<Record<IsolatedBy, string>> = {
	'fault-domains': 'separate fault domains',
	'availability-domains': 'separate availability domains',
	regions: 'separate Regions',
};

/** What isolates the hosts of such a configuration (OCI's) at default placement under fault isolation; else null. */
export function isolatedBy(
	configuration: {readonly cloud: RealCloud; readonly placement: Placement},
	workload: {readonly faultIsolation: boolean; readonly path: NetworkPath},
): IsolatedBy | null {
	if (!workload.faultIsolation || configuration.placement !== 'default') return null;
	if (cloudTerms[configuration.cloud].pathIsolation === null) return null;
	if (workload.path === 'same-zone') return 'fault-domains';
	return workload.path === 'cross-zone' ? 'availability-domains' : 'regions';
}
