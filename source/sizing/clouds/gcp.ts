// GCP in the pure core: its model (model-gcp-oci.ts), regions, documented MTUs, accelerators, data transfer.
// Regions: exactly the catalogue's GCP regions (source/sizing/data/catalogue.json priceRegions and
// offerRegions, from Cyclenerd's machine type x region table); test/sizing/cloud-regions.test.ts holds the
// list to them.

import {gcpClassNames, gcpInterRegionClass} from '../data-transfer-regions.js';
import {gcpCarriage, gcpLimits} from '../model-gcp-oci.js';
import {type CloudSizing, type PassMark, type ProbedShape, words} from './cloud-sizing.js';

const mtuPage = 'docs.cloud.google.com/vpc/docs/mtu';
/** The largest MTU a VPC network can be set to: the path carries the hosts' MTU up to it. */
const vpcMax = {mtu: 8896, source: `${mtuPage}: a VPC network's MTU is settable up to 8896`};

/**
 * Google's image tests (GoogleCloudPlatform/cloud-image-tests, networkperf) hold each machine type to a target
 * figure and pass at 85% of it ("Relax the expected performance target to 85% of line rate",
 * performance_test.go); two VMs in one zone, iperf -P 12.
 */
export const googlePassShare = 0.85;
const googleSource = 'GoogleCloudPlatform/cloud-image-tests networkperf (performance_test.go: 0.85 x target)';

/**
 * Default-tier targets are the catalogue's `expectedGbps`; Tier_1's its `tier1.capGbps` where that came from
 * the image tests' tier1 targets.
 */
function googleMark({shape, record, tier1}: ProbedShape): PassMark {
	const target = tier1
		? record?.tier1?.source?.id === 'cloud-image-tests-tier1'
			? record.tier1.capGbps
			: null
		: (record?.bandwidth.expectedGbps ?? null);
	const what =
		target === null ? `no Google image-test target for ${shape}${tier1 ? ' on Tier_1' : ''}` : "Google's image test";
	return {expectedGbps: target, passShare: target === null ? null : googlePassShare, what, source: googleSource};
}

export const gcpSizing: CloudSizing = {
	limits: gcpLimits,
	carriage: (record, context) => gcpCarriage(record, context.path),
	regions: words(`
		us-central1 africa-south1 asia-east1 asia-east2 asia-northeast1 asia-northeast2 asia-northeast3 asia-south1
		asia-south2 asia-southeast1 asia-southeast2 asia-southeast3 australia-southeast1 australia-southeast2
		europe-central2 europe-north1 europe-north2 europe-southwest1 europe-west1 europe-west10 europe-west12
		europe-west2 europe-west3 europe-west4 europe-west6 europe-west8 europe-west9 me-central1 me-central2
		me-west1 northamerica-northeast1 northamerica-northeast2 northamerica-south1 southamerica-east1
		southamerica-west1 us-east1 us-east4 us-east5 us-south1 us-west1 us-west2 us-west3 us-west4`),
	mtu: {
		'same-zone': {mtu: 1460, source: `${mtuPage}: VPC networks default to 1460 (settable 1300-8896)`, ceiling: vpcMax},
		'cross-zone': {mtu: 1460, source: `${mtuPage}: VPC networks default to 1460 (settable 1300-8896)`, ceiling: vpcMax},
		'cross-region': {
			mtu: 1460,
			source: `${mtuPage}: a VPC network is global; its MTU (default 1460, settable 1300-8896) holds between regions`,
			ceiling: vpcMax,
		},
		internet: {
			mtu: 1460,
			source: `${mtuPage}: the VPC default 1460; larger packets toward the internet may be clamped or dropped`,
			ceiling: {mtu: 1500, source: `${mtuPage}: packets over 1500 toward the internet may be MSS-clamped or dropped`},
		},
	},
	// A2/A3/A4/G2/G4 (GPU) and CT (TPU) series.
	isAccelerator: (record) => /^(a\d|g\d|ct\d)/.test(record.family),
	passMark: googleMark,
	// Where the catalogue has no offering list for the region (sizing/offering.ts).
	offeringCheck: (shape, region) => `gcloud compute machine-types list --filter="name=${shape} AND zone~^${region}-"`,
	groupLimit: null,
	pmtudHostMtu: null,
	largestFlowGbps: null,
	// The internet limit is the figure Google's tests report (documented-limits.ts gcpInternetReported).
	internetLimitFooting: 'reported',
	leadPriceElsewhere: false,
	// Between Regions by the pair's class where no pair row is given; to the internet, Premium tier, worldwide.
	transfer: {
		interRegionClass: (from, to) => {
			const kind = gcpInterRegionClass(from, to);
			return kind === null ? null : {kind, name: gcpClassNames[kind] ?? kind};
		},
		internetSource: (region) => ({key: region, words: ''}),
		internetDestination: 'worldwide',
		internetWords: ' (Premium tier, worldwide but China and Australia)',
	},
	// A zone is its region, a dash and a letter (`us-central1-a`).
	zoneIn: (zone, region) => zone.startsWith(region) && /^-[a-z]$/.test(zone.slice(region.length)),
	closeFlowGain: null,
};
