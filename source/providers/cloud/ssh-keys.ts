// An ephemeral ed25519 key pair per run: the public half goes to the cloud, the private half stays in the
// process's memory (runKeyPair) and is never written: a run killed before its teardown leaves no key behind in
// the temp folder, where no `cleanup` looks. `ephemeralKeyPair` (a 0600 file in a 0700 temp folder, deleted by
// `dispose`) is for the tests' own sshd and for a key given to the CLI as a file. Keys are never logged.

import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
// ssh2 is CommonJS: Node's ESM loader gives it as a default export only (a named import fails at run time).
import ssh2 from 'ssh2';
import {RuntimeError} from '../../domain/errors.js';

export interface EphemeralKeyPair {
	/** OpenSSH one-line public key: `ssh-ed25519 AAAA… netplace-<runId>`. */
	readonly publicKey: string;
	/** OpenSSH private key (PEM text). Keep it in memory only where needed. */
	readonly privateKey: string;
	/** The folder holding the private key file (0700). */
	readonly folder: string;
	/** The private key file (0600). */
	readonly privateKeyPath: string;
	/** Deletes the folder. Idempotent. */
	dispose(): Promise<void>;
}

/**
 * One ed25519 pair whose two halves ssh2 reads back. ssh2's generator drops every leading zero byte of the
 * public key, so about one pair in 256 (a key starting 0x00) has a 31-byte public key that neither ssh2 nor
 * sshd accepts (mscdex/ssh2#1513, #1390): such a pair is drawn again. Eight draws in a row fail 1 time in 10^19.
 */
export function ed25519Pair(comment: string): {public: string; private: string} {
	for (let draw = 0; draw < 8; draw += 1) {
		const pair = ssh2.utils.generateKeyPairSync('ed25519', {comment});
		if (!(ssh2.utils.parseKey(pair.public) instanceof Error || ssh2.utils.parseKey(pair.private) instanceof Error)) {
			return pair;
		}
	}
	throw new RuntimeError('could not make an ed25519 key pair that ssh2 reads back');
}

/** A cloud run's key pair: both halves in memory only. */
export interface RunKeyPair {
	/** OpenSSH one-line public key: `ssh-ed25519 AAAA… netplace-<runId>`. */
	readonly publicKey: string;
	/** OpenSSH private key (PEM text), never written to disk. */
	readonly privateKey: string;
}

export function runKeyPair(comment: string): RunKeyPair {
	const pair = ed25519Pair(comment);
	return {publicKey: pair.public.trim(), privateKey: pair.private};
}

export async function ephemeralKeyPair(comment = 'netplace'): Promise<EphemeralKeyPair> {
	const pair = ed25519Pair(comment);
	const folder = await mkdtemp(join(tmpdir(), 'netplace-key-'));
	const privateKeyPath = join(folder, 'id_ed25519');
	await writeFile(privateKeyPath, pair.private, {mode: 0o600});
	await writeFile(join(folder, 'id_ed25519.pub'), `${pair.public.trim()}\n`, {mode: 0o644});
	return {
		publicKey: pair.public.trim(),
		privateKey: pair.private,
		folder,
		privateKeyPath,
		dispose: async () => rm(folder, {recursive: true, force: true}),
	};
}
