// Measurements `netplace explain --save` imported, as the advice reads them (issue 39): an imported cell stands for
// its cell like a probe's, said as imported; the user's own probe of the same cell stands over it, and the notes
// say which import was set aside.

import {describe, expect, it} from 'vitest';
import {evidenceView} from '../../source/domain/evidence.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {adviceFor, noteIds, probe, stepOf} from './helpers.js';

const reference = referenceMeasurements();
const imported = (overrides: Parameters<typeof probe>[0]) =>
	probe({source: 'imported', runId: 'im-test-01', region: null, jitterMs: null, ...overrides});
const c8gDefault = {cloud: 'aws', region: 'us-west-2', streams: 1, placement: 'default', shapes: ['c8g.4xlarge']};

describe('imported evidence', () => {
	it('an imported cell replaces the reference the rules read, footed imported with its id', () => {
		const evidence = [...reference, imported({singleFlowGbps: 13.5, aggregateGbps: 14.8})];
		const advice = adviceFor(c8gDefault, evidence);
		const step = stepOf(advice, 'parallelise');
		expect(step.verdict).toBe('not-needed');
		expect(step.title).toContain('one flow carries 13.5 Gbps');
		expect(step.evidence[0]).toMatchObject({
			source: 'imported',
			footing: 'one sample, imported im-test-01, region unknown',
		});
		expect(noteIds(advice)).toContain('imported-evidence');
		expect(advice.notes.find((note) => note.id === 'imported-evidence')?.text).toMatch(
			/^Imported measurements stand for aws c8g.4xlarge default \(im-test-01\): made outside netplace/,
		);
	});

	it("the card's basis names the import where the model reads it", () => {
		const advice = adviceFor(c8gDefault, [...reference, imported({singleFlowGbps: 3.1, aggregateGbps: 9})]);
		const first = advice.configurations[0];
		expect(first?.predicted.singleFlowGbps).toBe(3.1);
		expect(first?.predicted.basis.join(' ')).toContain(
			'measured by a test run elsewhere (netplace explain --save) (one sample, imported im-test-01, region unknown)',
		);
	});

	it('a probe of the same cell stands over the import, whichever comes first, and the notes say it set it aside', () => {
		const mine = probe({singleFlowGbps: 5, aggregateGbps: 14.8, measuredAt: '2026-11-01T00:00:00.000Z'});
		const theirs = imported({singleFlowGbps: 13.5, aggregateGbps: 14.8, measuredAt: '2026-12-01T00:00:00.000Z'});
		for (const evidence of [
			[...reference, mine, theirs],
			[...reference, theirs, mine],
		]) {
			const view = evidenceView(evidence);
			expect(view.cell('aws', 'c8g.4xlarge', 'default')?.source).toBe('probe');
			expect(view.setAside).toEqual([theirs]);
			const advice = adviceFor(c8gDefault, evidence);
			expect(stepOf(advice, 'parallelise').verdict).toBe('consider');
			expect(noteIds(advice)).toContain('imported-set-aside');
			expect(noteIds(advice)).not.toContain('imported-evidence');
			expect(advice.notes.find((note) => note.id === 'imported-set-aside')?.text).toBe(
				'Set aside: the imported aws c8g.4xlarge default (im-test-01); your own probe of that cell is its evidence.',
			);
		}
	});

	it('an import stands over the study; between imports of one cell the latest', () => {
		const older = imported({singleFlowGbps: 14, measuredAt: '2026-11-01T00:00:00.000Z', runId: 'im-old'});
		const newer = imported({singleFlowGbps: 5, measuredAt: '2026-11-20T00:00:00.000Z', runId: 'im-new'});
		expect(evidenceView([...reference, newer, older]).cell('aws', 'c8g.4xlarge', 'default')?.runId).toBe('im-new');
		expect(evidenceView([older, ...reference]).cell('aws', 'c8g.4xlarge', 'default')?.source).toBe('imported');
		expect(evidenceView([...reference, older]).setAside).toEqual([]);
	});

	it('the bandwidth table lists the imported row beside the reference ones', () => {
		const advice = adviceFor({cloud: 'aws'}, [...reference, imported({})]);
		const rows = advice.bandwidth.filter((row) => row.shape === 'c8g.4xlarge' && row.placement === 'default');
		expect(rows.map((row) => row.source)).toEqual(['reference', 'imported']);
	});
});
