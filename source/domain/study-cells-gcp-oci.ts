// The study's GCP (c4a-standard-16, us-central1-a, default and COLLOCATED) and OCI
// (VM.Standard.A1.Flex 16 OCPU, us-ashburn-1 AD-1, default only) figures. Pure data.

import {type CloudNote, derived, measured, notGiven, type PublishedFigure, type ReferenceCell} from './provenance.js';

const gcpPublished: PublishedFigure = {
	kind: 'derived-per-vcpu',
	figure: derived(
		'2 Gbps per vCPU x 16 vCPU, under the series cap (article: "its 32 Gbps is derived from a documented per-vCPU rate and series cap")',
		[2, 16],
		0,
	),
	detail: 'Google publishes no per-shape figure; 32 Gbps is derived from the documented per-vCPU rate and series cap',
};

const gcpAggregateDefault = 21.06;

export const gcpCells: readonly ReferenceCell[] = [
	{
		cloud: 'gcp',
		region: 'us-central1',
		zone: 'us-central1-a',
		shape: 'c4a-standard-16',
		placement: 'default',
		singleFlowGbps: derived(
			`103% x ${gcpAggregateDefault} Gbps aggregate (article: 'On GCP and OCI a single TCP connection reached essentially the entire link: 103% and 95% of the respective 8-stream figures')`,
			[1.03, gcpAggregateDefault],
		),
		aggregateGbps: measured(gcpAggregateDefault),
		streams: 8,
		rttMs: measured(0.116),
		jitterMs: measured(0.089),
		samples: 1,
		published: gcpPublished,
		pricePerHour: null,
		perFlowCeiling: false,
		notes: [
			'over 100% is noise plus per-stream overhead, not evidence that parallelising hurts',
			'C4A Tier_1 series maximum (100 Gbps) is a series ceiling, not a denominator for this shape',
		],
	},
	{
		cloud: 'gcp',
		region: 'us-central1',
		zone: 'us-central1-a',
		shape: 'c4a-standard-16',
		placement: 'collocated',
		singleFlowGbps: notGiven('the study gives no single-flow figure for the COLLOCATED pair'),
		aggregateGbps: measured(20.87),
		streams: 8,
		rttMs: measured(0.054),
		jitterMs: measured(0.068),
		samples: 1,
		published: gcpPublished,
		pricePerHour: null,
		perFlowCeiling: false,
		notes: [
			'plain COLLOCATED policy; maxDistance not varied',
			'requires onHostMaintenance=TERMINATE (no live migration)',
		],
	},
];

/** OCPUs of the study's VM.Standard.A1.Flex pair. */
export const ociOcpus = 16;
const ociPublished: PublishedFigure = {
	kind: 'per-ocpu',
	figure: derived(`1 Gbps per OCPU x ${ociOcpus} OCPU (OCI publishes a per-OCPU rate)`, [1, ociOcpus], 0),
	detail: 'OCI publishes a per-OCPU rate: 1 Gbps x 16 OCPU (netGbps in the dataset is the per-OCPU unit)',
};

const ociAggregate = derived(
	`102% x ${ociOcpus} Gbps published (article: "OCI's 102% is a measurement marginally above a round published figure")`,
	[1.02, ociOcpus],
);

export const ociCells: readonly ReferenceCell[] = [
	{
		cloud: 'oci',
		region: 'us-ashburn-1',
		zone: 'AD-1',
		shape: 'VM.Standard.A1.Flex',
		placement: 'default',
		singleFlowGbps: derived(
			`95% x ${String(ociAggregate.value)} Gbps derived aggregate (article: '103% and 95% of the respective 8-stream figures')`,
			[0.95, ociAggregate.value ?? 0],
		),
		aggregateGbps: ociAggregate,
		streams: 8,
		rttMs: measured(0.356, 'an earlier sample gave 0.395 ms; 0.356 is the run that also produced throughput'),
		jitterMs: measured(0.046),
		samples: 1,
		published: ociPublished,
		pricePerHour: null,
		perFlowCeiling: false,
		notes: ['16 OCPU', 'earlier RTT sample 0.395 ms'],
	},
];

/** OCI RTT samples the study reports (0.356 quoted; 0.395 earlier). */
export const ociRttSamplesMs: readonly number[] = [0.356, 0.395];

export const gcpOciNotes: readonly CloudNote[] = [
	{
		cloud: 'gcp',
		id: 'gcp-derived-published',
		text: 'the 32 Gbps is derived from a per-vCPU rate and series cap: the weakest of the three comparisons',
	},
	{
		cloud: 'oci',
		id: 'oci-placement-untested',
		text: 'OCI placement could not be varied: the cluster placement group API answered 404',
	},
];
