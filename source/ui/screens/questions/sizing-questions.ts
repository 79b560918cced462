// The questions that narrow the search, after the workload's own: architecture, minimum vCPUs and memory,
// the region (one cloud only: region names are a cloud's), and a shape the user has or is considering,
// picked by type-ahead over the catalogue. Each opens on "any", so Enter skips it. Pure data.

import type {CloudScope} from '../../../domain/types.js';

export type SizingQuestionId = 'arch' | 'minVcpus' | 'minMemoryGib' | 'region' | 'shape';

export const sizingQuestionIds: readonly SizingQuestionId[] = ['arch', 'minVcpus', 'minMemoryGib', 'region', 'shape'];

/** Regions offered as choices per cloud (any other can be typed); each catalogue's price region first. */
export const regionChoices: Readonly<Record<Exclude<CloudScope, 'any' | 'lab'>, readonly string[]>> = {
	aws: ['us-east-1', 'us-west-2', 'eu-west-1'],
	gcp: ['us-central1', 'europe-west4', 'asia-southeast1'],
	oci: ['us-ashburn-1', 'eu-frankfurt-1'],
};

/** Region names as the clouds write them: lower-case letters, digits and dashes. */
export const regionPattern = /^[a-z]{2,}(?:-[a-z0-9]+)+$/;
