// SSH mode (ProbeTarget.lab.overSsh): Debian's sshd inside a namespace with an ephemeral host key, reachable from
// the root namespace over its own unshaped management veth (a /30 of 198.19.0.0/16), and an ephemeral ed25519
// client key; commands then run through SshTransport exactly as on a cloud host. Keys live in a 0700 temp dir
// (files 0600) that teardown deletes. The folder is named after the run (`netplace-lab-ssh-<prefix>-XXXXXX`),
// so `cleanup --provider lab` finds the folders a killed run left (keyFolders) and removes them.

import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {RuntimeError} from '../../domain/errors.js';
import {SshTransport} from '../ssh/ssh-transport.js';
import {
	type LabRole,
	managementAddresses,
	managementInterface,
	managementLinkName,
	parseNamespaceName,
} from './names.js';
import type {SetupContext} from './pair-setup.js';
import {runChecked, runCommand, startProcess} from './run-command.js';

export interface SshKeys {
	readonly dir: string;
	readonly hostKeyPath: string;
	readonly hostKeySha256: string;
	readonly clientKey: string;
	readonly authorizedKeysPath: string;
}

const keyFolderPrefix = 'netplace-lab-ssh-';

export interface KeyFolder {
	readonly path: string;
	/** The run prefix (`np-…`) it belongs to, or null when it cannot be told (a folder from before names). */
	readonly prefix: string | null;
	readonly modifiedMs: number;
}

function prefixOf(name: string, path: string): string | null {
	const named = /^netplace-lab-ssh-(np-[A-Za-z0-9_.-]+)-[A-Za-z0-9]{6}$/.exec(name)?.[1];
	if (named) return named;
	try {
		// Older folders: the sshd config inside names the namespace (sshd-<namespace>.conf).
		for (const file of readdirSync(path)) {
			const namespace = /^sshd-(.+)\.conf$/.exec(file)?.[1];
			const parsed = namespace === undefined ? null : parseNamespaceName(namespace);
			if (parsed) return parsed.prefix;
		}
	} catch {
		// Gone, or not ours to read.
	}

	return null;
}

/** Every lab SSH key folder in the temp folder (a live run's too: the caller checks ownership). */
export function keyFolders(folder = tmpdir()): KeyFolder[] {
	let names: string[];
	try {
		names = readdirSync(folder).filter((name) => name.startsWith(keyFolderPrefix));
	} catch {
		return [];
	}

	return names.flatMap((name) => {
		const path = join(folder, name);
		try {
			return [{path, prefix: prefixOf(name, path), modifiedMs: statSync(path).mtimeMs}];
		} catch {
			return [];
		}
	});
}

/** Ephemeral host and client keys for one run, recorded so teardown deletes them. */
export async function createSshKeys(context: SetupContext, sshKeygen: string, prefix: string): Promise<SshKeys> {
	const dir = mkdtempSync(join(tmpdir(), `${keyFolderPrefix}${prefix}-`));
	chmodSync(dir, 0o700);
	context.ledger.record({
		kind: 'key-folder',
		id: dir,
		deleteCommand: `rm -rf ${dir}`,
		remove: async () => rmSync(dir, {recursive: true, force: true}),
	});
	context.onEvent?.({type: 'resource-created', kind: 'key-folder', id: dir});
	const hostKeyPath = join(dir, 'host_ed25519');
	const clientKeyPath = join(dir, 'client_ed25519');
	for (const path of [hostKeyPath, clientKeyPath]) {
		await runChecked([sshKeygen, '-q', '-t', 'ed25519', '-N', '', '-C', 'netplace-lab', '-f', path], {
			timeoutMs: 20_000,
		});
		chmodSync(path, 0o600);
	}

	const authorizedKeysPath = join(dir, 'authorized_keys');
	writeFileSync(authorizedKeysPath, readFileSync(`${clientKeyPath}.pub`), {mode: 0o600});
	const fingerprint = await runChecked([sshKeygen, '-l', '-E', 'sha256', '-f', `${hostKeyPath}.pub`], {
		timeoutMs: 10_000,
	});
	const hostKeySha256 = /SHA256:\S+/.exec(fingerprint)?.[0];
	if (!hostKeySha256) throw new RuntimeError('could not read the lab host key fingerprint');
	return {dir, hostKeyPath, hostKeySha256, clientKey: readFileSync(clientKeyPath, 'utf8'), authorizedKeysPath};
}

