// `probe --provider ssh` refuses bad input with one line and exit 2 before anything connects: the hosts are
// TEST-NET addresses nobody answers at, and the probe's first line (`probe np-…`) never comes.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {configDirForFile} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = configDirForFile();
const scratch = mkdtempSync(join(tmpdir(), 'netplace-ssh-input-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const pair = 'ubuntu@192.0.2.10,ubuntu@192.0.2.11';

describe('probe --provider ssh: bad input, one line, exit 2, nothing connects', () => {
	const cases: ReadonlyArray<readonly [string, readonly string[], RegExp]> = [
		['one host', ['--hosts', '192.0.2.10'], /--hosts takes two hosts, the sender and the receiver \(A,B\), got 1/],
		['three hosts', ['--hosts', 'a,b,c'], /--hosts takes two hosts, the sender and the receiver \(A,B\), got 3/],
		['no hosts', [], /--provider ssh needs --hosts A,B/],
		[
			'a missing identity file',
			['--hosts', pair, '--identity', join(scratch, 'nope')],
			/--identity .*nope cannot be read \(ENOENT\)/,
		],
		['an identity that is a folder', ['--hosts', pair, '--identity', scratch], /--identity .* is not a file/],
		['port 0', ['--hosts', pair, '--port', '0'], /--port must be a TCP port, an integer from 1 to 65535, got "0"/],
		['port 65536', ['--hosts', pair, '--port', '65536'], /--port must be a TCP port/],
		['a port that is no number', ['--hosts', pair, '--port', '22x'], /--port must be a TCP port/],
		['host:port', ['--hosts', 'a:2222,b'], /names a port \(give the SSH port with --port N\)/],
		['a bad path', ['--hosts', pair, '--path', 'moon'], /--path must be same-zone, cross-zone, cross-region, internet/],
		[
			'a shape the catalogue lacks',
			['--hosts', pair, '--shape', 'no.such.shape'],
			/--shape "no.such.shape" is no catalogue shape/,
		],
		['a lab flag', ['--hosts', pair, '--flow-cap', '1'], /--flow-cap is not a --provider ssh flag/],
	];

	for (const [name, args, message] of cases) {
		it(name, async () => {
			const result = await runInProcess(['probe', '--provider', 'ssh', ...args], {configDir: configDir()});
			expect(result.status).toBe(2);
			expect(result.stdout).toBe('');
			const lines = result.stderr.trim().split('\n');
			expect(lines).toHaveLength(1);
			expect(lines[0]).toMatch(/^netplace: /);
			expect(lines[0]).toMatch(message);
		});
	}

	it('--hosts is a --provider ssh flag only', async () => {
		const result = await runInProcess(['probe', '--provider', 'lab', '--hosts', pair], {configDir: configDir()});
		expect(result.status).toBe(2);
		expect(result.stderr).toMatch(/--hosts is not a --provider lab flag \(it is for --provider ssh\)/);
	});

	it('--dry-run connects to nothing and says what it would do', async () => {
		const result = await runInProcess(
			['probe', '--provider', 'ssh', '--hosts', pair, '--shape', 'c8g.4xlarge', '--dry-run'],
			{
				configDir: configDir(),
			},
		);
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('Plan: ssh aws/c8g.4xlarge');
		expect(result.stdout).toContain('creates nothing: starts iperf3 servers on ubuntu@192.0.2.11');
		expect(result.stdout).toContain('Dry run: nothing was created.');
	});
});
