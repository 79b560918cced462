// Probe evidence replacing reference figures, the lab scope, and the notes that depend on evidence.

import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {evidenceView} from '../../source/domain/evidence.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {adviceFor, labProbe, noteIds, probe, stepOf, verdicts} from './helpers.js';

const reference = referenceMeasurements();

describe('probe evidence', () => {
	const c8gDefault = {cloud: 'aws', region: 'us-west-2', streams: 1, placement: 'default', shapes: ['c8g.4xlarge']};

	it('a probe single flow >= 90% of its aggregate makes parallelise not-needed on that configuration', () => {
		const evidence = [...reference, probe({singleFlowGbps: 13.5, aggregateGbps: 14.8})];
		const step = stepOf(adviceFor(c8gDefault, evidence), 'parallelise');
		expect(step.verdict).toBe('not-needed');
		expect(step.title).toContain('one flow carries 13.5 Gbps, 91% of what many carry');
		expect(step.why).toContain('your probe');
		expect(step.evidence.every((figure) => figure.source === 'probe')).toBe(true);
		expect(step.evidence[0]?.footing).toBe('one sample, your probe, us-west-2');
	});

	it('a probe single flow < 90% keeps parallelise (consider: more streams than the path opens), with the probe as evidence', () => {
		const evidence = [...reference, probe({singleFlowGbps: 13, aggregateGbps: 14.8})];
		const step = stepOf(adviceFor(c8gDefault, evidence), 'parallelise');
		expect(step.verdict).toBe('consider');
		expect(step.title).toBe('parallel streams: 1 → 2 streams, 13 → 14.8 Gbps (1.14×)');
		expect(step.why).toContain('your probe');
	});

	it('a probe can make parallelise matter on a cloud the study found free of a ceiling', () => {
		const gcpProbe = probe({
			cloud: 'gcp',
			shape: 'c4a-standard-16',
			region: 'us-central1',
			singleFlowGbps: 6,
			aggregateGbps: 20,
			publishedGbps: 32,
			publishedKind: 'derived-per-vcpu',
		});
		const gcp = {cloud: 'gcp', placement: 'default'};
		expect(stepOf(adviceFor(gcp), 'parallelise').verdict).toBe('not-needed');
		expect(stepOf(adviceFor(gcp, [...reference, gcpProbe]), 'parallelise').verdict).toBe('consider');
	});

	it('a probe replaces the reference cell the what-ifs read', () => {
		const slowerCluster = probe({placement: 'cluster', singleFlowGbps: 8.1, rttMs: 0.09});
		const advice = adviceFor({cloud: 'aws', region: 'us-west-2', streams: 1}, [...reference, slowerCluster]);
		const step = stepOf(advice, 'cluster-placement');
		expect(step.title).toBe('cluster placement group: one flow 4.96 → 8.1 Gbps (1.63×), RTT 0.170 → 0.090 ms');
		expect(step.why).toContain('measured, your probe');
		expect(step.evidence).toContainEqual(expect.objectContaining({placement: 'cluster', gbps: 8.1, source: 'probe'}));
	});

	it('between probes of one cell, the latest wins', () => {
		const older = probe({singleFlowGbps: 14, aggregateGbps: 14.8, measuredAt: '2026-11-01T00:00:00.000Z'});
		const newer = probe({singleFlowGbps: 5, aggregateGbps: 14.8, measuredAt: '2026-11-20T00:00:00.000Z'});
		expect(stepOf(adviceFor(c8gDefault, [...reference, newer, older]), 'parallelise').verdict).toBe('consider');
		expect(stepOf(adviceFor(c8gDefault, [...reference, older, newer]), 'parallelise').verdict).toBe('consider');
	});

	it('lists both reference and probe rows in the bandwidth table, reference first', () => {
		const advice = adviceFor({cloud: 'aws'}, [...reference, probe({})]);
		const rows = advice.bandwidth.filter((r) => r.shape === 'c8g.4xlarge' && r.placement === 'default');
		expect(rows.map((r) => r.source)).toEqual(['reference', 'probe']);
	});

	it('lab measurements never replace real-cloud evidence', () => {
		const free = labProbe({labProfile: 'aws/c8g.4xlarge/default', singleFlowGbps: 2.9, aggregateGbps: 2.95});
		const advice = adviceFor({cloud: 'aws'}, [...reference, free]);
		expect(stepOf(advice, 'parallelise').verdict).toBe('consider');
		expect(advice.bandwidth.some((r) => r.cloud === 'lab')).toBe(false);
	});
});

