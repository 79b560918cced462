// Opening one ssh2 connection: its settings, the host key check (host-keys.ts) and what a failed attempt
// rejects with. SshTransport (ssh-transport.ts) tries it again while the host boots.

import {Client, type ConnectConfig, type ServerHostKeyAlgorithm} from 'ssh2';
import {InterruptedError, messageOf, RuntimeError} from '../../domain/errors.js';
import {
	checkHostKey,
	type HostKeyPolicy,
	type HostKeyRefusal,
	type HostKeyTarget,
	hostKeyFingerprint,
	preferredHostKeyAlgorithms,
} from './host-keys.js';

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

/** What the transport hears while a connection opens: the host key shown, and the client once it is ready. */
export interface OpenHooks {
	readonly onHostKey: (fingerprint: string) => void;
	/** Called as the connection becomes ready, before the promise resolves. */
	readonly onReady: (client: Client) => void;
}

/** `user@host:port`, for messages. */
export function targetText(options: SshTransportOptions): string {
	return `${options.username}@${options.host}:${options.port ?? 22}`;
}

/** Why the host's key was refused: host-keys.ts's verdict, or why it could not be checked. */
type HostKeyRejection = HostKeyRefusedError | string;
type HostVerifier = (key: Buffer, verify: (valid: boolean) => void) => void;

/** What a failed connection rejects with: the host key's refusal when there was one, else the SSH error. */
function connectFailure(error: Error, rejection: HostKeyRejection | undefined): Error {
	if (rejection instanceof HostKeyRefusedError) return rejection;
	return rejection ? new RuntimeError(rejection) : error;
}

/** One attempt: connects, checks the host's key, and resolves with the ready client; an abort ends it. */
export async function openSshClient(
	options: SshTransportOptions,
	signal: AbortSignal | undefined,
	hooks: OpenHooks,
): Promise<Client> {
	const policy = options.hostKeyPolicy;
	const target = {host: options.host, port: options.port ?? 22};
	const preferred = await preferredHostKeyAlgorithms(policy, target);
	const client = new Client();
	let hostKeyRejected: HostKeyRejection | undefined;
	const hostVerifier = checkingHostKey(options, target, hooks, (rejection) => {
		hostKeyRejected = rejection;
	});
	return new Promise<Client>((resolve, reject) => {
		let settled = false;
		const onAbort = (): void => {
			settled = true;
			client.end();
			reject(new InterruptedError());
		};

		signal?.addEventListener('abort', onAbort, {once: true});
		client.once('ready', () => {
			settled = true;
			signal?.removeEventListener('abort', onAbort);
			hooks.onReady(client);
			resolve(client);
		});
		// For the client's whole life, not once: ssh2 emits 'error' twice for a connection reset or answered with
		// garbage before the handshake (the socket's error, then "Connection lost before handshake"), and an
		// 'error' with no listener is an uncaught exception that ends the process before its teardown.
		client.on('error', (error: Error) => {
			if (settled) return;
			settled = true;
			signal?.removeEventListener('abort', onAbort);
			client.end();
			reject(connectFailure(error, hostKeyRejected));
		});
		client.connect(connectConfig(options, target, preferred, hostVerifier));
	});
}

function connectConfig(
	options: SshTransportOptions,
	target: HostKeyTarget,
	preferred: readonly ServerHostKeyAlgorithm[] | undefined,
	hostVerifier: HostVerifier,
): ConnectConfig {
	return {
		host: target.host,
		port: target.port,
		username: options.username,
		...(options.privateKey === undefined ? {} : {privateKey: options.privateKey}),
		...(options.agent === undefined ? {} : {agent: options.agent}),
		readyTimeout: options.readyTimeoutMs ?? 20_000,
		keepaliveInterval: 15_000,
		...(preferred ? {algorithms: {serverHostKey: {remove: [...preferred], prepend: [...preferred], append: []}}} : {}),
		hostVerifier,
	};
}

/** Checks the host's key against the policy; a refusal, or a check that failed, is told to `refused`. */
function checkingHostKey(
	options: SshTransportOptions,
	target: HostKeyTarget,
	hooks: OpenHooks,
	refused: (rejection: HostKeyRejection) => void,
): HostVerifier {
	return (key, verify) => {
		hooks.onHostKey(hostKeyFingerprint(key));
		checkHostKey(options.hostKeyPolicy, target, key).then(
			(verdict) => {
				if (!verdict.ok) refused(new HostKeyRefusedError(verdict.reason, verdict.kind, verdict.fingerprint));
				verify(verdict.ok);
			},
			(error: unknown) => {
				refused(`host key of ${targetText(options)} could not be checked: ${messageOf(error)}`);
				verify(false);
			},
		);
	};
}