/** A free /30 block of 198.19.0.0/16 in the root namespace, starting from a random place. */
async function freeManagementBlock(ip: string, taken: Set<number>): Promise<number> {
	const used = (await runChecked([ip, '-4', '-o', 'addr', 'show'], {timeoutMs: 10_000})).split('\n').join(' ');
	const start = Math.floor(Math.random() * 16_384);
	for (let offset = 0; offset < 16_384; offset++) {
		const block = (start + offset) % 16_384;
		const {root} = managementAddresses(block);
		if (!taken.has(block) && !used.includes(` ${root}/`)) {
			taken.add(block);
			return block;
		}
	}

	throw new RuntimeError('no free management subnet in 198.19.0.0/16');
}

function sshdConfig(keys: SshKeys, listen: string): string {
	return [
		`ListenAddress ${listen}`,
		'Port 22',
		`HostKey ${keys.hostKeyPath}`,
		`AuthorizedKeysFile ${keys.authorizedKeysPath}`,
		'PermitRootLogin prohibit-password',
		'PasswordAuthentication no',
		'KbdInteractiveAuthentication no',
		'UsePAM no',
		'StrictModes no',
		'PidFile none',
		'LogLevel ERROR',
		// Bash run by sshd reads ~/.bashrc for every command (Debian builds it so) unless it is a nested shell:
		// the lab's hosts must not run this machine's dotfiles (root's pyenv init made each exec 2.6 s here).
		'SetEnv SHLVL=1',
		'',
	].join('\n');
}

export interface SshHostOptions {
	readonly runId: string;
	readonly index: number;
	readonly role: LabRole;
	readonly namespace: string;
	readonly keys: SshKeys;
	readonly sshd: string;
	readonly takenBlocks: Set<number>;
}

/** Management veth + sshd in one namespace; returns a connected transport (recorded, closed at teardown). */
export async function startSshHost(context: SetupContext, options: SshHostOptions): Promise<SshTransport> {
	const inside = await addManagementLink(context, options);
	startSshd(context, options, inside);
	const transport = new SshTransport({
		host: inside,
		port: 22,
		username: 'root',
		privateKey: options.keys.clientKey,
		hostKeyPolicy: {sha256: options.keys.hostKeySha256},
		readyTimeoutMs: 5000,
	});
	context.ledger.record({
		kind: 'ssh-connection',
		id: `root@${inside}`,
		deleteCommand: 'true',
		remove: async () => transport.close(),
	});
	await transport.connect({retries: 40, delayMs: 100, signal: context.signal});
	return transport;
}

/** The unshaped management veth from the root namespace into `namespace`, both ends up; returns the inside address. */
async function addManagementLink(context: SetupContext, options: SshHostOptions): Promise<string> {
	const {ip} = context.tools;
	const {namespace} = options;
	const link = managementLinkName(options.runId, options.index, options.role);
	const addresses = managementAddresses(await freeManagementBlock(ip, options.takenBlocks));
	await runChecked([ip, 'link', 'add', link, 'type', 'veth', 'peer', 'name', managementInterface, 'netns', namespace], {
		timeoutMs: 10_000,
		signal: context.signal,
	});
	context.ledger.record({
		kind: 'link',
		id: link,
		deleteCommand: `ip link del ${link}`,
		remove: async () => {
			// Usually gone already with its namespace's end.
			await runCommand([ip, 'link', 'del', link], {timeoutMs: 10_000});
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'link', id: link});
	await runChecked([ip, 'addr', 'add', `${addresses.root}/30`, 'dev', link], {timeoutMs: 10_000});
	await runChecked([ip, 'link', 'set', link, 'up'], {timeoutMs: 10_000});
	const inside = [ip, '-n', namespace];
	await runChecked([...inside, 'addr', 'add', `${addresses.inside}/30`, 'dev', managementInterface], {
		timeoutMs: 10_000,
	});
	await runChecked([...inside, 'link', 'set', managementInterface, 'up'], {timeoutMs: 10_000});
	return addresses.inside;
}

/** sshd in the namespace, listening on the management address only; recorded as it starts. */
function startSshd(context: SetupContext, options: SshHostOptions, address: string): void {
	const {ip} = context.tools;
	const {namespace, keys} = options;
	const configPath = join(keys.dir, `sshd-${namespace}.conf`);
	writeFileSync(configPath, sshdConfig(keys, address), {mode: 0o600});
	mkdirSync('/run/sshd', {recursive: true, mode: 0o755}); // sshd's privilege separation directory
	const sshd = startProcess([ip, 'netns', 'exec', namespace, options.sshd, '-D', '-e', '-f', configPath]);
	const id = `${namespace}/sshd pid ${String(sshd.pid)}`;
	context.ledger.record({
		kind: 'process',
		id,
		deleteCommand: `kill ${String(sshd.pid)}`,
		remove: async () => sshd.stop(),
	});
	context.onEvent?.({type: 'resource-created', kind: 'process', id});
}
