// AWS in the pure core: its model (model-aws.ts), regions, documented MTUs, accelerators, group limit, prices.
// Regions: the AWS SDK's endpoint partitions (@aws-sdk/core 3.981.2, util-endpoints partitions.js): the
// commercial partition `aws`, GovCloud (`aws-us-gov`) and China (`aws-cn`); test/sizing/cloud-regions.test.ts
// holds the list to them. The catalogue prices AWS in us-east-1 only.

import {awsClusterFlowCap, awsFlowCap, awsSpreadPerZone} from '../documented-limits.js';
import {awsCarriage, awsLimits, largestAwsFlowGbps} from '../model-aws.js';
import {byRegionPair, type CloudSizing, words} from './cloud-sizing.js';

const mtuPage = 'docs.aws.amazon.com/AWSEC2/latest/UserGuide/network_mtu.html';

export const awsSizing: CloudSizing = {
	limits: awsLimits,
	carriage: awsCarriage,
	regions: words(`
		us-east-1 af-south-1 ap-east-1 ap-east-2 ap-northeast-1 ap-northeast-2 ap-northeast-3 ap-south-1 ap-south-2
		ap-southeast-1 ap-southeast-2 ap-southeast-3 ap-southeast-4 ap-southeast-5 ap-southeast-6 ap-southeast-7
		ca-central-1 ca-west-1 eu-central-1 eu-central-2 eu-north-1 eu-south-1 eu-south-2 eu-west-1 eu-west-2
		eu-west-3 il-central-1 me-central-1 me-south-1 me-west-1 mx-central-1 sa-east-1 sa-west-1
		us-east-2 us-west-1 us-west-2 us-gov-east-1 us-gov-west-1 cn-north-1 cn-northwest-1`),
	mtu: {
		'same-zone': {mtu: 9001, source: `${mtuPage}: jumbo frames (9001) within a VPC`},
		'cross-zone': {mtu: 9001, source: `${mtuPage}: jumbo frames (9001) within a VPC`},
		'cross-region': {
			mtu: 1500,
			source: `${mtuPage}: 1500 between Regions unless through a transit gateway (8500 over inter-Region VPC peering)`,
			ceiling: {
				mtu: 1500,
				source: `${mtuPage}: 1500 between Regions (8500 over inter-Region VPC peering, which netplace does not model)`,
			},
		},
		internet: {mtu: 1500, source: `${mtuPage}: 1500 through an internet gateway`},
	},
	// p/g/trn/inf/dl/f/vt families: GPU, Trainium, Inferentia, Gaudi, FPGA, video transcoding.
	isAccelerator: (record) => /^(p\d|g\d|gr\d|trn\d|inf\d|dl\d|f\d|vt\d)/.test(record.family),
	// None: the EC2 User Guide ("Available instance bandwidth") states maxima and baselines, and that an
	// instance's bandwidth may go below them; it names no pass figure.
	passMark: () => ({
		expectedGbps: null,
		passShare: null,
		what: 'no vendor threshold: AWS states maxima, no pass figure',
		source: 'EC2 User Guide, Available instance bandwidth (maxima; no pass figure)',
	}),
	// Where the catalogue has no offering list for the region (sizing/offering.ts).
	offeringCheck: (shape, region) =>
		`aws ec2 describe-instance-type-offerings --region ${region} --filters Name=instance-type,Values=${shape}`,
	groupLimit: {placement: 'spread', instances: awsSpreadPerZone.instances, page: awsSpreadPerZone.page},
	// The VPC's jumbo frames (mtu above) meet a 1500 path out of the Region.
	pmtudHostMtu: 9001,
	largestFlowGbps: largestAwsFlowGbps,
	internetLimitFooting: 'documented',
	// The catalogue prices AWS in us-east-1 only.
	leadPriceElsewhere: true,
	transfer: byRegionPair,
	// A zone is its region and a letter (`us-west-2a`), a Local Zone more (`us-west-2-lax-1a`).
	zoneIn: (zone, region) => zone.startsWith(region),
	closeFlowGain: {
		placement: 'cluster',
		label: 'a cluster placement group',
		fromGbps: awsFlowCap.gbps,
		toGbps: awsClusterFlowCap.gbps,
		footing: 'documented, AWS EC2 User Guide',
	},
};
