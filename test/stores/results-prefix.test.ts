// `results list` has a header row and wraps its cells at words; `results show|delete` take a unique
// beginning of a run id (`np-` may be left out); an ambiguous one names the matches, none says so: one
// line, exit 2, nothing deleted. In-process, against a scratch results folder.

import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {listLines, resultsCommand} from '../../source/cli/results.js';
import {exitCodeOf, formatError} from '../../source/domain/errors.js';
import {listStoredRuns, resolveRunId, saveProbeRun} from '../../source/probe/probe-results.js';
import {cliFlags} from '../probe/cli-flags.js';
import {makeRun} from '../probe/stored-run.js';

let dir: string;
let stdout: string;
beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'np-prefix-'));
	process.env['NETPLACE_CONFIG_DIR'] = dir;
	stdout = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	for (const id of ['np-mgx3k2p1-ab12', 'np-mgx3k9zz-cd34', 'np-mh01aaaa-ef56']) await saveProbeRun(makeRun(id));
});
afterEach(() => {
	vi.restoreAllMocks();
	delete process.env['NETPLACE_CONFIG_DIR'];
	rmSync(dir, {recursive: true, force: true});
});

function refusal(run: () => unknown): {line: string; code: number} {
	try {
		run();
	} catch (error: unknown) {
		return {line: formatError(error), code: exitCodeOf(error)};
	}

	throw new Error('expected a refusal');
}

const files = () => readdirSync(join(dir, 'results')).sort();

describe('run ids by their beginning', () => {
	it('a unique beginning names its run, with or without np-; the whole id always does', () => {
		expect(resolveRunId('np-mh')).toBe('np-mh01aaaa-ef56');
		expect(resolveRunId('mgx3k2')).toBe('np-mgx3k2p1-ab12');
		expect(resolveRunId('np-mgx3k9zz-cd34')).toBe('np-mgx3k9zz-cd34');
	});

	it('an ambiguous beginning names the matches; none is one line; both exit 2', () => {
		expect(refusal(() => resolveRunId('mgx3'))).toEqual({
			line: 'netplace: mgx3 begins 2 run ids: np-mgx3k2p1-ab12, np-mgx3k9zz-cd34 (type more of the id)',
			code: 2,
		});
		expect(refusal(() => resolveRunId('np-zz'))).toEqual({
			line: 'netplace: no probe result with id np-zz (netplace results list shows them)',
			code: 2,
		});
	});

	it('show and delete take it; an ambiguous delete deletes nothing', async () => {
		expect(await resultsCommand(['show', 'mh0'], cliFlags({}))).toBe(0);
		expect(stdout).toMatch(/^Probe result np-mh01aaaa-ef56 \(complete\)/);
		await expect(resultsCommand(['delete', 'np-mgx3'], cliFlags({}))).rejects.toThrow(/begins 2 run ids/);
		expect(files()).toHaveLength(3);
		expect(await resultsCommand(['delete', 'mgx3k9'], cliFlags({}))).toBe(0);
		expect(stdout).toContain('Deleted probe result np-mgx3k9zz-cd34');
		expect(files()).toEqual(['np-mgx3k2p1-ab12.json', 'np-mh01aaaa-ef56.json']);
	});
});

describe('results list', () => {
	it('has a header row, a line per cell under its run, and every line fits the width', () => {
		for (const width of [120, 80, 60]) {
			const lines = listLines(listStoredRuns().runs, width);
			expect(lines[0]).toMatch(/^ID\s+STATUS\s+FINISHED/);
			expect(lines[1]).toMatch(/^np-mgx3k2p1-ab12\s+complete\s+2026-11-29T22:00:00.000Z$/);
			expect(lines[2]).toBe('  lab/custom/default: 1 flow 0.95, 8 streams 2.86 Gbps');
			for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
		}
	});
});
