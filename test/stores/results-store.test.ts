import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {
	deleteStoredRun,
	getStoredRun,
	listStoredRuns,
	loadProbeMeasurements,
	resultsPaths,
	saveProbeRun,
} from '../../source/probe/probe-results.js';
import type {ProbeRun} from '../../source/probe/types.js';
import {makeRun} from '../probe/stored-run.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'np-results-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
});
afterEach(() => {
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

const ids = () => listStoredRuns().runs.map((run) => run.id);

describe('the probe results store', () => {
	it('keeps each run in its own file, lists, shows and deletes them', async () => {
		expect(await loadProbeMeasurements()).toEqual({measurements: [], problems: []});
		const saved = await saveProbeRun(makeRun('np-a-0001'), {shape: 'custom', placements: [], lab: {flowCapGbps: 1}});
		expect(saved).toEqual({path: join(dir, 'results', 'np-a-0001.json'), problems: [], status: 'complete'});
		await saveProbeRun(makeRun('np-b-0002'));
		expect(ids()).toEqual(['np-a-0001', 'np-b-0002']);
		expect(getStoredRun('np-a-0001').entry.target?.lab?.flowCapGbps).toBe(1);
		const deleted = await deleteStoredRun('np-a-0001');
		expect(deleted.path).toBe(saved.path);
		expect(ids()).toEqual(['np-b-0002']);
		await expect(deleteStoredRun('np-a-0001')).rejects.toThrow('no probe result with id np-a-0001');
		expect(() => getStoredRun('../config')).toThrow('invalid run id');
	});

	it('gives one median row per cell, with the count, ids and dates of its complete runs', async () => {
		await saveProbeRun(makeRun('np-a-1', 0.9, '2026-11-29T22:00:00.000Z'));
		await saveProbeRun(makeRun('np-a-2', 1.1, '2026-11-29T23:00:00.000Z'));
		await saveProbeRun(makeRun('np-a-3', 1.0, '2026-11-30T01:00:00.000Z'));
		const {measurements, problems} = await loadProbeMeasurements();
		expect(problems).toEqual([]);
		expect(measurements).toHaveLength(1);
		expect(measurements[0]).toMatchObject({
			cloud: 'lab',
			shape: 'custom',
			singleFlowGbps: 1,
			aggregateGbps: 2.86,
			runs: 3,
			runIds: ['np-a-1', 'np-a-2', 'np-a-3'],
			dates: ['2026-11-29T22:00:00.000Z', '2026-11-29T23:00:00.000Z', '2026-11-30T01:00:00.000Z'],
			runId: 'np-a-3',
			source: 'probe',
		});
	});

	it('keeps a partial run, lists it as partial and never uses it as evidence', async () => {
		const aborted = {...makeRun('np-part-1', 5), aborted: true, failed: true};
		expect((await saveProbeRun(aborted)).status).toBe('partial');
		const missing = makeRun('np-part-2', 5);
		await saveProbeRun({
			...missing,
			pairs: missing.pairs.map((pair) => ({...pair, results: pair.results.slice(0, 1)})),
		});
		await saveProbeRun(makeRun('np-full-1'));
		expect(listStoredRuns().runs.map((run) => [run.id, run.status])).toEqual([
			['np-part-1', 'partial'],
			['np-part-2', 'partial'],
			['np-full-1', 'complete'],
		]);
		const {measurements} = await loadProbeMeasurements();
		expect(measurements.map((measurement) => measurement.runIds)).toEqual([['np-full-1']]);
	});

	it('names a lab run by the cell its profile reproduces, whichever face ran it', async () => {
		const cli = {...makeRun('np-cli-1'), shape: 'aws/c8g.4xlarge', labProfile: 'aws/c8g.4xlarge/default'};
		const wizard = {...makeRun('np-wiz-1'), shape: 'c8g.4xlarge', labProfile: 'aws/c8g.4xlarge/default'};
		const collocated = makeRun('np-gcp-1');
		const gcp = {...collocated, shape: 'gcp/c4-standard-8', labProfile: 'gcp/c4-standard-8/collocated'};
		for (const run of [cli, wizard, gcp]) await saveProbeRun(run);
		const cells = (await loadProbeMeasurements()).measurements.map((m) => `${m.shape}/${m.placement} x${m.runs}`);
		expect(cells).toEqual(['aws/c8g.4xlarge/default x2', 'gcp/c4-standard-8/collocated x1']);
	});

	it('reports a corrupt run file with its path and keeps it; the others stay usable', async () => {
		await saveProbeRun(makeRun('np-a-0001'));
		const bad = join(dir, 'results', 'np-bad-1.json');
		writeFileSync(bad, '{"version": 2, "savedAt": "x", "run": {"runId": "np-bad-1"}}');
		await saveProbeRun(makeRun('np-c-0003'));
		const {measurements, problems} = await loadProbeMeasurements();
		expect(measurements[0]?.runIds).toEqual(['np-a-0001', 'np-c-0003']);
		expect(problems).toEqual([`probe result ${bad} skipped: provider is unknown (kept as it is)`]);
		expect(readFileSync(bad, 'utf8')).toContain('np-bad-1');
		expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([]);
	});

	it('rebuilds the index when a run file appeared without it (a crash between the two)', async () => {
		await saveProbeRun(makeRun('np-a-0001'));
		const copy = JSON.parse(readFileSync(join(dir, 'results', 'np-a-0001.json'), 'utf8')) as {run: ProbeRun};
		writeFileSync(
			join(dir, 'results', 'np-x-0009.json'),
			JSON.stringify({...copy, run: {...copy.run, runId: 'np-x-0009'}}),
		);
		expect(ids()).toEqual(['np-a-0001', 'np-x-0009']);
		expect((await loadProbeMeasurements()).measurements[0]?.runs).toBe(2);
	});

	it('moves netplace 0.1 results.json into run files, keeps the old file and says where', async () => {
		const legacy = {version: 1, runs: [{savedAt: '2026-11-29T22:00:00.000Z', run: makeRun('np-old-1')}, {savedAt: 1}]};
		writeFileSync(join(dir, 'results.json'), JSON.stringify(legacy));
		const {measurements, problems} = await loadProbeMeasurements();
		expect(measurements[0]?.runIds).toEqual(['np-old-1']);
		expect(problems[0]).toMatch(
			new RegExp(
				`moved 1 probe result\\(s\\) from ${join(dir, 'results.json')} into .*results; the old file is kept as .*results\\.json\\.migrated-.* \\(1 unreadable entry stays in it\\)`,
			),
		);
		expect(readdirSync(dir).filter((name) => name.startsWith('results.json.migrated-'))).toHaveLength(1);
		expect(ids()).toEqual(['np-old-1']);
	});

	it('reads a results store written by a newer netplace, never moves it, and refuses to write it', async () => {
		const text = JSON.stringify({version: 99, runs: [{savedAt: '2026-11-29T22:00:00.000Z', run: makeRun('np-new-1')}]});
		writeFileSync(join(dir, 'results.json'), text);
		const {measurements, problems} = await loadProbeMeasurements();
		expect(measurements[0]?.runIds).toEqual(['np-new-1']);
		expect(problems.join('\n')).toContain('written by a newer netplace (version 99)');
		await expect(saveProbeRun(makeRun('np-a-1'))).rejects.toThrow(/newer netplace .*nothing was saved/);
		expect(readFileSync(join(dir, 'results.json'), 'utf8')).toBe(text);
		expect(readdirSync(dir).sort()).toEqual(['results.json']);
		expect(resultsPaths().legacy).toBe(join(dir, 'results.json'));
	});

	it('a run file from a newer netplace is never evidence, never rewritten by a save, never deleted', async () => {
		await saveProbeRun(makeRun('np-a-1', 0.9));
		const path = join(dir, 'results', 'np-new-2.json');
		const text = JSON.stringify({version: 7, savedAt: '2026-11-30T00:00:00.000Z', run: makeRun('np-new-2', 5)});
		writeFileSync(path, text);
		const {measurements, problems} = await loadProbeMeasurements();
		expect(measurements.map((cell) => cell.runIds)).toEqual([['np-a-1']]);
		expect(problems).toEqual([expect.stringMatching(/np-new-2\.json was written by a newer netplace \(version 7/)]);
		expect(ids()).toEqual(['np-a-1']);
		await expect(saveProbeRun(makeRun('np-new-2', 1))).rejects.toThrow(
			/newer netplace \(version 7; this one reads up to 2\); nothing was saved/,
		);
		await expect(deleteStoredRun('np-new-2')).rejects.toThrow(
			/newer netplace \(version 7; this one reads up to 2\); nothing was deleted/,
		);
		expect(getStoredRun('np-new-2')).toMatchObject({newer: 7, entry: {run: {runId: 'np-new-2'}}});
		expect(readFileSync(path, 'utf8')).toBe(text);
		// Not understood at all (a shape this netplace cannot read): still named as newer, still kept.
		const odd = join(dir, 'results', 'np-new-3.json');
		writeFileSync(odd, JSON.stringify({version: 8, savedAt: 'x', run: {runId: 'np-new-3', pairs: 'elsewhere'}}));
		await saveProbeRun(makeRun('np-b-2'));
		expect(listStoredRuns().problems).toContainEqual(
			expect.stringMatching(/np-new-3\.json was written by a newer netplace \(version 8/),
		);
		expect(() => getStoredRun('np-new-3')).toThrow(
			/newer netplace \(version 8; this one reads up to 2\) and cannot be read: provider is unknown/,
		);
		await expect(deleteStoredRun('np-new-3')).rejects.toThrow(/nothing was deleted/);
		expect(readdirSync(join(dir, 'results')).sort()).toEqual([
			'np-a-1.json',
			'np-b-2.json',
			'np-new-2.json',
			'np-new-3.json',
		]);
	});

	it('garbage in the derived index and cells is rebuilt from the run files; newer cells make the store read only', async () => {
		await saveProbeRun(makeRun('np-a-1', 0.9));
		await saveProbeRun(makeRun('np-a-2', 1.1));
		const {index, cells} = resultsPaths();
		writeFileSync(index, 'garbage');
		writeFileSync(cells, '{"version": 2, "runsStamp": 5');
		expect(ids()).toEqual(['np-a-1', 'np-a-2']);
		expect((await loadProbeMeasurements()).measurements.map((cell) => cell.runIds)).toEqual([['np-a-1', 'np-a-2']]);
		expect(JSON.parse(readFileSync(cells, 'utf8')).cells).toHaveLength(1);

		const newer = JSON.stringify({version: 9, runsStamp: '', cells: [], problems: []});
		writeFileSync(cells, newer);
		const read = await loadProbeMeasurements();
		expect(read.measurements.map((cell) => cell.runIds)).toEqual([['np-a-1', 'np-a-2']]);
		expect(read.problems).toEqual([
			expect.stringMatching(/results-cells\.json was written by a newer netplace \(version 9\)/),
		]);
		await expect(saveProbeRun(makeRun('np-a-3'))).rejects.toThrow(/newer netplace .*nothing was saved/);
		await expect(deleteStoredRun('np-a-1')).rejects.toThrow(/newer netplace .*only reads it, nothing was deleted/);
		expect(readFileSync(cells, 'utf8')).toBe(newer);
		expect(readdirSync(join(dir, 'results')).sort()).toEqual(['np-a-1.json', 'np-a-2.json']);
	});
});
