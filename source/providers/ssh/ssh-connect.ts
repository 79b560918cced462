// One SSH connection to one of the user's own hosts, its host key checked against known_hosts (host-keys.ts):
// a known key goes on, a changed key stops the run, an unknown key is shown with its fingerprint and needs a
// yes (the terminal's `confirm`) or --accept-new-host-key; the key added is then the very one shown.

import {UserError} from '../../domain/errors.js';
import type {ProvisionOptions, SshHostTarget, SshTarget} from '../provider.js';
import type {SshCredentials} from './ssh-credentials.js';
import {HostKeyRefusedError, SshTransport, type SshTransportOptions} from './ssh-transport.js';

export type TransportFactory = (options: SshTransportOptions) => SshTransport;

export interface ConnectSettings {
	readonly ssh: SshTarget;
	readonly credentials: SshCredentials;
	readonly options: ProvisionOptions;
	readonly makeTransport?: TransportFactory;
	readonly readyTimeoutMs?: number;
}

/** `user@host` (and `:port` when not 22), as the user would type it to ssh. */
export function sshName(host: SshHostTarget, port: number): string {
	return `${host.user}@${host.host}${port === 22 ? '' : `:${port}`}`;
}

function transportFor(host: SshHostTarget, settings: ConnectSettings, acceptNew: boolean | string): SshTransport {
	const {privateKey, agent} = settings.credentials;
	const options: SshTransportOptions = {
		host: host.host,
		port: settings.ssh.port,
		username: host.user,
		...(privateKey === undefined ? {} : {privateKey}),
		...(agent === undefined ? {} : {agent}),
		hostKeyPolicy: {knownHosts: settings.ssh.knownHosts, acceptNew},
		readyTimeoutMs: settings.readyTimeoutMs ?? 20_000,
	};
	return (settings.makeTransport ?? ((made) => new SshTransport(made)))(options);
}

async function connectOnce(transport: SshTransport, settings: ConnectSettings): Promise<void> {
	const {signal} = settings.options;
	await transport.connect({retries: 1, delayMs: 1000, ...(signal ? {signal} : {})});
}

/**
 * Connects to `host`; `onTransport` is told of every transport made, so the caller closes it whatever happens.
 * An unknown host key without --accept-new-host-key and without a yes is the user's to settle: UserError.
 */
export async function connectHost(
	host: SshHostTarget,
	settings: ConnectSettings,
	onTransport: (transport: SshTransport) => void,
): Promise<SshTransport> {
	const first = transportFor(host, settings, settings.ssh.acceptNewHostKey);
	onTransport(first);
	try {
		await connectOnce(first, settings);
		return first;
	} catch (error: unknown) {
		if (!(error instanceof HostKeyRefusedError) || error.kind !== 'unknown') throw error;
		const name = sshName(host, settings.ssh.port);
		const known = settings.ssh.knownHosts;
		const question = `${name} shows host key ${error.fingerprint}, which ${known} does not hold. Trust it and add it there?`;
		const yes = settings.options.confirm ? await settings.options.confirm(question) : false;
		if (!yes) {
			throw new UserError(
				`the host key of ${name} is unknown (${error.fingerprint}, not in ${known}); nothing was run`,
				"compare it with the host's own (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub there), then rerun with --accept-new-host-key",
			);
		}

		const second = transportFor(host, settings, error.fingerprint);
		onTransport(second);
		await connectOnce(second, settings);
		return second;
	}
}
