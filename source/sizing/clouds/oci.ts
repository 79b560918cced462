// OCI in the pure core: its model (model-gcp-oci.ts), regions, documented MTUs, accelerators, data transfer.
// Regions: the OCI SDK's region table (oci-common 2.139.1, Region), the commercial realm oc1;
// test/sizing/cloud-regions.test.ts holds the list to it. The catalogue prices OCI in one region only (one
// OCI price holds everywhere).

import {ociGroupNames, ociSourceGroup} from '../data-transfer-regions.js';
import {ociCarriage, ociLimits} from '../model-gcp-oci.js';
import {byRegionPair, type CloudSizing, type PassMark, type ProbedShape, words} from './cloud-sizing.js';

const mtuPage = 'ateam-oracle.com/handling-udp-fragmented-packet-in-oci';

/**
 * The network throughput SLA: "at least 90% of the stated maximum" between instances in one availability
 * domain and VCN, for bare metal only (docs.oracle.com, Network/Concepts/networkperformance.htm).
 */
export const ociSlaShare = 0.9;
const ociSource = 'docs.oracle.com/en-us/iaas/Content/Network/Concepts/networkperformance.htm (SLA: 90%, bare metal)';

function slaMark({shape, published}: ProbedShape): PassMark {
	if (!shape.startsWith('BM.')) {
		return {
			expectedGbps: null,
			passShare: null,
			what: "no vendor threshold: OCI's throughput SLA covers bare metal only",
			source: ociSource,
		};
	}

	return {
		expectedGbps: published,
		passShare: published === null ? null : ociSlaShare,
		what: "OCI's throughput SLA",
		source: ociSource,
	};
}

export const ociSizing: CloudSizing = {
	limits: ociLimits,
	carriage: (record) => ociCarriage(record),
	regions: words(`
		us-ashburn-1 af-casablanca-1 af-johannesburg-1 ap-batam-1 ap-chuncheon-1 ap-delhi-1 ap-hyderabad-1 ap-kulai-2
		ap-melbourne-1 ap-mumbai-1 ap-osaka-1 ap-seoul-1 ap-singapore-1 ap-singapore-2 ap-sydney-1 ap-tokyo-1
		ca-montreal-1 ca-toronto-1 eu-amsterdam-1 eu-frankfurt-1 eu-madrid-1 eu-madrid-3 eu-marseille-1
		eu-milan-1 eu-paris-1 eu-stockholm-1 eu-turin-1 eu-zurich-1 il-jerusalem-1 me-abudhabi-1 me-dubai-1
		me-jeddah-1 me-riyadh-1 mx-monterrey-1 mx-queretaro-1 sa-bogota-1 sa-santiago-1 sa-saopaulo-1
		sa-valparaiso-1 sa-vinhedo-1 uk-cardiff-1 uk-london-1 us-chicago-1 us-phoenix-1
		us-saltlake-2 us-sanjose-1`),
	mtu: {
		'same-zone': {mtu: 9000, source: `${mtuPage}: instances come with MTU 9000`},
		'cross-zone': {mtu: 9000, source: `${mtuPage}: instances come with MTU 9000`},
		'cross-region': {
			mtu: null,
			source: 'no OCI figure found for remote peering between regions: unknown (give --mtu)',
			ceiling: {mtu: 1500, source: `${mtuPage}: 9000 inside a VCN, 1500 out of it (taken for remote peering too)`},
		},
		internet: {mtu: 1500, source: `${mtuPage}: the internet gateway limits packets to 1500`},
	},
	// GPU shapes (VM.GPU.*, BM.GPU.*).
	isAccelerator: (record) => /\.GPU/.test(record.shape),
	passMark: slaMark,
	// Where the catalogue has no offering list for the region (sizing/offering.ts).
	offeringCheck: (shape, region) =>
		`oci compute shape list --region ${region} --compartment-id OCID (look for ${shape})`,
	groupLimit: null,
	pmtudHostMtu: null,
	largestFlowGbps: null,
	internetLimitFooting: 'documented',
	leadPriceElsewhere: false,
	// To the internet by the source Region's group of regions.
	transfer: {
		...byRegionPair,
		internetSource: (region) => {
			const key = ociSourceGroup(region);
			return {key, words: key === null ? '' : ` (group: ${ociGroupNames[key] ?? key})`};
		},
	},
	// Availability domains (`Uocm:PHX-AD-1`) name no region: not checked.
	zoneIn: null,
	closeFlowGain: null,
};
