// `netplace results list|show|delete` and `table` over stored runs (the CLI): one row per cell with its
// count, ids and dates; partial runs listed as partial and never evidence; ids that are not files refused.
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {BandwidthRow} from '../../source/domain/types.js';
import {lines, storeRun, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

beforeEach(() => {
	configDir = tempConfigDir();
	storeRun(configDir, 'np-a-1', 0.6, '2026-11-29T20:00:00.000Z');
	storeRun(configDir, 'np-a-2', 0.8, '2026-11-29T21:00:00.000Z');
	storeRun(configDir, 'np-a-3', 0.7, '2026-11-29T22:00:00.000Z');
	storeRun(configDir, 'np-stopped', 5, '2026-11-29T23:00:00.000Z', {aborted: true, failed: true});
});

afterEach(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const tableRows = async () =>
	JSON.parse((await runInProcess(['table', '--cloud', 'lab', '--json'], {configDir})).stdout) as BandwidthRow[];

describe('netplace results', () => {
	it('lists every run with its status; partial ones are kept but are not evidence', async () => {
		const list = await runInProcess(['results', 'list'], {configDir});
		expect(list.status).toBe(0);
		expect(list.stderr).toBe('');
		expect(lines(list.stdout).slice(0, 6)).toEqual([
			expect.stringMatching(/^ID\s+STATUS\s+FINISHED$/),
			expect.stringMatching(/^np-a-1\s+complete\s+2026-11-29T20:00:00.000Z$/),
			'  lab/custom/default: 1 flow 0.6, 8 streams 2 Gbps',
			expect.stringMatching(/^np-a-2\s+complete/),
			'  lab/custom/default: 1 flow 0.8, 8 streams 2 Gbps',
			expect.stringMatching(/^np-a-3\s+complete/),
		]);
		expect(list.stdout).toMatch(/^np-stopped\s+partial/m);
		const json = JSON.parse((await runInProcess(['results', 'list', '--json'], {configDir})).stdout) as Array<{
			id: string;
			status: string;
		}>;
		expect(json.map((run) => [run.id, run.status])).toContainEqual(['np-stopped', 'partial']);
	});

	it('table: one row per cell, the median of its complete runs, with count, ids and dates', async () => {
		const rows = (await tableRows()).filter((row) => row.source === 'probe');
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			shape: 'custom',
			singleFlowGbps: 0.7,
			aggregateGbps: 2,
			runs: 3,
			runIds: ['np-a-1', 'np-a-2', 'np-a-3'],
			dates: ['2026-11-29T20:00:00.000Z', '2026-11-29T21:00:00.000Z', '2026-11-29T22:00:00.000Z'],
		});
		const text = await runInProcess(['table', '--cloud', 'lab'], {configDir});
		expect(text.stdout).toMatch(/custom\s+default\s+probex3\s+0\.7\s+2\b/);
		expect(text.stdout).not.toMatch(/- +-\/1/);
	});

	it('show prints one run (and --json the stored entry); delete removes it and its evidence', async () => {
		const shown = await runInProcess(['results', 'show', 'np-a-2'], {configDir});
		expect(shown.status).toBe(0);
		// The header wraps at words to the width (80 here): the path may start a line of its own.
		expect(shown.stdout.replaceAll('\n', ' ')).toMatch(
			/^Probe result np-a-2 \(complete\), saved 2026-11-29T21:00:00.000Z in .*np-a-2\.json/,
		);
		const json = JSON.parse((await runInProcess(['results', 'show', 'np-a-2', '--json'], {configDir})).stdout) as {
			run: {runId: string};
		};
		expect(json.run.runId).toBe('np-a-2');
		const deleted = await runInProcess(['results', 'delete', 'np-a-2'], {configDir});
		expect(deleted.status).toBe(0);
		expect(deleted.stdout).toContain('Deleted probe result np-a-2');
		expect(readdirSync(join(configDir, 'results')).sort()).toEqual(['np-a-1.json', 'np-a-3.json', 'np-stopped.json']);
		expect((await tableRows()).find((row) => row.source === 'probe')).toMatchObject({runs: 2, singleFlowGbps: 0.65});
	});

	it('a missing or malformed id is one line and exit 2', async () => {
		for (const args of [
			['results', 'show', 'np-nope'],
			['results', 'delete', 'np-nope'],
			['results', 'show', '../config'],
			['results', 'delete', 'toString'],
			['results', 'frobnicate'],
			['results'],
		]) {
			const result = await runInProcess(args, {configDir});
			expect(result.status).toBe(2);
			expect(lines(result.stderr)).toHaveLength(1);
			expect(result.stderr).toMatch(/^netplace: /);
		}
	});

	it('a run file written by a newer netplace is reported and kept, read only, never evidence; delete refuses', async () => {
		const path = storeRun(configDir, 'np-newer', 9.9, '2026-11-30T01:00:00.000Z', {}, 9);
		const before = readFileSync(path, 'utf8');
		const notice = new RegExp(`^netplace: warning: probe result ${path} was written by a newer netplace \\(version 9`);

		const list = await runInProcess(['results', 'list'], {configDir});
		expect(list.status).toBe(0);
		expect(lines(list.stderr)).toEqual([expect.stringMatching(notice)]);
		expect(list.stderr).toContain('never used as evidence');
		expect(list.stdout).not.toMatch(/^np-newer/m);

		const table = await runInProcess(['table', '--cloud', 'lab', '--json'], {configDir});
		expect(lines(table.stderr)).toEqual([expect.stringMatching(notice)]);
		const rows = (JSON.parse(table.stdout) as BandwidthRow[]).filter((row) => row.source === 'probe');
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({runs: 3, singleFlowGbps: 0.7, runIds: ['np-a-1', 'np-a-2', 'np-a-3']});

		const shown = await runInProcess(['results', 'show', 'np-newer'], {configDir});
		expect(shown.status).toBe(0);
		expect(shown.stdout.replaceAll('\n', ' ')).toMatch(
			/^Probe result np-newer \(written by a newer netplace, version 9: read only, never evidence\)/,
		);

		const refused = await runInProcess(['results', 'delete', 'np-newer'], {configDir});
		expect(refused.status).toBe(1);
		expect(lines(refused.stderr)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^netplace: probe result ${path} was written by a newer netplace \\(version 9; this one reads up to 2\\); nothing was deleted`,
				),
			),
		]);
		expect(refused.stdout).toBe('');

		// A write of the store (deleting another run rebuilds the index and cells) leaves it as it was.
		expect((await runInProcess(['results', 'delete', 'np-a-1'], {configDir})).status).toBe(0);
		expect(readFileSync(path, 'utf8')).toBe(before);
		expect(readdirSync(join(configDir, 'results')).sort()).toEqual([
			'np-a-2.json',
			'np-a-3.json',
			'np-newer.json',
			'np-stopped.json',
		]);
		expect(readdirSync(configDir).filter((name) => name.includes('np-newer') || name.includes('corrupt'))).toEqual([]);
	});
});
