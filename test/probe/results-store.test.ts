import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import {
	getProbeRun,
	listProbeRuns,
	loadProbeMeasurements,
	resultsPath,
	saveProbeRun,
} from '../../source/probe/results-store.js';
import type {ProbeRun} from '../../source/probe/types.js';

function makeRun(runId: string): ProbeRun {
	return {
		runId,
		provider: 'lab',
		shape: 'custom',
		region: null,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 3, kind: 'lab-cap'},
				results: [
					aggregateSamples(1, [{gbps: 0.95, retransmits: 0}]),
					aggregateSamples(8, [{gbps: 2.86, retransmits: 2}]),
				],
				rtt: {medianMs: 2.01, avgMs: 2.05, mdevMs: 0.1},
				perFlowCeiling: {present: true, singleToAggregate: 0.33},
				percentOfPublished: 95.3,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
		labProfile: null,
		finishedAt: '2026-11-29T22:00:00.000Z',
	};
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-results-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
});
afterEach(() => {
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

describe('results store', () => {
	it('starts empty, saves runs in order and reads them back as measurements', async () => {
		expect(loadProbeMeasurements()).toEqual({measurements: [], problems: []});
		const saved = await saveProbeRun(makeRun('np-a-0001'), {
			shape: 'custom',
			placements: ['default'],
			lab: {flowCapGbps: 1, aggregateCapGbps: 3},
		});
		await saveProbeRun(makeRun('np-b-0002'));
		expect(saved.path).toBe(resultsPath());
		expect(saved.path).toBe(join(dir, 'results.json'));
		expect(listProbeRuns().map((entry) => entry.run.runId)).toEqual(['np-a-0001', 'np-b-0002']);
		expect(getProbeRun('np-a-0001')?.target?.lab?.flowCapGbps).toBe(1);
		const {measurements, problems} = loadProbeMeasurements();
		expect(problems).toEqual([]);
		expect(measurements).toHaveLength(2);
		expect(measurements[0]).toMatchObject({
			cloud: 'lab',
			source: 'probe',
			singleFlowGbps: 0.95,
			aggregateGbps: 2.86,
			samples: 1,
			runId: 'np-a-0001',
		});
	});

	it('reports and skips a corrupt entry but keeps it in the file', async () => {
		await saveProbeRun(makeRun('np-a-0001'));
		const path = resultsPath();
		const data = JSON.parse(readFileSync(path, 'utf8')) as {runs: unknown[]};
		const broken = JSON.parse(JSON.stringify(data.runs[0])) as {
			run: {runId: string; pairs: Array<{results: Array<{gbps: unknown}>}>};
		};
		broken.run.runId = 'np-bad-0001';
		broken.run.pairs[0]!.results[0]!.gbps = 'fast';
		writeFileSync(path, JSON.stringify({version: 1, runs: [broken, ...data.runs, 42]}));

		const {measurements, problems} = loadProbeMeasurements();
		expect(measurements.map((measurement) => measurement.runId)).toEqual(['np-a-0001']);
		expect(problems).toEqual([
			`probe result 1 (np-bad-0001) in ${path} skipped: pairs[0].results[0].gbps is not a number`,
			`probe result 3 in ${path} skipped: not an object`,
		]);

		await saveProbeRun(makeRun('np-c-0003'));
		const after = JSON.parse(readFileSync(path, 'utf8')) as {runs: unknown[]};
		expect(after.runs).toHaveLength(4);
		expect(after.runs[2]).toBe(42);
		expect(listProbeRuns().map((entry) => entry.run.runId)).toEqual(['np-a-0001', 'np-c-0003']);
	});

	it('moves a wholly corrupt file aside, says where, and keeps working', async () => {
		writeFileSync(resultsPath(), '{"runs": [ this is not json');
		const {measurements, problems} = loadProbeMeasurements();
		expect(measurements).toEqual([]);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatch(/unreadable \(not valid JSON\); kept it as .*results\.json\.corrupt-/);
		const aside = readdirSync(dir).filter((name) => name.startsWith('results.json.corrupt-'));
		expect(aside).toHaveLength(1);
		expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"runs": [ this is not json');
		await saveProbeRun(makeRun('np-a-0001'));
		expect(listProbeRuns()).toHaveLength(1);
	});

	it('moves aside a file with no list of runs when saving', async () => {
		writeFileSync(resultsPath(), JSON.stringify({something: 'else'}));
		const saved = await saveProbeRun(makeRun('np-a-0001'));
		expect(saved.problems[0]).toMatch(/no list of runs/);
		expect(listProbeRuns()).toHaveLength(1);
	});
});
