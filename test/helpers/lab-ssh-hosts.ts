// Two of the lab's namespaces with sshd in each (the lab's --over-ssh setup), stood up once for a file's tests
// as a user's own two hosts: `probe --provider ssh` under test gets only user@address, an identity and a
// known_hosts file. Provisioned in beforeAll, torn down (and checked) in afterAll.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect} from 'vitest';
import {createLabProvider} from '../../source/providers/lab/index.js';
import type {HostPair, Provider} from '../../source/providers/provider.js';
import {assertBuilt} from '../cli/helpers.js';

export interface LabSshHosts {
	readonly configDir: string;
	readonly knownHosts: string;
	/** The lab pair (its namespaces are the hosts). */
	pair(): HostPair;
	/** `probe --provider ssh --hosts root@sender,root@receiver --identity … --known-hosts …` and `extra`. */
	probeArgs(extra: readonly string[]): string[];
}

/** The management (SSH) address inside a lab namespace. */
function managementAddress(namespace: string): string {
	const text = execFileSync('ip', ['-n', namespace, '-4', '-o', 'addr', 'show', 'dev', 'mgmt0'], {encoding: 'utf8'});
	const found = /inet (\d+\.\d+\.\d+\.\d+)\//.exec(text)?.[1];
	if (!found) throw new Error(`no management address in ${namespace}: ${text}`);
	return found;
}

/** iperf3 processes inside a namespace (by its network-namespace inode). */
export function iperf3In(namespace: string): string[] {
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

/** Call at the top of a describeLab(…, {overSsh: true}) body. */
export function labSshHosts(caps: {readonly flowCapGbps: number; readonly aggregateCapGbps: number}): LabSshHosts {
	const scratch = mkdtempSync(join(tmpdir(), 'netplace-ssh-probe-'));
	const knownHosts = join(scratch, 'known_hosts');
	let lab: Provider | undefined;
	let labRun = '';
	let pair: HostPair | undefined;
	let identity = '';
	let sender = '';
	let receiver = '';
	beforeAll(async () => {
		assertBuilt();
		lab = createLabProvider();
		labRun = `np-h${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
		let keyFolder = '';
		[pair] = (await lab.provision({shape: 'custom', placements: ['default'], lab: {...caps, overSsh: true}}, labRun, {
			onEvent: (event) => {
				if (event.type === 'resource-created' && event.kind === 'key-folder') keyFolder = event.id;
			},
		})) as [HostPair];
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

	return {
		configDir: join(scratch, 'config'),
		knownHosts,
		pair: () => {
			if (pair === undefined) throw new Error('labSshHosts: the pair exists only while the file runs');
			return pair;
		},
		probeArgs: (extra) => [
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
		],
	};
}
