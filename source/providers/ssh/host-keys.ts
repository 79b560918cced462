// Host-key checking for SshTransport: a host is let in only when its key is the one expected. Three ways to
// know the key: fingerprints the provider read out of band (a cloud's console output, the lab's own key),
// an OpenSSH known_hosts file read as OpenSSH reads it (sshd(8) "SSH_KNOWN_HOSTS FILE FORMAT": hashed names,
// `*`/`?` patterns, `!` negation, `[host]:port`, `@revoked` keys always refused, `@cert-authority` lines read
// but not trusted for a plain key; an unknown host refused unless new keys are explicitly accepted; a changed
// key always refused), or trust on first use, which always shows the fingerprint it accepted.

import {createHash, createHmac} from 'node:crypto';
import {appendFile, mkdir, readFile} from 'node:fs/promises';
import {dirname} from 'node:path';
import type {ServerHostKeyAlgorithm} from 'ssh2';

export type HostKeyPolicy =
	/** Fingerprints (`SHA256:…`) the provider read out of band; any one of them matches. */
	| {readonly sha256: string | readonly string[]}
	/**
	 * An OpenSSH known_hosts file; `acceptNew` adds an unknown host's key (never replaces a known one): any key
	 * (true), or only the key of this fingerprint (the one the user was shown and said yes to).
	 */
	| {readonly knownHosts: string; readonly acceptNew?: boolean | string}
	/** Trust on first use: the key is accepted and its fingerprint handed to `shown` (which must show it). */
	| {readonly firstUse: (fingerprint: string) => void};

export interface HostKeyTarget {
	readonly host: string;
	readonly port: number;
}

/**
 * Why a key was refused: not in known_hosts, not the key known_hosts holds, not the fingerprint expected,
 * marked `@revoked`, or a host known only by a certificate authority (ssh2 cannot check host certificates).
 */
export type HostKeyRefusal = 'unknown' | 'changed' | 'mismatch' | 'revoked' | 'certificate';

export type HostKeyVerdict =
	| {readonly ok: true}
	| {readonly ok: false; readonly reason: string; readonly kind: HostKeyRefusal; readonly fingerprint: string};

/** OpenSSH-style fingerprint of a raw host key: `SHA256:` + unpadded base64 (as `ssh-keygen -lf` prints). */
export function hostKeyFingerprint(key: Buffer): string {
	return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** The key type named inside an SSH wire-format public key blob (`ssh-ed25519`, `ecdsa-sha2-nistp256`…). */
export function hostKeyType(key: Buffer): string {
	if (key.length < 4) return 'unknown';
	const length = key.readUInt32BE(0);
	return key.subarray(4, 4 + length).toString('latin1');
}

/** The host field known_hosts uses: `host` on port 22, `[host]:port` on any other. */
export function knownHostsName(target: HostKeyTarget): string {
	return target.port === 22 ? target.host : `[${target.host}]:${target.port}`;
}

interface KnownKey {
	readonly type: string;
	readonly blob: string;
}

type Marker = 'cert-authority' | 'revoked' | null;

interface KnownLine extends KnownKey {
	readonly marker: Marker;
	readonly patterns: readonly string[];
}

/** A known_hosts line as sshd(8) describes it: `[@marker] patterns keytype base64 [comment]`; null when it is none. */
function parseLine(raw: string): KnownLine | null {
	const line = raw.trim();
	if (line === '' || line.startsWith('#')) return null;
	const fields = line.split(/\s+/);
	let marker: Marker = null;
	if (fields[0]?.startsWith('@')) {
		const name = fields.shift();
		if (name !== '@cert-authority' && name !== '@revoked') return null;
		marker = name === '@revoked' ? 'revoked' : 'cert-authority';
	}

	const [hosts = '', type = '', blob = ''] = fields;
	return blob === '' ? null : {marker, patterns: hosts.split(','), type, blob};
}

/** OpenSSH's match_pattern: `*` any run of characters, `?` any one; the whole name, case folded. */
function wildcardMatches(pattern: string, name: string): boolean {
	const source = [...pattern.toLowerCase()]
		.map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replaceAll(/[\\^$.|+()[\]{}]/g, '\\$&')))
		.join('');
	return new RegExp(`^${source}$`, 's').test(name.toLowerCase());
}

/** One pattern: hashed (`|1|salt|hmac-sha1`, as `ssh-keygen -H` writes, of the name as known_hosts spells it), else a wildcard pattern. */
function patternMatches(pattern: string, name: string): boolean {
	if (!pattern.startsWith('|1|')) return wildcardMatches(pattern, name);
	const [salt = '', hash = ''] = pattern.slice(3).split('|');
	const mac = createHmac('sha1', Buffer.from(salt, 'base64')).update(name.toLowerCase()).digest('base64');
	return mac === hash;
}

/** OpenSSH's match_hostname: a negated pattern (`!host`) that matches rules the line out, whatever else matches. */
function lineMatches(patterns: readonly string[], name: string): boolean {
	let matched = false;
	for (const pattern of patterns) {
		const negated = pattern.startsWith('!');
		if (!patternMatches(negated ? pattern.slice(1) : pattern, name)) continue;
		if (negated) return false;
		matched = true;
	}

	return matched;
}

