import {rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Advice, BandwidthRow} from '../../source/domain/types.js';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

const labRun = {
	runId: 'np-test-1',
	provider: 'lab',
	shape: 'custom',
	region: null,
	pairs: [
		{
			placement: 'default',
			published: {gbps: 2.1, kind: 'lab-cap'},
			results: [
				{streams: 1, gbps: 0.67, min: 0.67, max: 0.67, samples: 1, retransmits: 0},
				{streams: 8, gbps: 2, min: 2, max: 2, samples: 1, retransmits: 3},
			],
			rtt: {medianMs: 0.17, avgMs: 0.19, mdevMs: 0.03},
			perFlowCeiling: {present: true, singleToAggregate: 0.33},
			percentOfPublished: 95.2,
			sustained: null,
		},
	],
	teardown: {complete: true, left: []},
};

beforeAll(() => {
	configDir = tempConfigDir();
	const results = {
		version: 1,
		runs: [
			{savedAt: '2026-11-29T20:00:00.000Z', run: labRun},
			{savedAt: '2026-11-29T20:01:00.000Z', run: {runId: 'np-broken'}},
		],
	};
	writeFileSync(join(configDir, 'results.json'), JSON.stringify(results));
});

afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describe('saved probe results as evidence', () => {
	it('table shows the probe row beside the reference rows; moving 0.1 results.json says where and what stayed', async () => {
		const result = await runInProcess(['table', '--json'], {configDir});
		expect(result.status).toBe(0);
		const rows = JSON.parse(result.stdout) as BandwidthRow[];
		expect(rows.find((row) => row.source === 'probe')).toMatchObject({
			cloud: 'lab',
			shape: 'custom',
			singleFlowGbps: 0.67,
			aggregateGbps: 2,
			publishedKind: 'lab-cap',
			percentOfPublished: 95.2,
		});
		expect(rows.some((row) => row.source === 'reference')).toBe(true);
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toMatch(
			/^netplace: warning: moved 1 probe result\(s\) from .*results\.json into .*results; the old file is kept as .*results\.json\.migrated-.* \(1 unreadable entry stays in it\)/,
		);
		const again = await runInProcess(['table', '--json'], {configDir});
		expect(again.stderr).toBe('');
	});

	it('advise --cloud lab reads the probe as evidence', async () => {
		const result = await runInProcess(['advise', '--cloud', 'lab', '--json'], {configDir});
		expect(result.status).toBe(0);
		const advice = JSON.parse(result.stdout) as Advice;
		expect(advice.bandwidth.map((row) => row.source)).toEqual(['probe']);
		const figures = advice.steps.flatMap((step) => step.evidence);
		expect(figures.every((figure) => figure.source === 'probe')).toBe(true);
	});

	it('the text table marks probe rows', async () => {
		const result = await runInProcess(['table', '--cloud', 'lab'], {configDir, env: {COLUMNS: '80'}});
		expect(result.stdout).toMatch(/Lab\n\s+custom\s+default\s+probe/);
	});
});