describe('lab scope', () => {
	it('without a lab measurement: parallelise consider, no evidence, run the lab probe first', () => {
		const advice = adviceFor({cloud: 'lab'});
		expect(advice.steps).toEqual([
			{
				rank: 1,
				id: 'parallelise',
				verdict: 'consider',
				title: expect.any(String),
				why: expect.stringContaining('netplace probe --provider lab'),
				evidence: [],
			},
		]);
		expect(advice.bandwidth).toEqual([]);
		expect(noteIds(advice)).toEqual(['one-sample-per-cell']);
	});

	it('a lab profile with a per-flow cap: do; enough streams: satisfied', () => {
		const capped = labProbe({labProfile: 'aws/c8g.4xlarge/default', singleFlowGbps: 0.95, aggregateGbps: 2.85});
		const evidence = [...reference, capped];
		expect(verdicts(adviceFor({cloud: 'lab'}, evidence))).toEqual({parallelise: 'do'});
		expect(verdicts(adviceFor({cloud: 'lab', streams: 8}, evidence))).toEqual({parallelise: 'satisfied'});
		const advice = adviceFor({cloud: 'lab'}, evidence);
		expect(stepOf(advice, 'parallelise').why).toContain(
			"0.95 of 2.85 Gbps on the lab's custom profile (copy of aws/c8g.4xlarge/default)",
		);
		expect(advice.bandwidth).toHaveLength(1);
		expect(advice.bandwidth[0]).toMatchObject({
			cloud: 'lab',
			publishedKind: 'lab-cap',
			percentOfPublished: 95.6,
			singleToAggregate: 0.33,
		});
	});

	it('a lab measurement without both figures: consider, asking for 1 and 8 streams', () => {
		const step = stepOf(adviceFor({cloud: 'lab'}, [labProbe({singleFlowGbps: null})]), 'parallelise');
		expect(step.verdict).toBe('consider');
		expect(step.why).toContain('--streams 1,8');
	});

	it('a lab profile without a per-flow cap: not-needed', () => {
		const free = labProbe({singleFlowGbps: 1.88, aggregateGbps: 1.9, publishedGbps: 2});
		expect(verdicts(adviceFor({cloud: 'lab', streams: 1}, [free]))).toEqual({parallelise: 'not-needed'});
	});

	it('drops the one-sample note only when every cell is a probe repeated 3 times', () => {
		expect(noteIds(adviceFor({cloud: 'lab'}, [labProbe({samples: 3})]))).toEqual([]);
		expect(noteIds(adviceFor({cloud: 'lab'}, [labProbe({samples: 2})]))).toEqual(['one-sample-per-cell']);
		const awsNotes = noteIds(adviceFor({cloud: 'aws'}, [...reference, probe({samples: 5})]));
		expect(awsNotes).toContain('one-sample-per-cell');
		const awsCells = reference.filter((m) => m.cloud === 'aws');
		const allProbed = awsCells.map((m) => ({...m, source: 'probe' as const, samples: 3}));
		expect(noteIds(adviceFor({cloud: 'aws'}, allProbed))).toEqual(['stock-configuration']);
		expect(noteIds(adviceFor({cloud: 'aws'}, allProbed.slice(1)))).toContain('one-sample-per-cell');
	});
});

describe('advise defaults and purity', () => {
	it('defaults its evidence to the study and echoes the workload', () => {
		const advice = advise(defaultWorkload);
		expect(advice.workload).toBe(defaultWorkload);
		expect(advice.bandwidth).toHaveLength(reference.length);
		expect(advice).toEqual(advise(defaultWorkload, reference));
	});

	it('reads cells the evidence lacks from the catalogue, and tables only the evidence given', () => {
		const workload = {...defaultWorkload, cloud: 'aws' as const, streams: 8, minGbps: 20, faultIsolation: true};
		const advice = advise(workload, []);
		expect(advice.bandwidth).toEqual([]);
		expect(advice.steps).toEqual(advise(workload).steps);
		const short = {withinSeconds: 300};
		const onlyProbe = advise(
			{...defaultWorkload, ...short, cloud: 'aws', placement: 'default', shapes: ['c8g.4xlarge']},
			[probe({singleFlowGbps: 14, aggregateGbps: 14.8})],
		);
		expect(stepOf(onlyProbe, 'parallelise').verdict).toBe('not-needed');
		expect(stepOf(onlyProbe, 'parallelise').title).toContain('14 Gbps, 95%');
		expect(onlyProbe.bandwidth.map((r) => r.source)).toEqual(['probe']);
	});

	it('imports no React, Ink or I/O anywhere in source/advice', () => {
		const root = join(import.meta.dirname, '../../source/advice');
		const files = readdirSync(root, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.ts'));
		expect(files.length).toBeGreaterThan(8);
		for (const file of files) {
			const text = readFileSync(join(root, file), 'utf8');
			expect(text, file).not.toMatch(/from ['"](node:|fs|path|child_process|react|ink|conf)/);
			expect(text, file).not.toMatch(/\b(console|process)\./);
		}
	});
});

describe('evidenceView', () => {
	it('gives the same view for the same list and for equal content, and a new one for other content', () => {
		const view = evidenceView(reference);
		expect(evidenceView(reference)).toBe(view);
		expect(evidenceView(reference.map((measurement) => ({...measurement})))).toBe(view);
		const probed = reference.map((measurement, index) =>
			index === 0 ? {...measurement, source: 'probe' as const, measuredAt: '2026-12-01T00:00:00Z'} : measurement,
		);
		const other = evidenceView(probed);
		expect(other).not.toBe(view);
		expect(other.probesOf(probed[0]?.cloud ?? 'aws')).toHaveLength(1);
		expect(evidenceView([...probed])).toBe(other);
	});
});
