// SSH to a cloud (or lab) host with ssh2: connect with retries while it boots, run argv (shell-quoted once,
// here), stream stdout, time out, run background commands that can be stopped. Never logs or echoes keys.

import {setTimeout as delay} from 'node:timers/promises';
import {Client, type ConnectConfig, type ServerHostKeyAlgorithm} from 'ssh2';
import {InterruptedError, messageOf, RuntimeError} from '../../domain/errors.js';
import type {BackgroundProcess, ExecOptions, ExecResult} from '../provider.js';
import {
	checkHostKey,
	type HostKeyPolicy,
	type HostKeyRefusal,
	type HostKeyTarget,
	hostKeyFingerprint,
	preferredHostKeyAlgorithms,
} from './host-keys.js';
import {type RemoteRun, signalRemote, startRemote} from './remote-run.js';

export {type HostKeyPolicy, hostKeyFingerprint} from './host-keys.js';

/** The host's key was refused (host-keys.ts): what kind of refusal, and the fingerprint the host showed. */
export class HostKeyRefusedError extends RuntimeError {
	constructor(
		message: string,
		readonly kind: HostKeyRefusal,
		readonly fingerprint: string,
	) {
		super(message);
	}
}

export interface SshTransportOptions {
	readonly host: string;
	readonly port?: number;
	readonly username: string;
	/** A private key; absent: only `agent` (the caller gives one or the other). */
	readonly privateKey?: string | Buffer;
	/** An SSH agent's socket (`SSH_AUTH_SOCK`), tried after `privateKey`. */
	readonly agent?: string;
	/** How the host's key is checked (host-keys.ts); there is no way to skip the check. */
	readonly hostKeyPolicy: HostKeyPolicy;
	/** Per attempt. */
	readonly readyTimeoutMs?: number;
}

export interface ConnectOptions {
	/** Further attempts after the first fails (instances take a while to boot). */
	readonly retries?: number;
	readonly delayMs?: number;
	readonly signal?: AbortSignal;
	/** Told before each retry (attempt number, why the last failed). */
	readonly onRetry?: (attempt: number, reason: string) => void;
}

/** What providers and tests need from a transport; a fake implements this. */
export interface SshTransportLike {
	connect(options?: ConnectOptions): Promise<void>;
	exec(argv: readonly string[], options?: ExecOptions): Promise<ExecResult>;
	startBackground(argv: readonly string[]): Promise<BackgroundProcess>;
	close(): Promise<void>;
}

/** Why the host's key was refused: host-keys.ts's verdict, or why it could not be checked. */
type HostKeyRejection = HostKeyRefusedError | string;
type HostVerifier = (key: Buffer, verify: (valid: boolean) => void) => void;
type StopReason = 'timeout' | 'abort';

/** What a failed connection rejects with: the host key's refusal when there was one, else the SSH error. */
function connectFailure(error: Error, rejection: HostKeyRejection | undefined): Error {
	if (rejection instanceof HostKeyRefusedError) return rejection;
	return rejection ? new RuntimeError(rejection) : error;
}

export class SshTransport implements SshTransportLike {
	private client: Client | undefined;
	private lostReason: string | undefined;
	private fingerprint: string | undefined;

	constructor(private readonly options: SshTransportOptions) {}

	get target(): string {
		return `${this.options.username}@${this.options.host}:${this.options.port ?? 22}`;
	}

	/** The host key seen on connect (OpenSSH SHA256 form). */
	get hostKey(): string | undefined {
		return this.fingerprint;
	}

	async connect(options: ConnectOptions = {}): Promise<void> {
		const attempts = Math.max(0, options.retries ?? 0) + 1;
		// Connecting again replaces the old connection rather than leaking it.
		this.client?.end();
		this.client = undefined;
		let lastReason = 'not tried';
		for (let attempt = 1; attempt <= attempts; attempt++) {
			if (options.signal?.aborted) {
				throw new InterruptedError();
			}

			try {
				this.client = await this.connectOnce(options.signal);
				this.lostReason = undefined;
				return;
			} catch (error: unknown) {
				if (error instanceof InterruptedError || error instanceof RuntimeError) {
					throw error;
				}

				lastReason = messageOf(error);
			}

			if (attempt < attempts) {
				options.onRetry?.(attempt + 1, lastReason);
				try {
					await delay(options.delayMs ?? 5000, undefined, {signal: options.signal});
				} catch {
					throw new InterruptedError();
				}
			}
		}

		throw new RuntimeError(`SSH to ${this.target} failed after ${attempts} attempt(s): ${lastReason}`);
	}

	private async connectOnce(signal?: AbortSignal): Promise<Client> {
		const policy = this.options.hostKeyPolicy;
		const target = {host: this.options.host, port: this.options.port ?? 22};
		const preferred = await preferredHostKeyAlgorithms(policy, target);
		const client = new Client();
		let hostKeyRejected: HostKeyRejection | undefined;
		const hostVerifier = this.hostVerifier(policy, target, (rejection) => {
			hostKeyRejected = rejection;
		});
		return new Promise<Client>((resolve, reject) => {
			const onAbort = (): void => {
				client.end();
				reject(new InterruptedError());
			};

			signal?.addEventListener('abort', onAbort, {once: true});
			client.once('ready', () => {
				signal?.removeEventListener('abort', onAbort);
				this.watchForLoss(client);
				resolve(client);
			});
			client.once('error', (error: Error) => {
				signal?.removeEventListener('abort', onAbort);
				client.end();
				reject(connectFailure(error, hostKeyRejected));
			});
			client.connect(this.connectConfig(target, preferred, hostVerifier));
		});
	}

