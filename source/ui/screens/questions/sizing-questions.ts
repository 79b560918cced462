// The questions that narrow the search, after the workload's own: architecture, minimum vCPUs and memory,
// the region (one cloud only: region names are a cloud's), picked by type-ahead over the regions the cloud
// names, and a shape the user has or is considering, picked by type-ahead over the catalogue. Each opens on
// "any", so Enter skips it. Pure data.

import type {CloudScope} from '../../../domain/types.js';
import {regionsOf} from '../../../sizing/cloud-regions.js';
import type {PickItem} from '../../components/type-ahead/type-ahead-reducer.js';

export type SizingQuestionId = 'arch' | 'minVcpus' | 'minMemoryGib' | 'region' | 'shape';

export const sizingQuestionIds: readonly SizingQuestionId[] = ['arch', 'minVcpus', 'minMemoryGib', 'region', 'shape'];

/** The cloud's regions as type-ahead items (its catalogue price region first: where prices are bundled). */
export function regionItems(cloud: CloudScope): readonly PickItem[] {
	return regionsOf(cloud).map((region, index) => ({
		value: region,
		label: region,
		detail: index === 0 ? 'the catalogue’s price region' : '',
		published: '',
	}));
}
