// The study's AWS figures (us-west-2, one availability zone): c8g.4xlarge and c8gn.4xlarge across
// default, cluster and spread placement, and the sustained 300 s c8g.4xlarge run. Pure data.

import {type CloudNote, measured, notGiven, type PublishedFigure, type ReferenceCell} from './provenance.js';
import type {Placement} from './types.js';

const region = 'us-west-2';

const jitterNotGiven = notGiven(
	"AWS jitter is given only as a range across the six AWS pairs ('0.006 to 0.016 ms'), not per cell",
);

const c8gPublished: PublishedFigure = {
	kind: 'peak-over-baseline',
	figure: measured(15),
	baselineGbps: 7.5,
	detail: 'AWS publishes c8g.4xlarge at a 15 Gbps peak over a 7.5 Gbps baseline (InstanceFinder AWS dataset)',
};

const c8gnPublished: PublishedFigure = {
	kind: 'base-and-peak',
	figure: measured(50),
	detail: 'AWS publishes c8gn.4xlarge at 50 Gbps base and peak (InstanceFinder AWS dataset)',
};

interface AwsRow {
	readonly shape: 'c8g.4xlarge' | 'c8gn.4xlarge';
	readonly placement: Placement;
	readonly single: number;
	readonly aggregate: number;
	readonly rtt: number;
	readonly notes?: readonly string[];
}

// Every figure below is quoted in the article's text (the AWS matrix, restated in its sections).
const rows: readonly AwsRow[] = [
	{shape: 'c8g.4xlarge', placement: 'default', single: 4.96, aggregate: 14.89, rtt: 0.17},
	{shape: 'c8g.4xlarge', placement: 'cluster', single: 9.53, aggregate: 14.89, rtt: 0.072},
	{
		shape: 'c8g.4xlarge',
		placement: 'spread',
		single: 4.96,
		aggregate: 14.89,
		rtt: 0.161,
		notes: ["spread single flow: 'at default or spread placement one flow gets 4.96 Gbps ... on both shapes'"],
	},
	{shape: 'c8gn.4xlarge', placement: 'default', single: 4.96, aggregate: 39.72, rtt: 0.134},
	{shape: 'c8gn.4xlarge', placement: 'cluster', single: 9.53, aggregate: 49.74, rtt: 0.079},
	{
		shape: 'c8gn.4xlarge',
		placement: 'spread',
		single: 4.96,
		aggregate: 38.12,
		rtt: 0.129,
		notes: ["spread single flow: 'at default or spread placement one flow gets 4.96 Gbps ... on both shapes'"],
	},
];

export const awsCells: readonly ReferenceCell[] = rows.map((row) => ({
	cloud: 'aws',
	region,
	zone: null,
	shape: row.shape,
	placement: row.placement,
	singleFlowGbps: measured(row.single),
	aggregateGbps: measured(row.aggregate),
	streams: 8,
	rttMs: measured(row.rtt),
	jitterMs: jitterNotGiven,
	samples: 1,
	published: row.shape === 'c8g.4xlarge' ? c8gPublished : c8gnPublished,
	pricePerHour: row.shape === 'c8g.4xlarge' ? 0.6381 : 0.948,
	perFlowCeiling: true,
	notes: row.notes ?? [],
}));

/** The sustained run: one c8g.4xlarge pair at default placement, 300 s, no decay. */
export interface SustainedReference {
	readonly cloud: 'aws';
	readonly region: string;
	readonly shape: string;
	readonly placement: Placement;
	readonly durationSeconds: number;
	readonly blockSeconds: number;
	/** Aggregate Gbps in each 30 s block, start to finish. */
	readonly blockGbps: readonly number[];
	readonly slowestSecondGbps: number;
	readonly fastestSecondGbps: number;
	/** Last ten seconds over the first ten. */
	readonly lastOverFirst: number;
	/** Single flow measured over the same 300 s. */
	readonly singleFlowGbps: number;
	readonly peakGbps: number;
	readonly baselineGbps: number;
	readonly samples: number;
	readonly notes: readonly string[];
}

export const sustainedReference: SustainedReference = {
	cloud: 'aws',
	region,
	shape: 'c8g.4xlarge',
	placement: 'default',
	durationSeconds: 300,
	blockSeconds: 30,
	blockGbps: Array.from({length: 10}, () => 14.89),
	slowestSecondGbps: 14.86,
	fastestSecondGbps: 15.04,
	lastOverFirst: 0.999,
	singleFlowGbps: 4.965,
	peakGbps: 15,
	baselineGbps: 7.5,
	samples: 1,
	notes: [
		'one instance, one run; the 7.5 Gbps baseline may still bind over longer windows or under contention',
		'no equivalent 300 s run on c8gn.4xlarge',
	],
};

export const awsNotes: readonly CloudNote[] = [
	{
		cloud: 'aws',
		id: 'aws-jitter-range',
		text: 'jitter (RTT mean deviation) 0.006 to 0.016 ms across the six AWS pairs, not given per pair',
		range: {min: 0.006, max: 0.016, unit: 'ms'},
	},
	{
		cloud: 'aws',
		id: 'aws-stock-configuration',
		text: 'ENA Express not enabled and jumbo frames not configured: single-flow figures are a floor, not a limit',
	},
];
