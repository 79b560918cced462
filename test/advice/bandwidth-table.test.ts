import {describe, expect, it} from 'vitest';
import {bandwidthTable, barFraction, publishedKindLabel} from '../../source/advice/bandwidth-table.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {BandwidthRow, Measurement} from '../../source/domain/types.js';

const rows = bandwidthTable(referenceMeasurements());

function row(cloud: string, shape: string, placement: string): BandwidthRow {
	const found = rows.find((r) => r.cloud === cloud && r.shape === shape && r.placement === placement);
	if (!found) {
		throw new Error(`no row ${cloud}/${shape}/${placement}`);
	}

	return found;
}

function probe(overrides: Partial<Measurement>): Measurement {
	return {
		cloud: 'aws',
		shape: 'c8g.4xlarge',
		placement: 'default',
		region: 'us-west-2',
		singleFlowGbps: 4.8,
		aggregateGbps: 14.5,
		streams: 8,
		rttMs: 0.2,
		jitterMs: 0.01,
		publishedGbps: 15,
		publishedKind: 'peak-over-baseline',
		pricePerHour: 0.6381,
		source: 'probe',
		samples: 3,
		...overrides,
	};
}

describe('bandwidthTable', () => {
	it('pins the percentages the study states', () => {
		const stated: Array<[string, string, string, number, number]> = [
			// cloud, shape, placement, percentOfPublished, study's rounded figure
			['aws', 'c8gn.4xlarge', 'cluster', 99.5, 99.5],
			['aws', 'c8gn.4xlarge', 'default', 79.4, 79],
			['aws', 'c8gn.4xlarge', 'spread', 76.2, 76],
			['aws', 'c8g.4xlarge', 'default', 99.3, 99],
			['oci', 'VM.Standard.A1.Flex', 'default', 102, 102],
			['gcp', 'c4a-standard-16', 'default', 67.8, 68],
		];
		for (const [cloud, shape, placement, exact, rounded] of stated) {
			const percent = row(cloud, shape, placement).percentOfPublished;
			expect(percent, `${cloud}/${shape}/${placement}`).toBe(exact);
			expect(Math.round(percent ?? 0) === rounded || percent === rounded).toBe(true);
		}
	});

	it('gives the single-to-aggregate shares the study states (33% on c8g, 12% on c8gn, 103% and 95%)', () => {
		expect(row('aws', 'c8g.4xlarge', 'default').singleToAggregate).toBe(0.33);
		expect(row('aws', 'c8gn.4xlarge', 'default').singleToAggregate).toBe(0.12);
		expect(row('aws', 'c8gn.4xlarge', 'cluster').singleToAggregate).toBe(0.19);
		expect(row('gcp', 'c4a-standard-16', 'default').singleToAggregate).toBe(1.03);
		expect(row('oci', 'VM.Standard.A1.Flex', 'default').singleToAggregate).toBe(0.95);
		expect(row('gcp', 'c4a-standard-16', 'collocated').singleToAggregate).toBeNull();
	});

	it('matches the DESIGN.md example row exactly', () => {
		expect(row('aws', 'c8gn.4xlarge', 'cluster')).toEqual({
			cloud: 'aws',
			shape: 'c8gn.4xlarge',
			placement: 'cluster',
			region: 'us-west-2',
			singleFlowGbps: 9.53,
			aggregateGbps: 49.74,
			streams: 8,
			publishedGbps: 50,
			publishedKind: 'base-and-peak',
			percentOfPublished: 99.5,
			singleToAggregate: 0.19,
			rttMs: 0.079,
			jitterMs: null,
			pricePerHour: 0.948,
			source: 'reference',
			samples: 1,
		});
	});

	it('states the kinds and marks GCP and OCI figures derived', () => {
		expect(rows.map((r) => r.publishedKind)).toEqual([
			'peak-over-baseline',
			'peak-over-baseline',
			'peak-over-baseline',
			'base-and-peak',
			'base-and-peak',
			'base-and-peak',
			'derived-per-vcpu',
			'derived-per-vcpu',
			'per-ocpu',
		]);
		expect(row('gcp', 'c4a-standard-16', 'default').derived).toEqual(['singleFlowGbps', 'publishedGbps']);
		expect(row('gcp', 'c4a-standard-16', 'collocated').derived).toEqual(['publishedGbps']);
		expect(row('oci', 'VM.Standard.A1.Flex', 'default').derived).toEqual([
			'singleFlowGbps',
			'aggregateGbps',
			'publishedGbps',
		]);
		expect(row('aws', 'c8g.4xlarge', 'default').derived).toBeUndefined();
	});

	it('orders cloud, shape, placement, reference before probe, and filters by scope', () => {
		const lab = probe({cloud: 'lab', shape: 'custom', region: null, publishedGbps: 2.1, publishedKind: 'lab-cap'});
		const awsProbe = probe({placement: 'cluster'});
		const table = bandwidthTable([lab, awsProbe, ...referenceMeasurements()]);
		expect(table.map((r) => `${r.cloud}/${r.shape}/${r.placement}/${r.source}`)).toEqual([
			'aws/c8g.4xlarge/default/reference',
			'aws/c8g.4xlarge/cluster/reference',
			'aws/c8g.4xlarge/cluster/probe',
			'aws/c8g.4xlarge/spread/reference',
			'aws/c8gn.4xlarge/default/reference',
			'aws/c8gn.4xlarge/cluster/reference',
			'aws/c8gn.4xlarge/spread/reference',
			'gcp/c4a-standard-16/default/reference',
			'gcp/c4a-standard-16/collocated/reference',
			'oci/VM.Standard.A1.Flex/default/reference',
			'lab/custom/default/probe',
		]);
		expect(table.find((r) => r.source === 'probe' && r.cloud === 'aws')?.derived).toBeUndefined();
		expect(bandwidthTable([lab, ...referenceMeasurements()], 'any').some((r) => r.cloud === 'lab')).toBe(false);
		expect(bandwidthTable([lab, ...referenceMeasurements()], 'lab')).toHaveLength(1);
		expect(bandwidthTable(referenceMeasurements(), 'gcp').map((r) => r.placement)).toEqual(['default', 'collocated']);
	});

	it('leaves percentages null without a published figure or a measurement', () => {
		const [unpublished] = bandwidthTable([probe({publishedGbps: null, publishedKind: 'measured-only'})]);
		expect(unpublished?.percentOfPublished).toBeNull();
		const [unmeasured] = bandwidthTable([probe({singleFlowGbps: null, aggregateGbps: null})]);
		expect(unmeasured?.percentOfPublished).toBeNull();
		expect(unmeasured?.singleToAggregate).toBeNull();
	});
});

