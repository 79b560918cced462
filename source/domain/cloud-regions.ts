// The regions each cloud names, for checking a typed region (one line, a did-you-mean, exit 2: a typo such as
// us-est-1 is not answered with "nothing fits") and for the wizard's region type-ahead. Pure data.
// Where each list comes from (test/domain/cloud-regions.test.ts holds them to it):
// - GCP: the catalogue's GCP regions (source/sizing/data/catalogue.json priceRegions and offerRegions, from
//   Cyclenerd's machine type x region table), exactly.
// - AWS: the AWS SDK's endpoint partitions (@aws-sdk/core 3.981.2, util-endpoints partitions.js): the
//   commercial partition `aws`, GovCloud (`aws-us-gov`) and China (`aws-cn`).
// - OCI: the OCI SDK's region table (oci-common 2.139.1, Region), the commercial realm oc1.
// Each list starts with the cloud's catalogue price region (the example a hint gives), then by name.
// The catalogue prices AWS in us-east-1 and OCI in one region only (one OCI price holds everywhere): these
// lists say which names exist, not where a price is bundled.

import {clouds} from './clouds.js';
import type {CloudScope, RealCloud} from './types.js';

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const cloudRegions: Readonly<Record<RealCloud, readonly string[]>> = {
	aws: words(`
		us-east-1 af-south-1 ap-east-1 ap-east-2 ap-northeast-1 ap-northeast-2 ap-northeast-3 ap-south-1 ap-south-2
		ap-southeast-1 ap-southeast-2 ap-southeast-3 ap-southeast-4 ap-southeast-5 ap-southeast-6 ap-southeast-7
		ca-central-1 ca-west-1 eu-central-1 eu-central-2 eu-north-1 eu-south-1 eu-south-2 eu-west-1 eu-west-2
		eu-west-3 il-central-1 me-central-1 me-south-1 me-west-1 mx-central-1 sa-east-1 sa-west-1
		us-east-2 us-west-1 us-west-2 us-gov-east-1 us-gov-west-1 cn-north-1 cn-northwest-1`),
	gcp: words(`
		us-central1 africa-south1 asia-east1 asia-east2 asia-northeast1 asia-northeast2 asia-northeast3 asia-south1
		asia-south2 asia-southeast1 asia-southeast2 asia-southeast3 australia-southeast1 australia-southeast2
		europe-central2 europe-north1 europe-north2 europe-southwest1 europe-west1 europe-west10 europe-west12
		europe-west2 europe-west3 europe-west4 europe-west6 europe-west8 europe-west9 me-central1 me-central2
		me-west1 northamerica-northeast1 northamerica-northeast2 northamerica-south1 southamerica-east1
		southamerica-west1 us-east1 us-east4 us-east5 us-south1 us-west1 us-west2 us-west3 us-west4`),
	oci: words(`
		us-ashburn-1 af-casablanca-1 af-johannesburg-1 ap-batam-1 ap-chuncheon-1 ap-delhi-1 ap-hyderabad-1 ap-kulai-2
		ap-melbourne-1 ap-mumbai-1 ap-osaka-1 ap-seoul-1 ap-singapore-1 ap-singapore-2 ap-sydney-1 ap-tokyo-1
		ca-montreal-1 ca-toronto-1 eu-amsterdam-1 eu-frankfurt-1 eu-madrid-1 eu-madrid-3 eu-marseille-1
		eu-milan-1 eu-paris-1 eu-stockholm-1 eu-turin-1 eu-zurich-1 il-jerusalem-1 me-abudhabi-1 me-dubai-1
		me-jeddah-1 me-riyadh-1 mx-monterrey-1 mx-queretaro-1 sa-bogota-1 sa-santiago-1 sa-saopaulo-1
		sa-valparaiso-1 sa-vinhedo-1 uk-cardiff-1 uk-london-1 us-chicago-1 us-phoenix-1
		us-saltlake-2 us-sanjose-1`),
};

/** The regions `cloud` names, or every cloud's for any (empty for the lab, which has none). */
export function regionsOf(cloud: CloudScope): readonly string[] {
	if (cloud === 'lab') return [];
	if (cloud === 'any') return clouds.flatMap((each) => cloudRegions[each]);
	return cloudRegions[cloud];
}

/** The cloud that names `region`, or null when none does. */
export function cloudOfRegion(region: string): RealCloud | null {
	return clouds.find((cloud) => cloudRegions[cloud].includes(region)) ?? null;
}
