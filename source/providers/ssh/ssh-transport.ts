// SSH to a cloud (or lab) host with ssh2: connect with retries while it boots, run argv (shell-quoted once,
// here), stream stdout, time out, run background commands that can be stopped. Never logs or echoes keys.

import {setTimeout as delay} from 'node:timers/promises';
import type {Client} from 'ssh2';
import {InterruptedError, messageOf, RuntimeError} from '../../domain/errors.js';
import type {BackgroundProcess, ExecOptions, ExecResult} from '../provider.js';
import {type RemoteRun, signalRemote, startRemote} from './remote-run.js';
import {openSshClient, type SshTransportOptions, targetText} from './ssh-client.js';

export {type HostKeyPolicy, hostKeyFingerprint} from './host-keys.js';
export {HostKeyRefusedError, type SshTransportOptions} from './ssh-client.js';

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

type StopReason = 'timeout' | 'abort';

export class SshTransport implements SshTransportLike {
	private client: Client | undefined;
	private lostReason: string | undefined;
	private fingerprint: string | undefined;

	constructor(private readonly options: SshTransportOptions) {}

	get target(): string {
		return targetText(this.options);
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
		return openSshClient(this.options, signal, {
			onHostKey: (fingerprint) => {
				this.fingerprint = fingerprint;
			},
			onReady: (client) => this.watchForLoss(client),
		});
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
