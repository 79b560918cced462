import {describe, expect, it} from 'vitest';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {PairResult, ProbeRun} from '../../source/probe/types.js';

const pair: PairResult = {
	placement: 'default',
	published: {gbps: 2.1, kind: 'lab-cap'},
	results: [
		aggregateSamples(1, [
			{gbps: 0.67, retransmits: 0},
			{gbps: 0.66, retransmits: 0},
			{gbps: 0.68, retransmits: 0},
		]),
		aggregateSamples(8, [
			{gbps: 2.0, retransmits: 3},
			{gbps: 2.01, retransmits: 3},
			{gbps: 1.99, retransmits: 3},
		]),
	],
	rtt: {medianMs: 0.17, avgMs: 0.19, mdevMs: 0.03},
	perFlowCeiling: {present: true, singleToAggregate: 0.33},
	percentOfPublished: 95.7,
	sustained: null,
};

const run: ProbeRun = {
	runId: 'np-abc-0001',
	provider: 'lab',
	shape: 'c8g.4xlarge',
	region: null,
	pairs: [pair, {...pair, placement: 'cluster', results: [], rtt: null}],
	teardown: {complete: true, left: []},
	finishedAt: '2026-11-29T22:00:00.000Z',
	labProfile: 'aws/c8g.4xlarge/default',
};

describe('toMeasurements', () => {
	it('gives one probe measurement per pair that measured something, named by the lab cell it reproduces', () => {
		expect(toMeasurements(run)).toEqual([
			{
				cloud: 'lab',
				shape: 'aws/c8g.4xlarge',
				placement: 'default',
				region: null,
				singleFlowGbps: 0.67,
				aggregateGbps: 2,
				streams: 8,
				rttMs: 0.17,
				jitterMs: 0.03,
				publishedGbps: 2.1,
				publishedKind: 'lab-cap',
				pricePerHour: null,
				source: 'probe',
				samples: 3,
				labProfile: 'aws/c8g.4xlarge/default',
				runId: 'np-abc-0001',
				measuredAt: '2026-11-29T22:00:00.000Z',
			},
		]);
	});

	it("names the wizard's and the CLI's run of one lab profile alike, and a collocated cell as collocated", () => {
		const cli = toMeasurements({...run, shape: 'aws/c8g.4xlarge'})[0];
		expect([cli?.shape, cli?.placement]).toEqual(['aws/c8g.4xlarge', 'default']);
		const gcp = toMeasurements({...run, shape: 'gcp/c4a-standard-16', labProfile: 'gcp/c4a-standard-16/collocated'})[0];
		expect([gcp?.shape, gcp?.placement, gcp?.labProfile]).toEqual([
			'gcp/c4a-standard-16',
			'collocated',
			'gcp/c4a-standard-16/collocated',
		]);
	});

	it('keeps the cloud for cloud runs and has no labProfile', () => {
		const [measurement] = toMeasurements({...run, provider: 'aws', region: 'us-west-2', labProfile: undefined});
		expect(measurement).toMatchObject({cloud: 'aws', region: 'us-west-2'});
		expect(measurement).not.toHaveProperty('labProfile');
	});
});
