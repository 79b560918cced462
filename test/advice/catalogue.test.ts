import {existsSync, readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import type {Figure} from '../../source/domain/provenance.js';
import {
	cellId,
	cloudNotes,
	derivedFields,
	footing,
	labProfileCells,
	placementAvailability,
	placementAvailabilityOf,
	referenceCell,
	referenceCells,
	referenceMeasurements,
	sustainedReference,
} from '../../source/domain/study-cells.js';
import {articlePath, quotes} from './article-quotes.js';

const article = quotes.join('\n');

function cell(cloud: 'aws' | 'gcp' | 'oci', shape: string, placement: 'default' | 'cluster' | 'spread' | 'collocated') {
	const found = referenceCell(cloud, shape, placement);
	if (!found) {
		throw new Error(`no cell ${cloud}/${shape}/${placement}`);
	}

	return found;
}

// [cloud, shape, placement, single, aggregate, rtt] exactly as the study writes them.
const awsTable = [
	['c8g.4xlarge', 'default', '4.96', '14.89', '0.170'],
	['c8g.4xlarge', 'cluster', '9.53', '14.89', '0.072'],
	['c8g.4xlarge', 'spread', '4.96', '14.89', '0.161'],
	['c8gn.4xlarge', 'default', '4.96', '39.72', '0.134'],
	['c8gn.4xlarge', 'cluster', '9.53', '49.74', '0.079'],
	['c8gn.4xlarge', 'spread', '4.96', '38.12', '0.129'],
] as const;

describe('reference catalogue', () => {
	it('quotes the study verbatim', () => {
		if (!existsSync(articlePath)) {
			return;
		}

		const text = readFileSync(articlePath, 'utf8').replace(/\s+/g, ' ');
		const missing = quotes.filter((quote) => !text.includes(quote));
		expect(missing).toEqual([]);
	});

	it.each(awsTable)(
		'AWS %s %s: %s / %s Gbps, %s ms, all measured and in the text',
		(shape, placement, single, aggregate, rtt) => {
			const found = cell('aws', shape, placement);
			expect(found.singleFlowGbps).toEqual({basis: 'measured', value: Number(single)});
			expect(found.aggregateGbps).toEqual({basis: 'measured', value: Number(aggregate)});
			expect(found.rttMs).toEqual({basis: 'measured', value: Number(rtt)});
			expect(found.jitterMs.basis).toBe('not-given');
			expect(found.jitterMs.value).toBeNull();
			expect(found.region).toBe('us-west-2');
			expect(found.samples).toBe(1);
			expect(found.streams).toBe(8);
			expect(found.perFlowCeiling).toBe(true);
			for (const figure of [single, aggregate, rtt]) {
				expect(article).toContain(figure);
			}
		},
	);

	it('prices AWS only, as the study does', () => {
		expect(cell('aws', 'c8g.4xlarge', 'cluster').pricePerHour).toBe(0.6381);
		expect(cell('aws', 'c8gn.4xlarge', 'spread').pricePerHour).toBe(0.948);
		expect(cell('gcp', 'c4a-standard-16', 'default').pricePerHour).toBeNull();
		expect(cell('oci', 'VM.Standard.A1.Flex', 'default').pricePerHour).toBeNull();
	});

	it('keeps the AWS jitter range as a cloud-level note', () => {
		const note = cloudNotes.find((entry) => entry.id === 'aws-jitter-range');
		expect(note?.range).toEqual({min: 0.006, max: 0.016, unit: 'ms'});
	});

	it('stores the published figures with their kinds', () => {
		const c8g = cell('aws', 'c8g.4xlarge', 'default').published;
		expect(c8g.kind).toBe('peak-over-baseline');
		expect(c8g.figure.value).toBe(15);
		expect(c8g.baselineGbps).toBe(7.5);
		const c8gn = cell('aws', 'c8gn.4xlarge', 'default').published;
		expect([c8gn.kind, c8gn.figure.value]).toEqual(['base-and-peak', 50]);
		const gcp = cell('gcp', 'c4a-standard-16', 'default').published;
		expect(gcp.kind).toBe('derived-per-vcpu');
		expect(gcp.figure).toMatchObject({basis: 'derived', value: 32, derivation: {operands: [2, 16]}});
		const oci = cell('oci', 'VM.Standard.A1.Flex', 'default').published;
		expect(oci.kind).toBe('per-ocpu');
		expect(oci.figure).toMatchObject({basis: 'derived', value: 16, derivation: {operands: [1, 16]}});
	});

	it('derives GCP single flow as 103% x 21.06 and says so', () => {
		const gcp = cell('gcp', 'c4a-standard-16', 'default');
		expect(gcp.aggregateGbps).toEqual({basis: 'measured', value: 21.06});
		expect(gcp.singleFlowGbps.basis).toBe('derived');
		if (gcp.singleFlowGbps.basis === 'derived') {
			expect(gcp.singleFlowGbps.derivation.operands).toEqual([1.03, 21.06]);
			expect(gcp.singleFlowGbps.derivation.arithmetic).toContain('103% x 21.06');
			expect(gcp.singleFlowGbps.value).toBeCloseTo(1.03 * 21.06, 2);
		}

		expect([gcp.rttMs.value, gcp.jitterMs.value, gcp.zone]).toEqual([0.116, 0.089, 'us-central1-a']);
	});

	it('has GCP collocated with no single flow, 20.87 aggregate, 0.054 RTT, 0.068 jitter', () => {
		const collocated = cell('gcp', 'c4a-standard-16', 'collocated');
		expect(collocated.singleFlowGbps).toMatchObject({basis: 'not-given', value: null});
		expect([collocated.aggregateGbps.value, collocated.rttMs.value, collocated.jitterMs.value]).toEqual([
			20.87, 0.054, 0.068,
		]);
	});

	it('derives OCI aggregate as 102% x 16 and single flow as 95% of that', () => {
		const oci = cell('oci', 'VM.Standard.A1.Flex', 'default');
		expect(oci.aggregateGbps).toMatchObject({basis: 'derived', value: 16.32, derivation: {operands: [1.02, 16]}});
		expect(oci.singleFlowGbps).toMatchObject({basis: 'derived', derivation: {operands: [0.95, 16.32]}});
		expect(oci.singleFlowGbps.value).toBeCloseTo(0.95 * 16.32, 2);
		expect(oci.rttMs).toMatchObject({basis: 'measured', value: 0.356});
		expect(oci.rttMs.basis === 'measured' ? oci.rttMs.note : '').toContain('0.395');
		expect([oci.jitterMs.value, oci.region, oci.zone]).toEqual([0.046, 'us-ashburn-1', 'AD-1']);
	});

	it('redoes every derivation from its operands', () => {
		const figures: Figure[] = referenceCells.flatMap((entry) => [
			entry.singleFlowGbps,
			entry.aggregateGbps,
			entry.rttMs,
			entry.jitterMs,
			entry.published.figure,
		]);
		const derivedOnes = figures.filter((figure) => figure.basis === 'derived');
		// GCP single, GCP published (two cells), OCI aggregate, single and published.
		expect(derivedOnes).toHaveLength(6);
		for (const figure of derivedOnes) {
			if (figure.basis === 'derived') {
				const product = figure.derivation.operands.reduce((a, b) => a * b, 1);
				expect(figure.value).toBeCloseTo(product, figure.derivation.roundedTo);
			}
		}
	});

	it('holds the sustained 300 s c8g run', () => {
		expect(sustainedReference).toMatchObject({
			shape: 'c8g.4xlarge',
			placement: 'default',
			durationSeconds: 300,
			blockSeconds: 30,
			slowestSecondGbps: 14.86,
			fastestSecondGbps: 15.04,
			lastOverFirst: 0.999,
			singleFlowGbps: 4.965,
			baselineGbps: 7.5,
		});
		expect(sustainedReference.blockGbps).toEqual(Array.from({length: 10}, () => 14.89));
	});

	it('records placement availability as checked on 2026-08-18', () => {
		expect(placementAvailability.every((entry) => entry.verifiedOn === '2026-08-18')).toBe(true);
		expect(
			['default', 'cluster', 'spread'].map((p) => placementAvailabilityOf('aws', p as 'default')?.available),
		).toEqual([true, true, true]);
		const gcp = placementAvailabilityOf('gcp', 'collocated');
		expect(gcp?.available).toBe(true);
		expect(gcp?.requires).toBe('onHostMaintenance=TERMINATE');
		expect(gcp?.details.join(' ')).toContain('gcloud 580.0.0');
		const oci = placementAvailabilityOf('oci', 'cluster');
		expect(oci?.available).toBe(false);
		expect(oci?.refusal).toBe('404 NotAuthorizedOrNotFound');
	});

	it('gives one reference Measurement per cell', () => {
		const measurements = referenceMeasurements();
		expect(measurements).toHaveLength(9);
		expect(new Set(measurements.map(cellId)).size).toBe(9);
		expect(measurements.every((m) => m.source === 'reference' && m.samples === 1 && m.streams === 8)).toBe(true);
		expect(measurements.find((m) => cellId(m) === 'aws/c8gn.4xlarge/cluster')).toMatchObject({
			singleFlowGbps: 9.53,
			aggregateGbps: 49.74,
			rttMs: 0.079,
			jitterMs: null,
			publishedGbps: 50,
			publishedKind: 'base-and-peak',
			pricePerHour: 0.948,
		});
	});

	it('lists lab profile cells by id, AWS with a per-flow ceiling and the others without', () => {
		const cells = labProfileCells();
		expect(cells.map((entry) => entry.id)).toContain('aws/c8g.4xlarge/default');
		expect(cells.map((entry) => entry.id)).toContain('gcp/c4a-standard-16/collocated');
		const byId = new Map(cells.map((entry) => [entry.id, entry.cell]));
		expect(byId.get('aws/c8g.4xlarge/default')?.perFlowCeiling).toBe(true);
		expect(byId.get('gcp/c4a-standard-16/default')?.perFlowCeiling).toBe(false);
		expect(byId.get('oci/VM.Standard.A1.Flex/default')?.perFlowCeiling).toBe(false);
	});

	it('lists derived fields and footings', () => {
		expect(derivedFields(cell('aws', 'c8g.4xlarge', 'default'))).toEqual([]);
		expect(derivedFields(cell('gcp', 'c4a-standard-16', 'default'))).toEqual(['singleFlowGbps', 'publishedGbps']);
		expect(derivedFields(cell('oci', 'VM.Standard.A1.Flex', 'default'))).toEqual([
			'singleFlowGbps',
			'aggregateGbps',
			'publishedGbps',
		]);
		expect(footing(cell('aws', 'c8g.4xlarge', 'default'))).toBe('one sample, us-west-2');
		expect(footing(cell('gcp', 'c4a-standard-16', 'default'))).toBe('one sample, us-central1-a');
		expect(footing(cell('oci', 'VM.Standard.A1.Flex', 'default'))).toBe('one sample, us-ashburn-1 AD-1');
		expect(footing({region: null, cloud: 'lab', samples: 3, source: 'probe'})).toBe('3 samples, your probe, lab');
	});
});
