// Issue 42, finding 7: `profiles import` of a file that is no regular file. Before, the 1 MiB cap read the
// file's size, which is 0 for both: a FIFO blocked the command for good, and /dev/zero read about 2 GB and
// aborted (std::bad_alloc). Now the open descriptor is checked first (opened without blocking), and reads are
// capped in bytes: each is one line, exit 2, at once. The built CLI in a child with a time limit, so a hang
// fails the test instead of holding it.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {assertBuilt, lines, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
const scratch = mkdtempSync(join(tmpdir(), 'netplace-special-'));
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
	rmSync(scratch, {recursive: true, force: true});
});

describe('profiles import of a file that is not a regular file', () => {
	const fifo = join(scratch, 'pipe');
	const cases: ReadonlyArray<readonly [string, () => string, RegExp]> = [
		[
			'a FIFO nobody writes to',
			() => {
				execFileSync('mkfifo', [fifo]);
				return fifo;
			},
			/pipe is a FIFO \(named pipe\), not a file/,
		],
		['/dev/zero', () => '/dev/zero', /\/dev\/zero is a character device, not a file/],
		['a folder', () => scratch, /is a folder, not a file/],
	];

	for (const [name, make, message] of cases) {
		it(`refuses ${name} at once: one line, exit 2`, () => {
			assertBuilt();
			const result = runCli(['profiles', 'import', make(), 'imported'], {configDir, timeoutMs: 20_000});
			expect(result.status).toBe(2);
			expect(lines(result.stderr)).toEqual([expect.stringMatching(message)]);
			expect(result.stdout).toBe('');
		}, 60_000);
	}
});
