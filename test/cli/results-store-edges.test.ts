// Issue 42, finding 12: the results store's edges, each one line and never the end of the command. Before: a
// run file that is a folder made `results list`, `table` and `advise` exit 1; 2,000 junk files printed 2,000
// warnings; a run whose inner id differs from its file name was listed under an id `results show` and
// `results delete` could not find (and a copy of a run counted twice); a run edited in place kept its old
// figures as evidence (the derived files were keyed on the folder's mtime, which an in-place write leaves).
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {BandwidthRow} from '../../source/domain/types.js';
import {lines, storeRun, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;
let runs: string;

beforeEach(() => {
	configDir = tempConfigDir();
	storeRun(configDir, 'np-a-1', 0.6, '2026-11-29T20:00:00.000Z');
	runs = join(configDir, 'results');
});

afterEach(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const run = async (...args: string[]) => runInProcess(args, {configDir});

const probeRows = async () =>
	(JSON.parse((await run('table', '--cloud', 'lab', '--json')).stdout) as BandwidthRow[]).filter(
		(row) => row.source === 'probe',
	);

describe('results store edges', () => {
	it('a run file that is a folder (or a FIFO): one line each command, the other runs still read', async () => {
		mkdirSync(join(runs, 'np-dir.json'));
		execFileSync('mkfifo', [join(runs, 'np-fifo.json')]);
		for (const args of [
			['results', 'list'],
			['table', '--cloud', 'lab'],
			['advise', '--cloud', 'lab'],
		]) {
			const result = await run(...args);
			expect(result.status, args.join(' ')).toBe(0);
			expect(lines(result.stderr), args.join(' ')).toEqual([
				`netplace: warning: probe result ${join(runs, 'np-dir.json')} skipped: it is a folder, not a file (kept as it is)`,
				`netplace: warning: probe result ${join(runs, 'np-fifo.json')} skipped: it is a FIFO (named pipe), not a file (kept as it is)`,
			]);
		}

		expect((await run('results', 'list')).stdout).toMatch(/^np-a-1\s+complete/m);
		expect(await probeRows()).toMatchObject([{singleFlowGbps: 0.6, runIds: ['np-a-1']}]);
		// Shown or deleted by name: one line each, exit 1, the folder kept.
		const shown = await run('results', 'show', 'np-dir');
		expect([shown.status, lines(shown.stderr)]).toEqual([
			1,
			[
				`netplace: probe result ${join(runs, 'np-dir.json')} cannot be read: it is a folder, not a file (it is kept as it is)`,
			],
		]);
		const deleted = await run('results', 'delete', 'np-dir');
		expect(deleted.status).toBe(1);
		expect(lines(deleted.stderr)).toEqual([
			expect.stringContaining(`cannot delete ${join(runs, 'np-dir.json')}: it is a folder, not a file (ERR_FS_EISDIR)`),
		]);
		expect(existsSync(join(runs, 'np-dir.json'))).toBe(true);
	});

	it('2,000 junk files: one summary line, not 2,000 warnings; the run still evidence', async () => {
		for (let index = 0; index < 2000; index++) writeFileSync(join(runs, `junk-${index}.json`), 'junk\n');
		for (const args of [
			['results', 'list'],
			['advise', '--cloud', 'lab'],
		]) {
			const result = await run(...args);
			expect(result.status).toBe(0);
			expect(lines(result.stderr)).toEqual([
				`netplace: warning: 2000 files in ${runs} skipped: not runs netplace can use (each kept as it is); the first, junk-0.json: not valid JSON`,
			]);
		}

		expect(await probeRows()).toMatchObject([{singleFlowGbps: 0.6, runIds: ['np-a-1']}]);
	});

	it('a run whose inner id is not its file name: one line naming both, shown and deleted by its file, never evidence', async () => {
		// A copy of np-a-1 under another name: counted twice before (and listed as np-a-1 twice).
		writeFileSync(join(runs, 'np-copy.json'), readFileSync(join(runs, 'np-a-1.json')));
		const mismatch = `its run id "np-a-1" is not its file name (np-copy): a copied or renamed run, never evidence`;
		const list = await run('results', 'list');
		expect(lines(list.stderr)).toEqual([
			`netplace: warning: probe result ${join(runs, 'np-copy.json')} skipped: ${mismatch} (kept as it is)`,
		]);
		expect(list.stdout.match(/^np-a-1 /gm)).toHaveLength(1);
		expect(await probeRows()).toMatchObject([{runs: 1, runIds: ['np-a-1']}]);

		const shown = await run('results', 'show', 'np-copy');
		expect(shown.status).toBe(0);
		expect(shown.stdout.replaceAll('\n', ' ')).toContain(`Probe result np-copy (${mismatch})`);
		const deleted = await run('results', 'delete', 'np-copy');
		expect(deleted.status).toBe(0);
		expect(existsSync(join(runs, 'np-copy.json'))).toBe(false);
		expect(existsSync(join(runs, 'np-a-1.json'))).toBe(true);
		expect(lines((await run('results', 'list')).stderr)).toEqual([]);
		expect(await probeRows()).toMatchObject([{runs: 1, runIds: ['np-a-1']}]);
	});

	it('a run edited in place: its new figures are the evidence (the derived files are keyed on each file)', async () => {
		expect(await probeRows()).toMatchObject([{singleFlowGbps: 0.6}]);
		const path = join(runs, 'np-a-1.json');
		const stored = JSON.parse(readFileSync(path, 'utf8')) as {
			run: {pairs: Array<{results: Array<{gbps: number; min: number; max: number}>}>};
		};
		const single = stored.run.pairs[0]?.results[0];
		if (single === undefined) throw new Error('no single-flow result in the stored run');
		Object.assign(single, {gbps: 0.9, min: 0.9, max: 0.9});
		// In place (the same inode, the folder's mtime unchanged), as an editor saving over the file does.
		writeFileSync(path, JSON.stringify(stored));
		expect(await probeRows()).toMatchObject([{singleFlowGbps: 0.9}]);
		expect((await run('results', 'list')).stdout).toContain('1 flow 0.9');
	});
});
