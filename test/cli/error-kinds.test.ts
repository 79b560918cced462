// The three kinds of error netplace says, through the one handler (command-line.ts), from both bundles of the
// built CLI: dist/cli.cjs (the scripting commands) and dist/long-running.js (probe, cleanup, the wizard), whose
// error classes are copies of their own. A user error is exit 2, a failure at run time exit 1, each one line
// with its hint and never "run with --debug" (that is for a bug); a RuntimeError is no kind of UserError.
import {rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {exitCodeOf, formatError, isSaid, RuntimeError, UserError} from '../../source/domain/errors.js';
import {assertBuilt, lines, runCli, tempConfigDir} from './helpers.js';

let home: string;

beforeAll(() => {
	assertBuilt();
	home = tempConfigDir();
});

afterAll(() => {
	rmSync(home, {recursive: true, force: true});
});

/** No cloud credentials anywhere: an empty HOME, no AWS variables, files that do not exist. */
function noCredentials(): Record<string, string> {
	return {
		HOME: home,
		AWS_ACCESS_KEY_ID: '',
		AWS_SECRET_ACCESS_KEY: '',
		AWS_SESSION_TOKEN: '',
		AWS_PROFILE: '',
		AWS_CONFIG_FILE: join(home, 'no-aws-config'),
		AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-aws-credentials'),
	};
}

function run(args: readonly string[], env: Record<string, string> = {}) {
	return runCli(args, {configDir: join(home, 'config'), env});
}

describe('user errors and runtime failures are separate kinds', () => {
	it('a RuntimeError is not a UserError; each says its own exit code', () => {
		const runtime = new RuntimeError('the disk is full', 'free some space');
		expect(runtime).not.toBeInstanceOf(UserError);
		expect(isSaid(runtime)).toBe(true);
		expect(exitCodeOf(runtime)).toBe(1);
		expect(formatError(runtime)).toBe('netplace: the disk is full (free some space)');
		expect(exitCodeOf(new UserError('bad flag'))).toBe(2);
		// A bug is neither: exit 1, and the stack is offered under --debug.
		expect(isSaid(new Error('undefined is not a function'))).toBe(false);
		expect(formatError(new Error('boom'))).toBe('netplace: boom (run with --debug for details)');
	});

	it('dist/cli.cjs: a bad flag is exit 2, a store it cannot read exit 1, one line each', () => {
		const bad = run(['advise', '--streams', '0']);
		expect(bad.status).toBe(2);
		expect(lines(bad.stderr)).toEqual(['netplace: --streams must be an integer from 1 to 4096, got "0"']);

		// The config folder's path runs through a file: nothing can be read or saved there.
		const file = join(home, 'a-file');
		writeFileSync(file, 'not a folder');
		const failed = runCli(['profiles', 'show', 'any'], {configDir: join(file, 'config')});
		expect(failed.status).toBe(1);
		expect(lines(failed.stderr)).toEqual([
			expect.stringMatching(/^netplace: cannot read .*config\.json: a part of the path is not a folder \(ENOTDIR\) \(/),
		]);
		expect(failed.stderr).not.toContain('--debug');
	});

	it('dist/long-running.js: its errors reach the one handler as the kinds they are (2 and 1)', () => {
		const bad = run(['probe', '--provider', 'lab', '--streams', '0']);
		expect(bad.status).toBe(2);
		expect(lines(bad.stderr)).toEqual(['netplace: --streams must be an integer from 1 to 128, got "0"']);

		// Missing credentials are a RuntimeError thrown in the long-running bundle: exit 1 with its hint, not
		// a bug's "run with --debug" (which a class check across the two bundles would have made of it).
		const failed = run(['cleanup', '--provider', 'aws', '--region', 'us-east-1'], noCredentials());
		expect(failed.status).toBe(1);
		expect(lines(failed.stderr)).toEqual([
			expect.stringMatching(/^netplace: no usable aws credentials .*\(run `aws configure`/),
		]);
		expect(failed.stderr).not.toContain('--debug');
	});

	it('--debug adds the stack to a said error from either bundle; the exit code stays', () => {
		const debug = run(['probe', '--provider', 'lab', '--streams', '0', '--debug']);
		expect(debug.status).toBe(2);
		expect(debug.stderr).toMatch(/^netplace: --streams must be .*\nUserError: --streams must be .*\n\s+at /);
	});
});
