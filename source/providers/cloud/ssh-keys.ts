// An ephemeral ed25519 key pair per run: the public half goes to the cloud, the private half lives 0600
// in a fresh 0700 temp folder that teardown deletes. Keys are never logged or saved anywhere else.

import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
// ssh2 is CommonJS: Node's ESM loader gives it as a default export only (a named import fails at run time).
import ssh2 from 'ssh2';

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

export async function ephemeralKeyPair(comment = 'netplace'): Promise<EphemeralKeyPair> {
	const pair = ssh2.utils.generateKeyPairSync('ed25519', {comment});
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
