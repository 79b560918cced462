// Small ShapeRecord fixtures conforming to source/sizing/types.ts, with figures copied from the public
// sources in ../shared/data (so a test reads real numbers, not invented ones):
// - AWS bandwidth, vCPUs, memory, arch: aws/flexera_aws_ec2_instance_types.json (MIT); $/h us-east-1:
//   aws/karpenter_zz_generated.pricing_aws.go (Apache-2.0, 2026-07-20); ENA Express:
//   aws/aws_docs_gp_network_specs_2024-05_extract.csv (m6i.32xlarge ✓, m7i.8xlarge ✗; c8g/c8gn: no source, null).
// - GCP vCPUs/memory: gcp/cyclenerd_machinetypes.csv; $/h us-central1: gcp/cyclenerd_pricing.yml
//   (Apache-2.0, 2026-07-30); egress by the 2 Gbps/vCPU rule under the series cap; Tier_1 n2-standard-32 50
//   (gcp/cloud-image-tests_networkperf_tier1_targets.json).
// - OCI Flex ranges: oci/oci_shape_bandwidth_from_docs.csv; E5.Flex $/OCPU-h and $/GB-h:
//   oci/skypilot_oci_vms_v8_af-casablanca-1_extract.csv (2 vCPU/8 GB 0.046 -> 0.03 + 0.002 x 8).

import type {FlexRange, ShapeRecord} from '../../source/domain/model-types.js';
import type {Placement} from '../../source/domain/types.js';

const awsSource = {id: 'flexera-aws', date: '2026-08-21'};
const awsPrice = (perHour: number) => [
	{perHour, region: 'us-east-1', date: '2026-07-20', source: {id: 'karpenter-pricing', date: '2026-07-20'}},
];
const awsPlacements: readonly Placement[] = ['default', 'cluster', 'spread', 'partition'];

interface AwsFixture {
	readonly shape: string;
	readonly vcpus: number;
	readonly memoryGib: number;
	readonly arch: 'arm64' | 'x86_64';
	readonly baseline: number;
	readonly peak: number;
	readonly price: number;
	readonly enaExpress: boolean | null;
	readonly burstable?: boolean;
}

function aws(fixture: AwsFixture): ShapeRecord {
	return {
		cloud: 'aws',
		shape: fixture.shape,
		family: fixture.shape.split('.')[0] ?? fixture.shape,
		vcpus: fixture.vcpus,
		memoryGib: fixture.memoryGib,
		arch: fixture.arch,
		bandwidth: {
			baselineGbps: fixture.baseline,
			peakGbps: fixture.peak,
			kind: fixture.peak > fixture.baseline ? 'peak-over-baseline' : 'base-and-peak',
			networkCards: 1,
			perCardBaselineGbps: null,
			perCardPeakGbps: null,
			source: awsSource,
		},
		enaExpress: fixture.enaExpress,
		tier1: null,
		placements: fixture.burstable ? awsPlacements.filter((placement) => placement !== 'cluster') : awsPlacements,
		burstable: fixture.burstable ?? false,
		prices: awsPrice(fixture.price),
		regions: null,
		flex: null,
	};
}

export const c8g4xlarge = aws({
	shape: 'c8g.4xlarge',
	vcpus: 16,
	memoryGib: 32,
	arch: 'arm64',
	baseline: 7.5,
	peak: 15,
	price: 0.63808,
	enaExpress: null,
});
export const c8gn4xlarge = aws({
	shape: 'c8gn.4xlarge',
	vcpus: 16,
	memoryGib: 32,
	arch: 'arm64',
	baseline: 50,
	peak: 50,
	price: 0.948,
	enaExpress: null,
});
export const c8gn8xlarge = aws({
	shape: 'c8gn.8xlarge',
	vcpus: 32,
	memoryGib: 64,
	arch: 'arm64',
	baseline: 100,
	peak: 100,
	price: 1.896,
	enaExpress: null,
});
export const m7i8xlarge = aws({
	shape: 'm7i.8xlarge',
	vcpus: 32,
	memoryGib: 128,
	arch: 'x86_64',
	baseline: 12.5,
	peak: 12.5,
	price: 1.6128,
	enaExpress: false,
});
export const m6i32xlarge = aws({
	shape: 'm6i.32xlarge',
	vcpus: 128,
	memoryGib: 512,
	arch: 'x86_64',
	baseline: 50,
	peak: 50,
	price: 6.144,
	enaExpress: true,
});
export const t3micro = aws({
	shape: 't3.micro',
	vcpus: 2,
	memoryGib: 1,
	arch: 'x86_64',
	baseline: 0.064,
	peak: 5,
	price: 0.0104,
	enaExpress: false,
	burstable: true,
});

