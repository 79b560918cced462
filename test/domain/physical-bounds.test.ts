// Issue 42, finding 12: a rate or a round trip no network can have never becomes evidence, whatever brought it
// (a run file is checked when read, probe/results-validate.ts; this is the check where every source meets).
// Before, a probe cell of 1e308 Gbps stood over the study's figure for its cell, and -50 Gbps did too.
import {describe, expect, it} from 'vitest';
import {evidenceView} from '../../source/domain/evidence.js';
import {maxEvidenceGbps, physicalProblem} from '../../source/domain/physical-bounds.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {Measurement} from '../../source/domain/types.js';

const reference = referenceMeasurements().find((cell) => cell.cloud === 'aws' && cell.aggregateGbps !== null);
if (reference === undefined) throw new Error('no AWS reference cell with an aggregate');
const probe = (change: Partial<Measurement>): Measurement => ({
	...reference,
	source: 'probe',
	runId: 'np-hostile',
	measuredAt: '2026-12-06T10:00:00.000Z',
	...change,
});
const cellOf = (measurements: readonly Measurement[]) =>
	evidenceView(measurements).cell(reference.cloud, reference.shape, reference.placement);

describe('evidence inside physical bounds', () => {
	it('every cell of the study is inside them', () => {
		expect(referenceMeasurements().filter((cell) => physicalProblem(cell) !== null)).toEqual([]);
	});

	it('a probe inside the bounds stands over the study', () => {
		expect(cellOf([reference, probe({aggregateGbps: 12.5})])?.source).toBe('probe');
		expect(physicalProblem(probe({aggregateGbps: maxEvidenceGbps}))).toBeNull();
	});

	it.each([
		[{aggregateGbps: 1e308}, /aggregateGbps 1e\+308 is outside 0 to 10000 Gbps/],
		[{aggregateGbps: -50}, /aggregateGbps -50 is outside 0 to 10000 Gbps/],
		[{singleFlowGbps: Number.POSITIVE_INFINITY}, /singleFlowGbps Infinity is outside/],
		[{singleFlowGbps: Number.NaN}, /singleFlowGbps NaN is outside/],
		[{rttMs: -1}, /rttMs -1 is outside 0 to 1000 ms/],
		[{streams: 0}, /streams 0 is not a count/],
	] as const)('%o is no network’s: never evidence, the study’s figure stands', (change, reason) => {
		const hostile = probe(change);
		expect(physicalProblem(hostile)).toMatch(reason);
		const cell = cellOf([reference, hostile]);
		expect(cell?.source).toBe('reference');
		expect(cell?.aggregateGbps).toBe(reference.aggregateGbps);
	});
});
