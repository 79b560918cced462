// `netplace explain -` reads standard input (a pipe), and a FIFO named as a FILE is refused without being
// opened (opening one would wait for a writer): the built CLI as a child process, its stdin the subject.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {assertBuilt, cliPath, root} from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'np-explain-stdin-'));
beforeAll(assertBuilt);
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const run = (args: readonly string[], input?: string) =>
	spawnSync(process.execPath, [cliPath, 'explain', ...args], {
		cwd: root,
		encoding: 'utf8',
		input,
		timeout: 30_000,
		env: {...process.env, NO_COLOR: '1', COLUMNS: '80', NETPLACE_CONFIG_DIR: scratch},
	});

it('reads iperf3 -J from standard input', () => {
	const result = run(['-'], readFileSync(join(root, 'test/fixtures/iperf3/v3.16-loopback-p1.json'), 'utf8'));
	expect(result.status).toBe(0);
	expect(result.stdout).toContain('-: iperf 3.16, 1 stream');
	expect(result.stdout).toContain('CPU: the test measured its host');
});

it('refuses a FIFO named as a FILE at once, in one line', () => {
	const fifo = join(scratch, 'fifo');
	execFileSync('mkfifo', [fifo]);
	const result = run([fifo]);
	expect(result.status).toBe(2);
	expect(result.stderr.trim().split('\n')).toHaveLength(1);
	expect(result.stderr).toContain(`explain: ${fifo}: a FIFO (named pipe)`);
});