const gcpSource = {id: 'gcp-egress-rule', date: '2026-08-20'};
const gcpPlacements: readonly Placement[] = ['default', 'collocated', 'spread'];

function gcp(shape: string, vcpus: number, memoryGib: number, egress: number, price: number, tier1: number | null) {
	const record: ShapeRecord = {
		cloud: 'gcp',
		shape,
		family: shape.split('-')[0] ?? shape,
		vcpus,
		memoryGib,
		arch: shape.startsWith('c4a') ? 'arm64' : 'x86_64',
		bandwidth: {
			baselineGbps: egress,
			peakGbps: egress,
			kind: 'derived-per-vcpu',
			networkCards: null,
			perCardBaselineGbps: null,
			perCardPeakGbps: null,
			source: gcpSource,
		},
		enaExpress: null,
		tier1: {eligible: tier1 !== null, capGbps: tier1, source: tier1 === null ? null : gcpSource},
		placements: gcpPlacements,
		burstable: false,
		prices: [
			{
				perHour: price,
				region: 'us-central1',
				date: '2026-07-30',
				source: {id: 'cyclenerd-pricing', date: '2026-07-30'},
			},
		],
		regions: ['us-central1', 'europe-west4'],
		flex: null,
	};
	return record;
}

export const c4aStandard16 = gcp('c4a-standard-16', 16, 64, 32, 0.7184, null);
export const c4aStandard48 = gcp('c4a-standard-48', 48, 192, 50, 2.1552, null);
export const n2Standard32 = gcp('n2-standard-32', 32, 128, 32, 1.553888, 50);

const ociSource = {id: 'oci-shapes-doc', date: '2026-08-18'};

function oci(shape: string, flex: FlexRange): ShapeRecord {
	return {
		cloud: 'oci',
		shape,
		family: shape.replace(/\.Flex$/, ''),
		vcpus: flex.minOcpus * flex.vcpusPerOcpu,
		memoryGib: flex.memoryGibPerOcpu === null ? null : flex.minOcpus * flex.memoryGibPerOcpu,
		arch: shape.includes('.A') ? 'arm64' : 'x86_64',
		bandwidth: {
			baselineGbps: flex.gbpsPerOcpu,
			peakGbps: flex.gbpsPerOcpu,
			kind: 'per-ocpu',
			networkCards: null,
			perCardBaselineGbps: null,
			perCardPeakGbps: null,
			source: ociSource,
		},
		enaExpress: null,
		tier1: null,
		placements: ['default'],
		burstable: false,
		prices: [],
		regions: null,
		flex,
	};
}

export const a1Flex = oci('VM.Standard.A1.Flex', {
	minOcpus: 1,
	maxOcpus: 76,
	vcpusPerOcpu: 1,
	gbpsPerOcpu: 1,
	maxGbps: 40,
	pricePerOcpuHour: null,
	pricePerGibHour: null,
	memoryGibPerOcpu: 6,
});
export const e5Flex = oci('VM.Standard.E5.Flex', {
	minOcpus: 1,
	maxOcpus: 126,
	vcpusPerOcpu: 2,
	gbpsPerOcpu: 1,
	maxGbps: 40,
	pricePerOcpuHour: 0.03,
	pricePerGibHour: 0.002,
	memoryGibPerOcpu: 4,
});

export const studyRecords: readonly ShapeRecord[] = [c8g4xlarge, c8gn4xlarge, c4aStandard16, a1Flex];

export const fixtureShapes: readonly ShapeRecord[] = [
	c8g4xlarge,
	c8gn4xlarge,
	c8gn8xlarge,
	m7i8xlarge,
	m6i32xlarge,
	t3micro,
	c4aStandard16,
	c4aStandard48,
	n2Standard32,
	a1Flex,
	e5Flex,
];
