// Calibration: every study cell comes out of predict exactly as the study measured it (footing measured),
// and the same configurations at 2, 4 and 16 streams follow min(N x per-flow, instance) exactly, where the
// instance is the cell's aggregate when the cell hit the instance's ceiling, and otherwise (c8gn default and
// spread: flow-bound, 8 x 4.96) the published figure at the share measured where a ceiling was hit.

import {describe, expect, it} from 'vitest';
import {round} from '../../source/domain/format.js';
import type {Configuration, ShapeRecord} from '../../source/domain/model-types.js';
import type {ReferenceCell} from '../../source/domain/provenance.js';
import {ociOcpus, referenceCells} from '../../source/domain/study-cells.js';
import {predict} from '../../source/sizing/model.js';
import {awsAggregateEfficiency} from '../../source/sizing/study.js';
import {studyRecords} from './shape-fixtures.js';

function recordOf(cell: ReferenceCell): ShapeRecord {
	const record = studyRecords.find((candidate) => candidate.shape === cell.shape);
	if (record === undefined) throw new Error(`no fixture for ${cell.shape}`);
	return record;
}

function configurationOf(cell: ReferenceCell, streams: number): Configuration {
	return {
		cloud: cell.cloud,
		shape: cell.shape,
		placement: cell.placement,
		ocpus: cell.cloud === 'oci' ? ociOcpus : null,
		options: {enaExpress: false, tier1: false},
		streams,
	};
}

function predicted(cell: ReferenceCell, streams: number) {
	return predict(configurationOf(cell, streams), 'same-zone', recordOf(cell));
}

const singleCells = referenceCells.filter((cell) => cell.singleFlowGbps.value !== null);
const aggregateCells = referenceCells.filter((cell) => cell.aggregateGbps.value !== null);
const id = (cell: ReferenceCell) => `${cell.cloud}/${cell.shape}/${cell.placement}`;

describe('calibration on the study', () => {
	it('covers every cell of the study (AWS 6, GCP 2, OCI 1)', () => {
		expect(aggregateCells.map(id)).toHaveLength(9);
		expect(singleCells.map(id)).toHaveLength(8);
	});

	it.each(singleCells.map((cell) => [id(cell), cell] as const))('%s: one flow exactly, measured', (_, cell) => {
		const prediction = predicted(cell, 1);
		expect(prediction.singleFlowGbps).toBe(cell.singleFlowGbps.value);
		expect(prediction.footing.singleFlow).toBe('measured');
		expect(prediction.basis.join(' ')).toContain('measured by the study');
	});

	it.each(aggregateCells.map((cell) => [id(cell), cell] as const))('%s: eight streams exactly, measured', (_, cell) => {
		const prediction = predicted(cell, cell.streams);
		expect(prediction.aggregateGbps).toBe(cell.aggregateGbps.value);
		expect(prediction.footing.aggregate).toBe('measured');
	});

	it.each(aggregateCells.map((cell) => [id(cell), cell] as const))(
		'%s: 2, 4 and 16 streams follow min(N x per-flow, instance) exactly',
		(_, cell) => {
			const perFlow = cell.singleFlowGbps.value ?? predicted(cell, 1).singleFlowGbps ?? 0;
			const measured = cell.aggregateGbps.value ?? 0;
			const flowBound = measured >= 0.95 * cell.streams * perFlow;
			const published = cell.published.figure.value ?? 0;
			const instance =
				flowBound && cell.cloud === 'aws'
					? round(published * awsAggregateEfficiency(cell.placement, published).share, 2)
					: measured;
			for (const streams of [2, 4, 16]) {
				const prediction = predicted(cell, streams);
				expect(prediction.aggregateGbps, `${String(streams)} streams`).toBe(
					round(Math.min(streams * perFlow, instance), 2),
				);
				expect(prediction.footing.aggregate).toBe('modelled');
				const instanceKind =
					recordOf(cell).bandwidth.kind === 'peak-over-baseline' ? 'instance-peak' : 'instance-baseline';
				expect(prediction.bindingLimit).toBe(streams * perFlow < instance ? 'per-flow-cap' : instanceKind);
			}
		},
	);

	it("reproduces DESIGN.md's example: c8gn.4xlarge in a cluster group with 4 streams is 38.12 Gbps, flow-bound", () => {
		const cell = referenceCells.find((candidate) => id(candidate) === 'aws/c8gn.4xlarge/cluster');
		if (cell === undefined) throw new Error('no c8gn cluster cell');
		expect(predicted(cell, 4)).toMatchObject({
			singleFlowGbps: 9.53,
			aggregateGbps: 38.12,
			bindingLimit: 'per-flow-cap',
			footing: {singleFlow: 'measured', aggregate: 'modelled'},
		});
	});
});