describe('barFraction', () => {
	it('is measured over published, clamped to 0..1', () => {
		expect(barFraction(row('aws', 'c8gn.4xlarge', 'default'))).toBeCloseTo(39.72 / 50, 6);
		expect(barFraction(row('oci', 'VM.Standard.A1.Flex', 'default'))).toBe(1);
		expect(barFraction({singleFlowGbps: null, aggregateGbps: 3, publishedGbps: null})).toBeNull();
		expect(barFraction({singleFlowGbps: null, aggregateGbps: null, publishedGbps: 10})).toBeNull();
		expect(barFraction({singleFlowGbps: 0, aggregateGbps: 0, publishedGbps: 10})).toBe(0);
	});
});

describe('publishedKindLabel', () => {
	it('explains each kind in one phrase', () => {
		expect(publishedKindLabel('peak-over-baseline', row('aws', 'c8g.4xlarge', 'default'))).toBe(
			'15 peak over a 7.5 baseline',
		);
		expect(publishedKindLabel('base-and-peak', row('aws', 'c8gn.4xlarge', 'spread'))).toBe('50 base and peak');
		expect(publishedKindLabel('derived-per-vcpu', row('gcp', 'c4a-standard-16', 'default'))).toBe(
			'derived: 2 per vCPU x 16 vCPUs',
		);
		expect(publishedKindLabel('per-ocpu', row('oci', 'VM.Standard.A1.Flex', 'default'))).toBe('1 per OCPU x 16 OCPUs');
		expect(publishedKindLabel('derived-per-vcpu')).toBe('derived: per-vCPU rate');
		expect(publishedKindLabel('per-ocpu')).toBe('per-OCPU rate x OCPUs');
		expect(
			publishedKindLabel('lab-cap', {cloud: 'lab', shape: 'custom', placement: 'default', publishedGbps: 2.1}),
		).toBe('lab cap 2.1');
		expect(publishedKindLabel('measured-only')).toBe('nothing published');
	});
});
