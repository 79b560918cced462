import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
	checkHostKey,
	type HostKeyPolicy,
	hostKeyFingerprint,
	knownKeysFor,
} from '../../../source/providers/ssh/host-keys.js';
import {SshTransport} from '../../../source/providers/ssh/ssh-transport.js';
import {type LocalSshd, prepareSshd, sshdUnavailable} from './local-sshd.js';

const unavailable = sshdUnavailable();
if (unavailable && process.env.NETPLACE_REQUIRE_LAB === '1') {
	throw new Error(`NETPLACE_REQUIRE_LAB=1 but a real sshd cannot run: ${unavailable}`);
}

/** An Ed25519 public key blob that is nobody's (a fresh one from ssh-keygen). */
function strangerKeyLine(folder: string): string {
	const path = join(folder, `stranger-${Math.random().toString(36).slice(2)}`);
	execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path]);
	return execFileSync('cat', [`${path}.pub`], {encoding: 'utf8'}).trim();
}

describe('host-key checks without a server', () => {
	const target = {host: '192.0.2.7', port: 22};
	const key = Buffer.from('AAAAC3NzaC1lZDI1NTE5AAAAIJ9o4z2nZ0rO3ap0m7wq1w0XWq7w3W2m2x5b9q4n7Z5f', 'base64');

	it('a provider pin accepts any one of the fingerprints it was given, and nothing else', async () => {
		const seen = hostKeyFingerprint(key);
		expect(await checkHostKey({sha256: ['SHA256:other', seen]}, target, key)).toEqual({ok: true});
		const refused = await checkHostKey({sha256: []}, target, key);
		expect(refused).toMatchObject({ok: false});
		expect(refused.ok ? '' : refused.reason).toContain(seen);
	});

	it('first use always hands over the fingerprint it accepted', async () => {
		const shown: string[] = [];
		const policy: HostKeyPolicy = {firstUse: (fingerprint) => shown.push(fingerprint)};
		expect(await checkHostKey(policy, target, key)).toEqual({ok: true});
		expect(shown).toEqual([hostKeyFingerprint(key)]);
	});

	it('reads plain, bracketed-port and negated known_hosts patterns', () => {
		const text = [
			'# comment',
			'192.0.2.7,host-a ssh-ed25519 AAAAplain',
			'[192.0.2.7]:2222 ssh-ed25519 AAAAport',
			'@revoked 192.0.2.7 ssh-ed25519 AAAArevoked',
			'!192.0.2.7,192.0.2.* ssh-rsa AAAAnegated',
		].join('\n');
		expect(knownKeysFor(text, target).map((entry) => entry.blob)).toEqual(['AAAAplain']);
		expect(knownKeysFor(text, {host: '192.0.2.7', port: 2222}).map((entry) => entry.blob)).toEqual(['AAAAport']);
	});
});

