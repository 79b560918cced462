// SSH sessions to a run's cloud hosts, shared by the GCP and OCI providers: one transport per host,
// connected with retries while the host boots, then polled until its startup script has installed iperf3.

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, RuntimeError} from '../../errors.js';
import {readyCheckArgv} from '../cloud/startup-script.js';
import type {BackgroundProcess, ExecOptions, ExecResult, Host} from '../provider.js';
import {SshTransport, type SshTransportLike, type SshTransportOptions} from '../ssh/ssh-transport.js';

export type SshFactory = (options: SshTransportOptions) => SshTransportLike;

export const defaultSshFactory: SshFactory = (options) => new SshTransport(options);

export interface CloudTiming {
	/** SSH connect retries while a host boots, and the pause between them. */
	readonly sshRetries: number;
	readonly sshDelayMs: number;
	/** Ready checks (startup script done, iperf3 present), and the pause between them. */
	readonly readyChecks: number;
	readonly readyDelayMs: number;
	/** Pause between polls of a resource's state (OCI lifecycle states). */
	readonly pollIntervalMs: number;
	/** Polls before giving up on a state. */
	readonly pollLimit: number;
}

export const defaultCloudTiming: CloudTiming = {
	sshRetries: 36,
	sshDelayMs: 5000,
	readyChecks: 60,
	readyDelayMs: 5000,
	pollIntervalMs: 3000,
	pollLimit: 200,
};

/** Sleep, or throw InterruptedError when aborted. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) {
		throw new InterruptedError();
	}

	if (ms <= 0) {
		return;
	}

	try {
		await delay(ms, undefined, {signal});
	} catch {
		throw new InterruptedError();
	}
}

interface Session {
	readonly transport: SshTransportLike;
	readonly address: string;
}

/** One run's SSH sessions, keyed by host id. */
export class HostSessions {
	private readonly sessions = new Map<string, Session>();

	constructor(
		private readonly factory: SshFactory,
		private readonly username: string,
		private readonly privateKey: string,
		private readonly timing: CloudTiming,
	) {}

	has(host: Host): boolean {
		return this.sessions.has(host.id);
	}

	/** Connect to the host's public address and wait until its startup script is done. */
	async open(host: Host, publicAddress: string, signal?: AbortSignal): Promise<void> {
		const transport = this.factory({host: publicAddress, username: this.username, privateKey: this.privateKey});
		this.sessions.set(host.id, {transport, address: publicAddress});
		await transport.connect({retries: this.timing.sshRetries, delayMs: this.timing.sshDelayMs, signal});
		for (let check = 1; check <= this.timing.readyChecks; check++) {
			// eslint-disable-next-line no-await-in-loop -- poll until ready
			const result = await transport.exec(readyCheckArgv, {signal, timeoutMs: 30_000});
			if (result.code === 0) {
				return;
			}

			// eslint-disable-next-line no-await-in-loop
			await pause(this.timing.readyDelayMs, signal);
		}

		throw new RuntimeError(`${host.name} (${publicAddress}) never finished installing iperf3`);
	}

	private session(host: Host): Session {
		const session = this.sessions.get(host.id);
		if (!session) {
			throw new RuntimeError(`no SSH session to ${host.name}`);
		}

		return session;
	}

	async exec(host: Host, argv: readonly string[], options?: ExecOptions): Promise<ExecResult> {
		return this.session(host).transport.exec(argv, options);
	}

	async startBackground(host: Host, argv: readonly string[]): Promise<BackgroundProcess> {
		return this.session(host).transport.startBackground(argv);
	}

	/** Close every session; never throws. */
	async closeAll(): Promise<void> {
		const all = [...this.sessions.values()];
		this.sessions.clear();
		await Promise.allSettled(all.map(async (session) => session.transport.close()));
	}
}
