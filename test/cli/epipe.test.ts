// A reader that closes early (`netplace table | head -1`) with many stored runs: every command stops quietly,
// exit 0, no stack trace on stderr.
import {spawn} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt, cliPath, root, tempConfigDir} from './helpers.js';

let configDir: string;

beforeAll(() => {
	assertBuilt();
	configDir = tempConfigDir();
	mkdirSync(join(configDir, 'results'));
	for (let index = 0; index < 600; index++) {
		const runId = `np-many-${index}`;
		const run = {
			runId,
			provider: 'lab',
			shape: `shape-${index}`,
			region: null,
			pairs: [
				{
					placement: 'default',
					published: {gbps: 2, kind: 'lab-cap'},
					results: [{streams: 1, gbps: 0.9, min: 0.9, max: 0.9, samples: 1, retransmits: 0}],
					rtt: null,
					perFlowCeiling: {present: false, singleToAggregate: null},
					percentOfPublished: 45,
					sustained: null,
				},
			],
			teardown: {complete: true, left: []},
			finishedAt: '2026-11-29T20:00:00.000Z',
		};
		writeFileSync(
			join(configDir, 'results', `${runId}.json`),
			JSON.stringify({version: 2, savedAt: run.finishedAt, run}),
		);
	}
});

afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

function firstLineOnly(args: readonly string[]): Promise<{status: number | null; stderr: string; first: string}> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cliPath, ...args], {
			cwd: root,
			env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1', COLUMNS: '80'},
		});
		let stderr = '';
		let first = '';
		child.stdout.once('data', (chunk: Buffer) => {
			first = chunk.toString().trim().split('\n')[0] ?? '';
			child.stdout.destroy(); // what `head -1` does once it has its line
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on('error', reject);
		child.on('close', (status) => resolve({status, stderr, first}));
	});
}

describe('stdout closed early (EPIPE)', () => {
	for (const args of [
		['table'],
		['table', '--json'],
		['results', 'list'],
		['results', 'list', '--json'],
		['advise', '--cloud', 'lab'],
		['advise', '--json'],
		['--help'],
	]) {
		it(`netplace ${args.join(' ')} | head -1 ends quietly`, async () => {
			const result = await firstLineOnly(args);
			expect(result.first.length).toBeGreaterThan(0);
			expect(result.stderr).toBe('');
			expect(result.status).toBe(0);
		});
	}
});