describe.skipIf(unavailable !== null)(
	`host keys against a real sshd${unavailable ? ` (skipped: ${unavailable})` : ''}`,
	() => {
		let sshd: LocalSshd;
		let folder: string;

		beforeAll(async () => {
			folder = await mkdtemp(join(tmpdir(), 'netplace-known-hosts-'));
			sshd = await prepareSshd({rsaHostKey: true});
			await sshd.start();
		});

		afterAll(async () => {
			await sshd?.dispose();
			await rm(folder, {recursive: true, force: true});
		});

		async function connectWith(hostKeyPolicy: HostKeyPolicy): Promise<SshTransport> {
			const ssh = new SshTransport({
				host: '127.0.0.1',
				port: sshd.port,
				username: sshd.username,
				privateKey: sshd.clientKey.privateKey,
				hostKeyPolicy,
				readyTimeoutMs: 5000,
			});
			await ssh.connect({retries: 2, delayMs: 10});
			return ssh;
		}

		async function refusal(hostKeyPolicy: HostKeyPolicy): Promise<string> {
			return connectWith(hostKeyPolicy).then(
				async (ssh) => {
					await ssh.close();
					return 'connected';
				},
				(error: unknown) => (error as Error).message,
			);
		}

		it('refuses an unknown host, showing its SHA256 fingerprint, and writes nothing', async () => {
			const knownHosts = join(folder, 'unknown', 'known_hosts');
			const message = await refusal({knownHosts});
			expect(message).toContain(`[127.0.0.1]:${sshd.port} is unknown (${sshd.hostKeyFingerprint}`);
			expect(message).toMatch(/refused$/);
			expect(existsSync(knownHosts)).toBe(false);
		});

		it('accepts a new host only when told, in a line OpenSSH finds, then knows it without being told', async () => {
			const knownHosts = join(folder, 'accept', 'known_hosts');
			const first = await connectWith({knownHosts, acceptNew: true});
			expect((await first.exec(['echo', 'in'])).stdout).toBe('in\n');
			await first.close();
			const found = execFileSync('ssh-keygen', ['-F', `[127.0.0.1]:${sshd.port}`, '-f', knownHosts], {
				encoding: 'utf8',
			});
			expect(found).toContain(sshd.hostPublicKeys[0]?.split(' ')[1]);
			const again = await connectWith({knownHosts});
			expect(again.hostKey).toBe(sshd.hostKeyFingerprint);
			await again.close();
			expect((await readFile(knownHosts, 'utf8')).trim().split('\n')).toHaveLength(1);
		});

		it('refuses a changed key even with acceptNew, and leaves known_hosts as it was', async () => {
			const knownHosts = join(folder, 'changed');
			const before = `[127.0.0.1]:${sshd.port} ${strangerKeyLine(folder)}\n`;
			await writeFile(knownHosts, before);
			const message = await refusal({knownHosts, acceptNew: true});
			expect(message).toContain(`CHANGED: it is now ${sshd.hostKeyFingerprint}`);
			expect(await readFile(knownHosts, 'utf8')).toBe(before);
		});

		it('matches a hashed entry (ssh-keygen -H)', async () => {
			const knownHosts = join(folder, 'hashed');
			await writeFile(knownHosts, `[127.0.0.1]:${sshd.port} ${sshd.hostPublicKeys[0]}\n`);
			execFileSync('ssh-keygen', ['-H', '-f', knownHosts], {stdio: 'ignore'});
			expect(await readFile(knownHosts, 'utf8')).toMatch(/^\|1\|/);
			const ssh = await connectWith({knownHosts});
			await ssh.close();
		});

		it('asks for the key type known_hosts holds: a host known only by its RSA key is let in', async () => {
			const knownHosts = join(folder, 'rsa-only');
			await writeFile(knownHosts, `[127.0.0.1]:${sshd.port} ${sshd.hostPublicKeys[1]}\n`);
			const ssh = await connectWith({knownHosts});
			expect(ssh.hostKey).not.toBe(sshd.hostKeyFingerprint);
			await ssh.close();
		});

		// Issue 42, finding 4: known_hosts read as OpenSSH reads it. Before, `@` lines were skipped (a host known only
		// by a revoked key looked new, and acceptNew let it in and appended the key as trusted) and patterns were
		// compared as plain text (a wildcard line did not match).
		it('refuses a key marked @revoked, even with acceptNew and beside a plain line for it, writing nothing', async () => {
			const knownHosts = join(folder, 'revoked');
			const before = `@revoked * ${sshd.hostPublicKeys[0]}\n@revoked * ${sshd.hostPublicKeys[1]}\n`;
			await writeFile(knownHosts, before);
			const message = await refusal({knownHosts, acceptNew: true});
			expect(message).toMatch(
				/^REVOKED HOST KEY: \[127\.0\.0\.1\]:\d+ shows SHA256:\S+, which .* marks @revoked; refused$/,
			);
			expect(await readFile(knownHosts, 'utf8')).toBe(before);
			const both = join(folder, 'revoked-and-known');
			await writeFile(
				both,
				`[127.0.0.1]:${sshd.port} ${sshd.hostPublicKeys[0]}\n@revoked * ${sshd.hostPublicKeys[0]}\n`,
			);
			expect(await refusal({knownHosts: both})).toContain('REVOKED HOST KEY');
		});

		it('does not take a host known only by @cert-authority for new (ssh2 checks no host certificates)', async () => {
			const knownHosts = join(folder, 'ca');
			const before = `@cert-authority * ${strangerKeyLine(folder)}\n`;
			await writeFile(knownHosts, before);
			expect(await refusal({knownHosts, acceptNew: true})).toMatch(/trusts a certificate authority .* refused/);
			expect(await readFile(knownHosts, 'utf8')).toBe(before);
		});

		it('matches wildcard patterns and honours a negated one', async () => {
			const wildcard = join(folder, 'wildcard');
			await writeFile(wildcard, `[127.0.0.*]:${sshd.port} ${sshd.hostPublicKeys[0]}\n`);
			const ssh = await connectWith({knownHosts: wildcard});
			expect(ssh.hostKey).toBe(sshd.hostKeyFingerprint);
			await ssh.close();
			const negated = join(folder, 'negated');
			await writeFile(negated, `[127.0.0.?]:${sshd.port},![127.0.0.1]:${sshd.port} ${sshd.hostPublicKeys[0]}\n`);
			expect(await refusal({knownHosts: negated})).toMatch(/is unknown .* refused$/);
		});

		it('refuses a provider pin that is not the host key, with both fingerprints', async () => {
			const message = await refusal({sha256: ['SHA256:notthisone']});
			expect(message).toContain(`is ${sshd.hostKeyFingerprint}, expected SHA256:notthisone; refused`);
		});
	},
);
