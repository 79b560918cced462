// `probe --provider ssh` end to end (built CLI) against two of the lab's namespaces with sshd in each (the lab's
// --over-ssh setup, used here only to stand the hosts up): an unknown host key refused without
// --accept-new-host-key and accepted with it; a run that measures the shaped pair and is stored; Ctrl-C
// mid-test leaving no iperf3 behind. The netplace under test knows nothing of the lab: it gets user@address.
import {type ChildProcess, execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {createLabProvider} from '../../source/providers/lab/index.js';
import type {HostPair, Provider} from '../../source/providers/provider.js';
import {describeLab} from '../helpers/lab.js';
import {goodput} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, root, runCli} from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'netplace-ssh-probe-'));
const configDir = join(scratch, 'config');
const knownHosts = join(scratch, 'known_hosts');
let lab: Provider;
let labRun: string;
let pair: HostPair;
let identity = '';
let sender = '';
let receiver = '';

/** The management (SSH) address inside a lab namespace. */
function managementAddress(namespace: string): string {
	const text = execFileSync('ip', ['-n', namespace, '-4', '-o', 'addr', 'show', 'dev', 'mgmt0'], {encoding: 'utf8'});
	const found = /inet (\d+\.\d+\.\d+\.\d+)\//.exec(text)?.[1];
	if (!found) throw new Error(`no management address in ${namespace}: ${text}`);
	return found;
}

/** iperf3 processes inside a namespace (by its network-namespace inode). */
function iperf3In(namespace: string): string[] {
	const out = execFileSync('ip', ['netns', 'pids', namespace], {encoding: 'utf8'});
	return out
		.split('\n')
		.filter((pid) => pid.trim() !== '')
		.flatMap((pid) => {
			try {
				const cmd = readFileSync(`/proc/${pid.trim()}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
				return cmd.startsWith('iperf3') ? [`${pid.trim()} ${cmd}`] : [];
			} catch {
				return [];
			}
		});
}

function sshArgs(extra: readonly string[]): string[] {
	return [
		'probe',
		'--provider',
		'ssh',
		'--hosts',
		`root@${sender},root@${receiver}`,
		'--identity',
		identity,
		'--known-hosts',
		knownHosts,
		...extra,
	];
}

describeLab(
	'probe --provider ssh against sshd in the lab',
	() => {
		beforeAll(async () => {
			assertBuilt();
			lab = createLabProvider();
			labRun = `np-h${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
			let keyFolder = '';
			[pair] = (await lab.provision(
				{shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 2, overSsh: true}},
				labRun,
				{
					onEvent: (event) => {
						if (event.type === 'resource-created' && event.kind === 'key-folder') keyFolder = event.id;
					},
				},
			)) as [HostPair];
			identity = join(keyFolder, 'client_ed25519');
			sender = managementAddress(pair.client.id);
			receiver = managementAddress(pair.server.id);
			writeFileSync(knownHosts, '', {mode: 0o600});
		}, 300_000);

		afterAll(async () => {
			const report = await lab?.teardown(labRun);
			rmSync(scratch, {recursive: true, force: true});
			expect(report).toEqual({complete: true, left: []});
		}, 120_000);

		it('refuses an unknown host key without --accept-new-host-key: one line with its fingerprint, exit 2', () => {
			const result = runCli(sshArgs(['--streams', '1', '--duration', '2']), {configDir});
			expect(result.status).toBe(2);
			expect(result.stderr).toMatch(/host key of root@198\.19\.[\d.]+ is unknown \(SHA256:[A-Za-z0-9+/]{43}, not in /);
			expect(result.stderr).toContain('--accept-new-host-key');
			expect(result.stdout).toBe('');
			expect(readFileSync(knownHosts, 'utf8')).toBe('');
			expect(iperf3In(pair.server.id)).toEqual([]);
		}, 120_000);

		it('with --accept-new-host-key: adds the keys, measures the shaped pair, stores the run as provider ssh', () => {
			const result = runCli(sshArgs(['--accept-new-host-key', '--streams', '1,4', '--duration', '3', '--json']), {
				configDir,
				timeoutMs: 280_000,
			});
			expect(result.stderr).not.toMatch(/FAILED/);
			expect(result.status).toBe(0);
			const run = JSON.parse(result.stdout) as {
				provider: string;
				runId: string;
				pairs: Array<{results: Array<{streams: number; gbps: number}>; notes: string[]; hostSettings?: unknown}>;
				teardown: {complete: boolean};
			};
			expect(run.provider).toBe('ssh');
			expect(run.teardown.complete).toBe(true);
			const [measured] = run.pairs;
			const single = measured?.results.find((result) => result.streams === 1)?.gbps ?? 0;
			const four = measured?.results.find((result) => result.streams === 4)?.gbps ?? 0;
			console.info(`ssh provider, flow cap 1 / aggregate 2 Gbit: 1 stream ${single}, 4 streams ${four}`);
			expect(Math.abs(single - goodput) / goodput).toBeLessThan(0.1);
			expect(Math.abs(four - 2 * goodput) / (2 * goodput)).toBeLessThan(0.1);
			// The data went over the data network (198.18.0.0/24), not the management address SSH used.
			expect(measured?.notes.join('\n')).toContain("the receiver's address 198.18.0.1");
			expect(measured?.hostSettings).toBeDefined();
			// Both keys were added, one line each; the run is stored.
			expect(readFileSync(knownHosts, 'utf8').trim().split('\n')).toHaveLength(2);
			const listed = runCli(['results', 'list'], {configDir});
			expect(listed.stdout).toContain(run.runId);
			expect(iperf3In(pair.server.id)).toEqual([]);
		}, 300_000);

		it('Ctrl-C mid-test stops the iperf3 servers it started on the receiver: none left, exit 130', async () => {
			const child: ChildProcess = spawn(
				process.execPath,
				[cliPath, ...sshArgs(['--streams', '1', '--duration', '60'])],
				{
					cwd: root,
					env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let stderr = '';
			const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
			await new Promise<void>((resolve, reject) => {
				child.stderr?.on('data', (chunk: Buffer) => {
					stderr += chunk.toString();
					if (/1 stream: running/.test(stderr)) resolve();
				});
				void exit.then(() => reject(new Error(`ended early: ${stderr}`)));
			});
			expect(iperf3In(pair.server.id).length).toBeGreaterThan(0);
			child.kill('SIGINT');
			expect(await exit).toBe(130);
			expect(stderr).toContain('teardown: complete');
			expect(iperf3In(pair.server.id)).toEqual([]);
			expect(iperf3In(pair.client.id)).toEqual([]);
		}, 300_000);
	},
	{overSsh: true},
);
