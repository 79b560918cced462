// Issue 9's strict input through the CLI's command line (run in this process): every bad input is one line on
// stderr, exit 2, and nothing is created: no lab namespace of its own (`ip netns list` before and after each
// case; a namespace another suite made meanwhile carries that suite's pid in its owner file,
// source/providers/lab/namespaces.ts), no results or profiles file.
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {type CliResult, lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

/** The lab's namespaces (`np-…`) now, or null where `ip netns` is not available. */
function labNamespaces(): string[] | null {
	try {
		const text = execFileSync('ip', ['netns', 'list'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
		return text
			.split('\n')
			.map((line) => line.split(' ')[0] ?? '')
			.filter((name) => name.startsWith('np-'))
			.sort();
	} catch {
		return null;
	}
}

/** The pid in a lab run's owner file (`/run/netplace-lab/<prefix>.json`), or null. */
function ownerPid(namespace: string): number | null {
	const prefix = namespace.replace(/-\d+-(srv|cli)$/, '');
	try {
		return (JSON.parse(readFileSync(`/run/netplace-lab/${prefix}.json`, 'utf8')) as {pid: number}).pid;
	} catch {
		return null;
	}
}

/** Namespaces that appeared during a run of `pid`, made by that run (owned by it, or with no owner at all). */
function madeBy(pid: number | undefined, before: readonly string[] | null): string[] {
	const after = labNamespaces();
	if (before === null || after === null) return [];
	return after.filter((name) => !before.includes(name) && [pid, null].includes(ownerPid(name)));
}

/** A run in this process (test/cli/in-process.ts): a lab run it started would carry this process's pid. */
async function runHere(args: readonly string[]): Promise<CliResult & {pid: number}> {
	return {...(await runInProcess(args, {configDir})), pid: process.pid};
}

const lab = ['probe', '--provider', 'lab'];
const aws = ['probe', '--provider', 'aws', '--shape', 'c8gn.4xlarge'];

const cases: ReadonlyArray<readonly [readonly string[], RegExp]> = [
	[[...lab, '--flow-cap', '0x10'], /--flow-cap must be a number from 0.01 to 10 Gbps, got "0x10"/],
	[[...lab, '--duration', '0x5'], /--duration must be an integer from 1 to 3600 s, got "0x5"/],
	[[...lab, '--repeat', '0b11'], /--repeat must be an integer from 1 to 20, got "0b11"/],
	[[...lab, '--streams', '1e1,0o10'], /--streams must be an integer from 1 to 128, got "1e1"/],
	[[...lab, '--flow-cap', '1e300'], /--flow-cap must be a number from 0.01 to 10 Gbps, got "1e300"/],
	[[...lab, '--flow-cap', '1e-12'], /--flow-cap must be a number from 0.01 to 10 Gbps, got "1e-12"/],
	[[...lab, '--rtt', '100000'], /--rtt must be a number above 0 and at most 1000 ms, got "100000"/],
	[[...lab, '--jitter', '1000', '--rtt', '1'], /--jitter 1000 is above --rtt 1/],
	[[...lab, '--sustained', 'maybe'], /--sustained must be an integer from 60 to 3600 s, got "maybe"/],
	[[...lab, '--lab-profile', 'aws/c8gn.4xlarge/cluster', '--lab-scale', '1'], /outside what the lab shapes/],
	[[...lab, '--profile', 'nope'], /netplace probe does not take --profile/],
	[[...aws, '--ssh-cidr', '203.0.113.7/32', '--price', '1e308'], /--price must be a number from 0 to 1000 \$\/h/],
	[[...aws, '--ssh-cidr', '203.0.113.7/032'], /"203.0.113.7\/032" is not an IPv4 or IPv6 CIDR/],
	[[...aws, '--ssh-cidr', '203.0.113.7/8'], /"203.0.113.7\/8" has host bits set \(the network is 203.0.0.0\/8/],
	[[...aws, '--ssh-cidr', '0.0.0.0/0'], /--ssh-cidr 0.0.0.0\/0 lets anyone on the internet try to SSH in.*add --yes/],
	[[...aws, '--ssh-cidr', '::/0', '--region', 'us-east-1'], /--ssh-cidr ::\/0 lets anyone on the internet/],
	[['table', '--save', 'x'], /netplace table does not take --save/],
	[['advise', '--duration', '5'], /netplace advise does not take --duration/],
	[['advise', '--sustained', 'maybe'], /--sustained takes no value, or yes or no \(got "maybe"\)/],
	[['advise', '--min-gbps', '0', '--save', 'x'], /--min-gbps must be a number above 0 and at most 10000 Gbps, got "0"/],
	[['advise', '--min-gbps', '1e308'], /--min-gbps must be a number above 0/],
	[['advise', '--streams', '0x10'], /--streams must be an integer from 1 to 4096, got "0x10"/],
	[['--duration', '5'], /the wizard \(netplace with no command\) does not take --duration/],
];

describe('strict input: one line, exit 2, nothing created', () => {
	it.each(cases)('%j', async (args, message) => {
		const before = labNamespaces();
		const result = await runHere(args);
		expect(result.stderr).toMatch(message);
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toMatch(/^netplace: /);
		expect(result.stderr).not.toMatch(/\n\s+at /);
		expect(madeBy(result.pid, before)).toEqual([]);
		expect(readdirSync(configDir)).toEqual([]);
	});

	it('names every bad field of one probe in one line', async () => {
		const bad = ['--flow-cap', '0x10', '--duration', '0', '--rtt', '100000', '--repeat', '0b11'];
		const result = await runInProcess([...lab, ...bad], {configDir});
		expect(result.status).toBe(2);
		expect(lines(result.stderr)).toHaveLength(1);
		for (const flag of ['--flow-cap', '--duration', '--rtt', '--repeat']) expect(result.stderr).toContain(flag);
	});

	it('names every flag a command does not take', async () => {
		const result = await runInProcess(['table', '--save', 'x', '--streams', '4', '--rtt', '1'], {configDir});
		expect(result.status).toBe(2);
		expect(result.stderr.trim()).toBe(
			'netplace: netplace table does not take --streams, --save, --rtt (netplace table --help lists its flags)',
		);
	});

	it('an open SSH CIDR with --yes goes on with a warning (the dry run shows it)', async () => {
		const result = await runInProcess(
			[...aws, '--ssh-cidr', '0.0.0.0/0', '--region', 'us-east-1', '--dry-run', '--yes'],
			{
				configDir,
				env: {AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: ''},
			},
		);
		expect(result.stderr).toContain(
			'netplace: warning: --ssh-cidr 0.0.0.0/0 lets anyone on the internet try to SSH in',
		);
		expect(existsSync(join(configDir, 'results.json'))).toBe(false);
	});
});
