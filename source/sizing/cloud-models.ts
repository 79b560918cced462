// What the pure core knows of each cloud, by id: one line per cloud (domain/clouds.ts lists the ids; each
// cloud's entry is its own file in sizing/clouds/). The model, the region checks, the path defaults, the
// catalogue's price region and the search's rules read a cloud's knowledge here, never by naming the cloud.

import type {RealCloud} from '../domain/clouds.js';
import {awsSizing} from './clouds/aws.js';
import type {CloudSizing} from './clouds/cloud-sizing.js';
import {gcpSizing} from './clouds/gcp.js';
import {ociSizing} from './clouds/oci.js';

const models: Readonly<Record<RealCloud, CloudSizing>> = {
	aws: awsSizing,
	gcp: gcpSizing,
	oci: ociSizing,
};

export function cloudSizing(cloud: RealCloud): CloudSizing {
	return models[cloud];
}

/** The region a cloud's prices are read in when no --region is given: the first region it names. */
export function leadPriceRegion(cloud: RealCloud): string {
	return models[cloud].regions[0] as string;
}
