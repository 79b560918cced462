// How a command's process ends (cli.tsx): a command that wrote its whole answer through writeStdout, with
// nothing left pending, ends at once instead of idling through V8's queued tasks; a command that wrote through
// a stream (which may hold queued output), or failed, ends when its event loop drains, its output whole.

import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configDirForFile, root, runCli} from './helpers.js';

const preload = join(root, 'test', 'cli', 'fixtures', 'report-idle-end.cjs');
const configDir = configDirForFile();

const run = (args: readonly string[]) => runCli(args, {configDir: configDir(), nodeArgs: ['--require', preload]});

describe('the end of a command', () => {
	it('ends advise --json at once, its JSON whole', () => {
		const result = run(['advise', '--json']);
		expect(result.status).toBe(0);
		expect(result.stderr).not.toContain('loop drained');
		expect(JSON.parse(result.stdout)).toHaveProperty('configurations');
	});

	it('ends size --json and table --json at once too', () => {
		for (const args of [
			['size', '--json', '--streams', '4', '--min-gbps', '30'],
			['table', '--json'],
		]) {
			const result = run(args);
			expect(result.status).toBe(0);
			expect(result.stderr).not.toContain('loop drained');
			expect(result.stdout.length).toBeGreaterThan(100);
		}
	});

	it('lets --help and the text table, written through process.stdout, end as the loop drains, their text whole', () => {
		const help = run(['--help']);
		expect(help.status).toBe(0);
		expect(help.stderr).toContain('loop drained');
		expect(help.stdout).toContain('Usage');
		expect(help.stdout.trimEnd().split('\n').length).toBeGreaterThan(20);
		const table = run(['table']);
		expect(table.stderr).toContain('loop drained');
		expect(table.stdout).toContain('Measured versus published bandwidth');
		expect(table.stdout.trimEnd().endsWith('rate x OCPUs.')).toBe(true);
	});

	it('lets a refused command end as the loop drains, exit 2 and its one line', () => {
		const result = run(['advise', '--streams', 'many']);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain('loop drained');
		expect(result.stderr).toContain('--streams');
	});
});
