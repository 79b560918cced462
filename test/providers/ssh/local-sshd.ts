// A real OpenSSH sshd on 127.0.0.1, a free high port, with an ephemeral host key and an authorized
// ephemeral client key, all in a temp folder. For transport tests only; needs root and /usr/sbin/sshd.

import {type ChildProcess, execFileSync, spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import {createServer, Socket} from 'node:net';
import {tmpdir, userInfo} from 'node:os';
import {join} from 'node:path';
import {type EphemeralKeyPair, ephemeralKeyPair} from '../../../source/providers/cloud/ssh-keys.js';

export const sshdPath = '/usr/sbin/sshd';

/** Why a real sshd cannot run here, or null when it can. */
export function sshdUnavailable(): string | null {
	if (!existsSync(sshdPath)) return `${sshdPath} is not installed`;
	if (process.getuid?.() !== 0) return 'sshd needs root here';
	return null;
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

export interface LocalSshd {
	readonly port: number;
	readonly username: string;
	readonly clientKey: EphemeralKeyPair;
	/** `SHA256:…` of the host key, as `ssh-keygen -lf` prints it. */
	readonly hostKeyFingerprint: string;
	/** The host keys' public halves (`type base64 comment`), Ed25519 first. */
	readonly hostPublicKeys: readonly string[];
	start(): Promise<void>;
	stop(): Promise<void>;
	dispose(): Promise<void>;
}

export interface SshdOptions {
	/** The server also holds an RSA host key (for negotiation tests). */
	readonly rsaHostKey?: boolean;
	/** Listen here (default 127.0.0.1; any 127.x.y.z is this machine's loopback too). */
	readonly listen?: string;
	readonly port?: number;
	/** Log in with this key (default: a fresh one); the caller disposes of a key it gives. */
	readonly clientKey?: EphemeralKeyPair;
	/** More sshd_config lines, e.g. `SetEnv PATH=…`. */
	readonly config?: readonly string[];
}

/**
 * Bash run by sshd reads ~/.bashrc for every command unless it is a nested shell (SHLVL): the test's sshd must
 * not run this machine's dotfiles (root's pyenv init made each exec 2.6 s here). sshd takes the first SetEnv.
 */
function withShellLevel(config: readonly string[]): string[] {
	const setEnv = config.findIndex((line) => line.startsWith('SetEnv '));
	if (setEnv === -1) return [...config, 'SetEnv SHLVL=1'];
	return config.map((line, index) => (index === setEnv ? `${line} SHLVL=1` : line));
}

export async function prepareSshd(options: SshdOptions = {}): Promise<LocalSshd> {
	const folder = await mkdtemp(join(tmpdir(), 'netplace-sshd-'));
	const port = options.port ?? (await freePort());
	const listen = options.listen ?? '127.0.0.1';
	const hostKey = join(folder, 'host_ed25519');
	execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
	const hostKeys = [hostKey];
	if (options.rsaHostKey) {
		hostKeys.push(join(folder, 'host_rsa'));
		execFileSync('ssh-keygen', ['-q', '-t', 'rsa', '-b', '2048', '-N', '', '-f', join(folder, 'host_rsa')]);
	}

	const hostPublicKeys = hostKeys.map((path) => readFileSync(`${path}.pub`, 'utf8').trim());
	const hostKeyFingerprint =
		execFileSync('ssh-keygen', ['-l', '-f', `${hostKey}.pub`], {encoding: 'utf8'}).split(' ')[1] ?? '';
	const clientKey = options.clientKey ?? (await ephemeralKeyPair('netplace-test'));
	await writeFile(join(folder, 'authorized_keys'), `${clientKey.publicKey}\n`, {mode: 0o600});
	const config = join(folder, 'sshd_config');
	await writeFile(
		config,
		[
			`Port ${port}`,
			`ListenAddress ${listen}`,
			...hostKeys.map((path) => `HostKey ${path}`),
			`AuthorizedKeysFile ${join(folder, 'authorized_keys')}`,
			`PidFile ${join(folder, 'sshd.pid')}`,
			'PubkeyAuthentication yes',
			'PasswordAuthentication no',
			'KbdInteractiveAuthentication no',
			'PermitRootLogin prohibit-password',
			'StrictModes no',
			'UsePAM no',
			'MaxSessions 30',
			'LogLevel ERROR',
			...withShellLevel(options.config ?? []),
			'',
		].join('\n'),
	);
	await mkdir('/run/sshd', {recursive: true, mode: 0o755});
	let child: ChildProcess | undefined;
	let log = '';

	const stop = async (): Promise<void> => {
		const running = child;
		child = undefined;
		if (!running || running.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			running.once('exit', () => resolve());
			running.kill('SIGTERM');
		});
	};

	return {
		port,
		username: userInfo().username,
		clientKey,
		hostKeyFingerprint,
		hostPublicKeys,
		async start() {
			child = spawn(sshdPath, ['-D', '-e', '-f', config], {stdio: ['ignore', 'ignore', 'pipe']});
			child.stderr?.on('data', (chunk: Buffer) => {
				log += chunk.toString();
			});
			// Ready when the port accepts connections (sshd prints nothing at LogLevel ERROR).
			for (let attempt = 0; attempt < 100; attempt++) {
				if (child.exitCode !== null) throw new Error(`sshd exited: ${log}`);
				const open = await new Promise<boolean>((resolve) => {
					const socket = new Socket();
					socket.once('connect', () => {
						socket.destroy();
						resolve(true);
					});
					socket.once('error', () => resolve(false));
					socket.connect(port, listen);
				});
				if (open) return;
				await new Promise((resolve) => setTimeout(resolve, 50));
			}

			throw new Error(`sshd did not listen on ${port}: ${log}`);
		},
		stop,
		async dispose() {
			await stop();
			if (options.clientKey === undefined) await clientKey.dispose();
			await rm(folder, {recursive: true, force: true});
		},
	};
}
