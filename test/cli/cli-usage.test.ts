import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configDirForFile, lines, root} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();

describe('netplace --help and --version', () => {
	it('prints usage with commands, flags, examples and exit codes', async () => {
		const result = await runInProcess(['--help'], {configDir: configDir()});
		expect(result.status).toBe(0);
		for (const text of [
			'Usage',
			'netplace advise',
			'netplace table',
			'netplace profiles list',
			'--min-gbps',
			'--lab-profile',
			'Examples',
			'Exit codes',
			'130',
		]) {
			expect(result.stdout).toContain(text);
		}

		expect(result.stderr).toBe('');
		// The layout meow gave it (commands/usage.ts): the package's description, then the text, two spaces in.
		const {description} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {description: string};
		expect(result.stdout.split('\n').slice(0, 5)).toEqual([
			'',
			`  ${description}`,
			'',
			'  Usage',
			'    $ netplace [workload flags] [--profile NAME]',
		]);
		expect(result.stdout).toMatch(/\S\n\n$/);
	});

	it('prints the package version', async () => {
		const {version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string};
		const result = await runInProcess(['--version'], {configDir: configDir()});
		expect(result.status).toBe(0);
		expect(result.stdout.trim()).toBe(version);
	});
});

const badInputs: ReadonlyArray<{readonly args: readonly string[]; readonly message: RegExp}> = [
	{args: ['advise', '--cloud', 'azure'], message: /unknown cloud "azure"/},
	{args: ['advise', '--streams', '0'], message: /--streams .*"0"/},
	{args: ['advise', '--streams', 'abc'], message: /--streams .*"abc"/},
	{args: ['advise', '--streams'], message: /--streams/},
	{args: ['advise', '--min-gbps', '-3'], message: /--min-gbps .*"-3"/},
	{args: ['advise', '--min-gbps', 'lots'], message: /--min-gbps .*"lots"/},
	{args: ['table', '--cloud', 'azure'], message: /unknown cloud "azure"/},
	{args: ['frobnicate'], message: /unknown command "frobnicate"/},
	{args: ['advise', '--colour'], message: /unknown flag --colour/},
	{args: ['table', '--json', '--no-such-thing=1'], message: /unknown flag --no-such-thing|unknown flag --such-thing/},
	{args: ['advise', '--profile', 'missing'], message: /no profile named missing \(netplace profiles list shows them\)/},
	{args: ['profiles', 'show', 'missing'], message: /no profile named missing/},
	{args: ['profiles', 'export', 'missing'], message: /no profile named missing/},
	{args: ['profiles', 'delete', 'missing'], message: /no profile named missing/},
	{args: ['profiles', 'rename'], message: /unknown profiles subcommand "rename"/},
	{args: ['profiles', 'show'], message: /needs a profile name/},
	{args: ['advise', '--save', 'no spaces'], message: /invalid profile name "no spaces"/},
	{args: ['advise', 'extra'], message: /unexpected argument extra/},
];

describe('bad input: one line on stderr, exit 2, no stack trace', () => {
	for (const {args, message} of badInputs) {
		it(args.join(' '), async () => {
			const result = await runInProcess(args, {configDir: configDir()});
			expect(result.status).toBe(2);
			expect(lines(result.stderr)).toHaveLength(1);
			expect(result.stderr).toMatch(/^netplace: /);
			expect(result.stderr).toMatch(message);
			expect(result.stderr).not.toMatch(/\n\s+at /);
			expect(result.stdout).toBe('');
		});
	}

	it('shows the stack with --debug', async () => {
		const result = await runInProcess(['advise', '--streams', '0', '--debug'], {configDir: configDir()});
		expect(result.status).toBe(2);
		expect(lines(result.stderr).length).toBeGreaterThan(1);
		expect(result.stderr).toMatch(/\n\s+at /);
	});
});
