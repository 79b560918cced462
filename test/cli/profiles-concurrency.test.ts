// Several netplace processes at once on one config folder (real processes of the built CLI): every save
// survives, and a delete racing saves neither brings a deleted profile back nor drops a new one.
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

let configDir: string;

beforeAll(() => {
	assertBuilt();
});

beforeEach(() => {
	configDir = tempConfigDir();
});

afterEach(() => {
	rmSync(configDir, {recursive: true, force: true});
});

function start(args: readonly string[]): Promise<{status: number | null; stdout: string; stderr: string}> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cliPath, ...args], {
			cwd: root,
			env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1', COLUMNS: '80'},
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on('error', reject);
		child.on('close', (status) => resolve({status, stdout, stderr}));
	});
}

function names(): string[] {
	const list = runCli(['profiles', 'list', '--json'], {configDir});
	expect(list.status).toBe(0);
	return (JSON.parse(list.stdout) as Array<{name: string}>).map((entry) => entry.name).sort();
}

const waitLine = /^netplace: waiting for .+: another netplace \(.+\) is saving to it$/;

const range = (prefix: string, count: number) => Array.from({length: count}, (_, index) => `${prefix}${index}`);

describe('concurrent profile writes', () => {
	it('20 advise --save at once: all 20 saved', async () => {
		const wanted = range('p', 20);
		const results = await Promise.all(wanted.map(async (name) => start(['advise', '--json', '--save', name])));
		for (const result of results) {
			// A save that waits long on the lock (a busy machine) says so on stderr, and nothing else.
			const unexpected = result.stderr.split('\n').filter((line) => line !== '' && !waitLine.test(line));
			expect(unexpected).toEqual([]);
			expect(result.status).toBe(0);
		}

		expect(names()).toEqual([...wanted].sort());
	}, 60_000);

	it('deletes racing saves: every deleted profile stays deleted, every new one is kept', async () => {
		const old = range('old', 8);
		for (const name of old) expect(runCli(['advise', '--save', name], {configDir}).status).toBe(0);
		const fresh = range('new', 8);
		const results = await Promise.all([
			...old.map(async (name) => start(['profiles', 'delete', name])),
			...fresh.map(async (name) => start(['advise', '--save', name])),
		]);
		for (const result of results) expect(result.status).toBe(0);
		expect(names()).toEqual([...fresh].sort());
	}, 60_000);
});