/** What a known_hosts text says of one host (`host`, or `[host]:port` off port 22): its keys, revoked keys, CAs. */
export function knownHostsFor(
	text: string,
	target: HostKeyTarget,
): Record<'keys' | 'revoked' | 'authorities', KnownKey[]> {
	const name = knownHostsName(target);
	const found: Record<'keys' | 'revoked' | 'authorities', KnownKey[]> = {keys: [], revoked: [], authorities: []};
	for (const raw of text.split('\n')) {
		const line = parseLine(raw);
		if (line === null || !lineMatches(line.patterns, name)) continue;
		const list = line.marker === 'revoked' ? found.revoked : line.marker === null ? found.keys : found.authorities;
		list.push({type: line.type, blob: line.blob});
	}

	return found;
}

/** The plain keys a known_hosts text holds for one host (markers' lines are not host keys). */
export function knownKeysFor(text: string, target: HostKeyTarget): readonly KnownKey[] {
	return knownHostsFor(text, target).keys;
}

async function readIfThere(path: string): Promise<string> {
	try {
		return await readFile(path, 'utf8');
	} catch (error: unknown) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
		throw error;
	}
}

async function checkKnownHosts(
	policy: {readonly knownHosts: string; readonly acceptNew?: boolean | string},
	target: HostKeyTarget,
	key: Buffer,
): Promise<HostKeyVerdict> {
	const name = knownHostsName(target);
	const seen = hostKeyFingerprint(key);
	const {keys: known, revoked, authorities} = knownHostsFor(await readIfThere(policy.knownHosts), target);
	const blob = key.toString('base64');
	if (revoked.some((entry) => entry.blob === blob)) {
		const reason = `REVOKED HOST KEY: ${name} shows ${seen}, which ${policy.knownHosts} marks @revoked; refused`;
		return {ok: false, kind: 'revoked', fingerprint: seen, reason};
	}

	if (known.some((entry) => entry.blob === blob)) return {ok: true};
	if (known.length === 0 && authorities.length > 0) {
		const reason = `${policy.knownHosts} trusts a certificate authority (@cert-authority) for ${name}, and netplace cannot check host certificates; refused (add the host's own key to it to go on)`;
		return {ok: false, kind: 'certificate', fingerprint: seen, reason};
	}

	if (known.length > 0) {
		return {
			ok: false,
			kind: 'changed',
			fingerprint: seen,
			reason: `host key of ${name} CHANGED: it is now ${seen}, not the key ${policy.knownHosts} holds for it; refused`,
		};
	}

	const accepted = policy.acceptNew === true || policy.acceptNew === seen;
	if (!accepted) {
		return {
			ok: false,
			kind: 'unknown',
			fingerprint: seen,
			reason: `host key of ${name} is unknown (${seen}, not in ${policy.knownHosts}); refused`,
		};
	}

	await mkdir(dirname(policy.knownHosts), {recursive: true, mode: 0o700});
	await appendFile(policy.knownHosts, `${name} ${hostKeyType(key)} ${blob}\n`, {mode: 0o600});
	return {ok: true};
}

/** Whether a host may be let in with `key`; the reason (with the fingerprint seen) when not. */
export async function checkHostKey(policy: HostKeyPolicy, target: HostKeyTarget, key: Buffer): Promise<HostKeyVerdict> {
	const seen = hostKeyFingerprint(key);
	if ('firstUse' in policy) {
		policy.firstUse(seen);
		return {ok: true};
	}

	if ('knownHosts' in policy) return checkKnownHosts(policy, target, key);
	const expected = typeof policy.sha256 === 'string' ? [policy.sha256] : policy.sha256;
	if (expected.includes(seen)) return {ok: true};
	return {
		ok: false,
		kind: 'mismatch',
		fingerprint: seen,
		reason: `host key of ${knownHostsName(target)} is ${seen}, expected ${expected.join(' or ') || 'a key the provider did not give'}; refused`,
	};
}

/** Key types ssh2 can verify, as each is negotiated (an RSA key is offered under its SHA-2 signatures too). */
const negotiatedAs: Readonly<Record<string, readonly ServerHostKeyAlgorithm[]>> = {
	'ssh-ed25519': ['ssh-ed25519'],
	'ecdsa-sha2-nistp256': ['ecdsa-sha2-nistp256'],
	'ecdsa-sha2-nistp384': ['ecdsa-sha2-nistp384'],
	'ecdsa-sha2-nistp521': ['ecdsa-sha2-nistp521'],
	'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
};

/**
 * The host-key algorithms to ask for first, as OpenSSH does: those of the keys known_hosts holds for the
 * host, so a host known by its RSA key is not refused for showing its Ed25519 key. Undefined: no preference.
 */
export async function preferredHostKeyAlgorithms(
	policy: HostKeyPolicy,
	target: HostKeyTarget,
): Promise<readonly ServerHostKeyAlgorithm[] | undefined> {
	if (!('knownHosts' in policy)) return undefined;
	const known = knownKeysFor(await readIfThere(policy.knownHosts), target);
	const algorithms = [...new Set(known.flatMap((entry) => negotiatedAs[entry.type] ?? []))];
	return algorithms.length > 0 ? algorithms : undefined;
}