	private connectConfig(
		target: HostKeyTarget,
		preferred: readonly ServerHostKeyAlgorithm[] | undefined,
		hostVerifier: HostVerifier,
	): ConnectConfig {
		return {
			host: target.host,
			port: target.port,
			username: this.options.username,
			...(this.options.privateKey === undefined ? {} : {privateKey: this.options.privateKey}),
			...(this.options.agent === undefined ? {} : {agent: this.options.agent}),
			readyTimeout: this.options.readyTimeoutMs ?? 20_000,
			keepaliveInterval: 15_000,
			...(preferred
				? {algorithms: {serverHostKey: {remove: [...preferred], prepend: [...preferred], append: []}}}
				: {}),
			hostVerifier,
		};
	}

	/** Checks the host's key against the policy; a refusal, or a check that failed, is told to `refused`. */
	private hostVerifier(
		policy: HostKeyPolicy,
		target: HostKeyTarget,
		refused: (rejection: HostKeyRejection) => void,
	): HostVerifier {
		return (key, verify) => {
			this.fingerprint = hostKeyFingerprint(key);
			checkHostKey(policy, target, key).then(
				(verdict) => {
					if (!verdict.ok) refused(new HostKeyRefusedError(verdict.reason, verdict.kind, verdict.fingerprint));
					verify(verdict.ok);
				},
				(error: unknown) => {
					refused(`host key of ${this.target} could not be checked: ${messageOf(error)}`);
					verify(false);
				},
			);
		};
	}

	/** Once up, a connection that errors or closes is remembered as lost, with why. */
	private watchForLoss(client: Client): void {
		client.on('error', (error: Error) => {
			this.lostReason = error.message;
		});
		client.on('close', () => {
			this.lostReason ??= 'connection closed';
		});
	}

	/** The client while the connection is up, else undefined (for best-effort cleanup). */
	private usableClient(): Client | undefined {
		return this.lostReason === undefined ? this.client : undefined;
	}

	private connected(): Client {
		if (!this.client || this.lostReason !== undefined) {
			throw new RuntimeError(`SSH to ${this.target} is not connected${this.lostReason ? `: ${this.lostReason}` : ''}`);
		}

		return this.client;
	}

	async exec(argv: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
		if (options.signal?.aborted) {
			throw new InterruptedError();
		}

		const run = await startRemote(this.connected(), this.target, argv, options.onStdout);
		const killer = this.killOnce(run);
		const timer =
			options.timeoutMs === undefined ? undefined : setTimeout(() => void killer.kill('timeout'), options.timeoutMs);
		const onAbort = (): void => void killer.kill('abort');
		options.signal?.addEventListener('abort', onAbort, {once: true});
		// The abort may have come while the channel was opening (the command already running remotely).
		if (options.signal?.aborted) {
			onAbort();
		}

		try {
			const result = await run.done;
			if (killer.reason === 'abort') {
				throw new InterruptedError();
			}

			if (killer.reason === 'timeout') {
				throw new RuntimeError(
					`${argv[0] ?? 'command'} on ${this.options.host} timed out after ${options.timeoutMs} ms`,
				);
			}

			return result;
		} finally {
			clearTimeout(timer);
			options.signal?.removeEventListener('abort', onAbort);
		}
	}

	/** Kills a remote command and closes its channel, the first time only, remembering why. */
	private killOnce(run: RemoteRun): {kill(reason: StopReason): Promise<void>; readonly reason: StopReason | undefined} {
		let stopReason: StopReason | undefined;
		return {
			get reason() {
				return stopReason;
			},
			kill: async (reason) => {
				if (stopReason) {
					return;
				}

				stopReason = reason;
				await signalRemote(this.usableClient(), this.target, run, 'KILL');
				run.channel.close();
			},
		};
	}

	async startBackground(argv: readonly string[]): Promise<BackgroundProcess> {
		const run = await startRemote(this.connected(), this.target, argv);
		let stopping: Promise<void> | undefined;
		let finished = false;
		void run.done.then(() => {
			finished = true;
		});
		const stop = async (): Promise<void> => {
			if (finished) {
				return;
			}

			await signalRemote(this.usableClient(), this.target, run, 'TERM');
			const gone = await Promise.race([run.done.then(() => true), delay(3000, false, {ref: false})]);
			if (!gone) {
				await signalRemote(this.usableClient(), this.target, run, 'KILL');
				run.channel.close();
				await Promise.race([run.done, delay(3000, undefined, {ref: false})]);
			}
		};

		return {
			stop: async () => {
				stopping ??= stop();
				return stopping;
			},
			exited: run.done,
			remotePid: run.pid,
		};
	}

	async close(): Promise<void> {
		const client = this.client;
		this.client = undefined;
		this.lostReason = 'closed';
		if (!client) {
			return;
		}

		await new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, 2000);
			client.once('close', () => {
				clearTimeout(timer);
				resolve();
			});
			client.end();
		});
	}
}
