// The clouds' documented network limits the throughput model reads, each with its source
// (quoted in ../shared/data/RESEARCH-NOTES.md; the project's DATA-SOURCES.md credits the pages).
// Figures a cloud states are `documented`; a figure only secondary sources report says so.

export interface DocumentedLimit {
	readonly gbps: number;
	/** Where the figure is stated, one line (page and words). */
	readonly source: string;
}

const awsBandwidthPage = 'docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-network-bandwidth';

/** AWS: one flow (5-tuple) outside a cluster placement group. */
export const awsFlowCap: DocumentedLimit = {
	gbps: 5,
	source: `${awsBandwidthPage}: "single-flow traffic is limited to 5 Gbps when instances are not in the same cluster placement group"`,
};

/** AWS: one flow inside a cluster placement group. */
export const awsClusterFlowCap: DocumentedLimit = {
	gbps: 10,
	source: `${awsBandwidthPage}: "Use a cluster placement group to achieve up to 10 Gbps ... within the placement group"`,
};

/** AWS: one flow with ENA Express on both ends (same Region), up to the instance limit. */
export const awsEnaExpressFlowCap: DocumentedLimit = {
	gbps: 25,
	source:
		'docs.aws.amazon.com/AWSEC2/latest/UserGuide/ena-express.html: "Increases the maximum bandwidth a single flow can use from 5 Gbps up to 25 Gbps within the same Region, up to the aggregate instance limit"',
};

/** AWS regions where ENA Express does not cross Availability Zones (ena-express.html). */
export const awsEnaExpressNoCrossZoneRegions: readonly string[] = ['sa-east-1', 'me-south-1', 'me-central-1'];

/** AWS: through an internet gateway or to another Region. */
export const awsInternetPath = {
	/** Under this many vCPUs the limit is `smallGbps`; at or above it, `share` of the instance bandwidth (at least `smallGbps`). */
	vcpuThreshold: 32,
	smallGbps: 5,
	share: 0.5,
	source: `${awsBandwidthPage}: "limited to 50% of the available bandwidth for traffic that goes through an internet gateway ... for instances with 32 or more vCPUs, or 5 Gbps, whichever is larger. For instances with fewer than 32 vCPUs, bandwidth is limited to 5 Gbps"`,
} as const;

/** AWS "up to" shapes burst on network I/O credits. */
export const awsBurstWindow = {
	minMinutes: 5,
	maxMinutes: 60,
	source: `${awsBandwidthPage} (2023 text): "Instances can use burst bandwidth for a limited time, typically from 5 to 60 minutes, depending on the instance size"`,
} as const;

/**
 * GCP: egress to addresses outside the VPC. Reported by secondary sources citing Google's page
 * (m-lab/k8s-support PR #734, skyplane issue #310); not verified on Google's own page, so the model
 * calls any figure resting on it `modelled`, never `documented`.
 */
export const gcpInternetReported: DocumentedLimit = {
	gbps: 7,
	source:
		'reported (m-lab/k8s-support #734, skyplane #310) from cloud.google.com/compute/docs/network-bandwidth#vm-out-dest-e; unverified',
};

export const gcpEgressRule =
	'cloud.google.com/compute/docs/network-bandwidth: "Per-VM maximum egress bandwidth is generally 2 Gbps per vCPU", up to a per-series cap';

export const ociBandwidthRule =
	'docs.oracle.com/en-us/iaas/Content/Compute/References/computeshapes.htm: "The network bandwidth ... scale[s] proportionately with the number of OCPUs" (within a VCN)';

/**
 * AWS: the 200 Gbps `32xlarge` and `metal` sizes (c6in, m6in, m6idn, r6in, ...) reach 200 only over two ENIs
 * on separate network cards; one ENI reaches 170. Shapes whose cards the catalogue lists with their own
 * figure (c8gn.48xlarge 2 x 300, p5 32 x 100) use that figure per card instead.
 */
export const awsPerEniCap = {
	gbps: 170,
	instanceGbps: 200,
	sizes: /\.(32xlarge|metal)$/,
	source:
		'docs.aws.amazon.com/AWSEC2/latest/UserGuide/general-purpose-instances.html, compute-optimized-instances.html: "For 32xlarge and metal instance types that support 200 Gbps, at least 2 ENIs, each attached to a different network card, are required ... Each ENI attached to a network card can achieve a max of 170 Gbps" (shared/data/docs/aws)',
} as const;

/**
 * AWS shapes with more network cards than two are accelerator fabrics (p4d/p5 4-32 cards, trn1 8-16, dl1 4):
 * their cards carry EFA traffic between accelerators. The model plans TCP on the first card only; what TCP
 * reaches over the others is not documented in the sources (unknown, not added).
 */
export const awsEfaFabricCards = 2;

/** AWS: a (rack) spread placement group's running instances per Availability Zone. */
export const awsSpreadPerZone = {
	instances: 7,
	page: 'EC2 User Guide, placement strategies',
	source:
		'docs.aws.amazon.com/AWSEC2/latest/UserGuide/placement-strategies.html: "A rack spread placement group supports a maximum of seven running instances per Availability Zone"; more need several spread groups, with no spread guaranteed between them',
} as const;
