// The key SSH logs in with for `--provider ssh`: the `--identity` file, else the SSH agent (SSH_AUTH_SOCK),
// else the first of the default keys OpenSSH tries (~/.ssh/id_ed25519, id_ecdsa, id_rsa). A key is read
// here and handed to ssh2 only: never printed, logged or saved.

import {existsSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import ssh2 from 'ssh2';
import {UserError} from '../../domain/errors.js';
import type {SshTarget} from '../provider.js';

export interface SshCredentials {
	readonly privateKey?: Buffer;
	readonly agent?: string;
	/** Where the key came from, for the notes ("--identity ~/.ssh/lab", "the SSH agent"). */
	readonly from: string;
}

const defaultKeyNames = ['id_ed25519', 'id_ecdsa', 'id_rsa'];

/** Why ssh2 cannot use this key (e.g. it is encrypted), or null. */
function keyProblem(key: Buffer): string | null {
	const parsed = ssh2.utils.parseKey(key);
	if (parsed instanceof Error) return parsed.message;
	// ssh2 parses a public key too (`key.pub`): it would fail only after connecting, at authentication.
	const first = Array.isArray(parsed) ? parsed[0] : parsed;
	if (first !== undefined && !first.isPrivateKey())
		return 'it is a public key: give its private half, the file without .pub';
	return null;
}

export function sshCredentials(ssh: SshTarget, env: NodeJS.ProcessEnv = process.env): SshCredentials {
	if (ssh.identity !== undefined) {
		let key: Buffer;
		try {
			key = readFileSync(ssh.identity);
		} catch (error: unknown) {
			throw new UserError(
				`--identity ${ssh.identity} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
			);
		}

		const problem = keyProblem(key);
		if (problem !== null) {
			throw new UserError(
				`--identity ${ssh.identity} is no private key netplace can use (${problem})`,
				problem.includes('public key')
					? undefined
					: 'an encrypted key: load it into an SSH agent (ssh-add) and leave --identity out',
			);
		}

		return {privateKey: key, from: `--identity ${ssh.identity}`};
	}

	const agent = env['SSH_AUTH_SOCK'];
	if (agent !== undefined && agent !== '') return {agent, from: 'the SSH agent (SSH_AUTH_SOCK)'};
	for (const name of defaultKeyNames) {
		const path = join(homedir(), '.ssh', name);
		if (!existsSync(path)) continue;
		const key = readFileSync(path);
		if (keyProblem(key) === null) return {privateKey: key, from: path};
	}

	throw new UserError(
		'no SSH key to log in with: no --identity, no SSH agent, no unencrypted ~/.ssh/id_ed25519, id_ecdsa or id_rsa',
		'give --identity FILE, or start an agent and ssh-add your key',
	);
}
