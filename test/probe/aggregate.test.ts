import {describe, expect, it} from 'vitest';
import {
	aggregateSamples,
	percentOfPublished,
	perFlowCeiling,
	perFlowCeilingText,
} from '../../source/probe/aggregate.js';

const sample = (gbps: number, retransmits = 0) => ({gbps, retransmits});

describe('aggregateSamples', () => {
	it('gives median, min, max and the sample count', () => {
		const result = aggregateSamples(8, [sample(2.86), sample(2.8), sample(2.9, 4)]);
		expect(result).toMatchObject({streams: 8, gbps: 2.86, min: 2.8, max: 2.9, samples: 3, retransmits: 0});
		expect(result.min).toBeLessThanOrEqual(result.gbps);
		expect(result.gbps).toBeLessThanOrEqual(result.max);
	});

	it('one sample is its own median, min and max', () => {
		expect(aggregateSamples(1, [sample(0.6712, 3)])).toMatchObject({
			gbps: 0.671,
			min: 0.671,
			max: 0.671,
			samples: 1,
			retransmits: 3,
		});
	});

	it('refuses no samples', () => {
		expect(() => aggregateSamples(1, [])).toThrow(/no samples/);
	});
});

describe('perFlowCeiling', () => {
	const result = (streams: number, gbps: number) => aggregateSamples(streams, [sample(gbps)]);

	it("is present on the study's c8g default shape (4.96 of 14.89)", () => {
		const ceiling = perFlowCeiling([result(1, 4.96), result(8, 14.89)]);
		expect(ceiling).toEqual({present: true, singleToAggregate: 0.33});
		expect(perFlowCeilingText(ceiling)).toBe('one flow gets 33% of the aggregate: a per-flow ceiling is present');
	});

	it("is not detected on the study's GCP shape (one flow at 103%)", () => {
		const ceiling = perFlowCeiling([result(1, 21.69), result(8, 21.06)]);
		expect(ceiling.present).toBe(false);
		expect(perFlowCeilingText(ceiling)).toMatch(/none detected$/);
	});

	it('draws the line at 0.9', () => {
		expect(perFlowCeiling([result(1, 0.89), result(8, 1)]).present).toBe(true);
		expect(perFlowCeiling([result(1, 0.9), result(8, 1)]).present).toBe(false);
	});

	it('compares against the largest stream count and needs both', () => {
		expect(perFlowCeiling([result(1, 1), result(4, 1.05), result(8, 3)]).singleToAggregate).toBe(0.33);
		expect(perFlowCeiling([result(8, 3)])).toEqual({present: false, singleToAggregate: null});
	});
});

describe('percentOfPublished', () => {
	it('uses the larger of single and aggregate, one decimal', () => {
		const results = [aggregateSamples(1, [sample(9.53)]), aggregateSamples(8, [sample(49.74)])];
		expect(percentOfPublished(results, 50)).toBe(99.5);
		expect(percentOfPublished([aggregateSamples(1, [sample(2.0)]), aggregateSamples(8, [sample(1.9)])], 2.1)).toBe(
			95.2,
		);
	});

	it('is null without a published figure', () => {
		expect(percentOfPublished([aggregateSamples(1, [sample(1)])], null)).toBeNull();
	});
});
