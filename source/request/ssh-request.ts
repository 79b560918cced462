// `--provider ssh`: the user's own pair as typed (`--hosts [user@]A,[user@]B`, `--identity`, `--port`,
// `--known-hosts`, `--accept-new-host-key`, `--path`) -> the validated SshTarget and path. Pure but for the
// defaults a user's SSH has: the login name and ~/.ssh (no file is read here; the provider's facts check them).

import {homedir, userInfo} from 'node:os';
import {join} from 'node:path';
import {UserError} from '../domain/errors.js';
import {type NetworkPath, networkPaths} from '../domain/model-types.js';
import type {SshHostTarget} from '../providers/provider.js';
import {isHost} from './host-name.js';

const userPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;
const defaultSshPort = 22;

function show(text: string): string {
	return JSON.stringify(text);
}

/** The login name SSH would use, as `ssh` does: the local user's. */
function localUser(): string {
	try {
		return userInfo().username;
	} catch {
		return 'root';
	}
}

/** One `[user@]HOST`: a host name, IPv4 or IPv6 address (`[…]` brackets optional); `host:port` is refused. */
export function parseSshHost(raw: string, defaultUser: string = localUser()): SshHostTarget {
	const at = raw.lastIndexOf('@');
	const user = at === -1 ? defaultUser : raw.slice(0, at);
	let host = at === -1 ? raw : raw.slice(at + 1);
	if (!userPattern.test(user)) throw new UserError(`--hosts: ${show(user)} is not a user name SSH takes`);
	if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
	const colons = host.split(':').length - 1;
	if (colons === 1) {
		throw new UserError(`--hosts: ${show(raw)} names a port`, 'give the SSH port with --port N');
	}

	if (!isHost(host)) throw new UserError(`--hosts: ${show(host)} is not a host name or IP address`);
	return {user, host};
}

/** `--hosts A,B`: exactly two different hosts, the sender (iperf3 client) first. */
export function parseSshHosts(raw: string, defaultUser: string = localUser()): [SshHostTarget, SshHostTarget] {
	const items = raw.split(',').map((item) => item.trim());
	if (items.length !== 2 || items.some((item) => item === '')) {
		throw new UserError(
			`--hosts takes two hosts, the sender and the receiver (A,B), got ${items.filter((item) => item !== '').length}: ${show(raw)}`,
			'e.g. --hosts ubuntu@10.0.0.5,ubuntu@10.0.0.6',
		);
	}

	const [a, b] = items.map((item) => parseSshHost(item, defaultUser)) as [SshHostTarget, SshHostTarget];
	const [first, second] = [canonicalHost(a.host), canonicalHost(b.host)];
	if (first === second) {
		const same = a.host === b.host ? '' : ` (${b.host} is ${first})`;
		throw new UserError(
			`--hosts names ${a.host} twice${same}: a host measured against itself measures its loopback, not a network`,
		);
	}

	return [a, b];
}

/**
 * A host as the resolver reads it, to see one host written two ways: IPv4 as inet_aton reads it (leading
 * zeros octal, so 127.000.000.001 is 127.0.0.1; hex and short forms too), IPv6 compressed, names in lower
 * case without a trailing dot. (Two names for one machine are the provider's to find, by its host key.)
 */
export function canonicalHost(host: string): string {
	try {
		const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}/`);
		return url.hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return host.toLowerCase();
	}
}

/** `--port N`: the SSH port, 1 to 65535 (default 22). */
export function parseSshPort(raw: string | undefined): number {
	if (raw === undefined) return defaultSshPort;
	const text = raw.trim();
	const value = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
	if (!(value >= 1 && value <= 65_535)) {
		throw new UserError(`--port must be a TCP port, an integer from 1 to 65535, got ${show(raw)}`);
	}

	return value;
}

/** Where OpenSSH keeps the user's known host keys. */
export function defaultKnownHosts(): string {
	return join(homedir(), '.ssh', 'known_hosts');
}

/** `--path`: same-zone (default), cross-zone, cross-region or internet. */
export function parseNetworkPath(raw: string | undefined): NetworkPath {
	if (raw === undefined) return 'same-zone';
	const found = networkPaths.find((path) => path === raw.trim().toLowerCase());
	if (found === undefined) {
		throw new UserError(`--path must be ${networkPaths.join(', ')}, got ${show(raw)}`);
	}

	return found;
}
