// What one ssh provider holds between calls: each run's ledger, its two SSH sessions (each with its channel
// limit) and the login a person would use for each host, for the delete commands of what a run started.

import {RuntimeError} from '../../domain/errors.js';
import type {ResourceLedger} from '../ledger.js';
import type {Host, ProbeTarget, SshTarget} from '../provider.js';
import type {ChannelLimit} from './channel-limit.js';
import type {TransportFactory} from './ssh-connect.js';
import type {SshTransport} from './ssh-transport.js';

export interface SshProviderOptions {
	/** Tests: make the transports (default: a real SshTransport). */
	readonly makeTransport?: TransportFactory;
	readonly readyTimeoutMs?: number;
}

export interface SshSession {
	readonly transport: SshTransport;
	readonly channels: ChannelLimit;
}

export interface SshRun {
	readonly runId: string;
	/** Seconds a process started on a host may live at most (`timeout N`): twice the planned hold, and ten minutes. */
	readonly lifeSeconds: number;
	readonly ledger: ResourceLedger;
	readonly sessions: Map<string, SshSession>;
	/** Per host id: the ssh command line a person would log in with (for delete commands). */
	readonly logins: Map<string, string>;
}

export interface SshState {
	readonly options: SshProviderOptions;
	readonly runs: Map<string, SshRun>;
}

export function sshOf(target: ProbeTarget): SshTarget {
	if (target.ssh === undefined) throw new RuntimeError('--provider ssh needs --hosts A,B');
	return target.ssh;
}

export function sessionFor(state: SshState, host: Host): SshSession {
	for (const run of state.runs.values()) {
		const session = run.sessions.get(host.id);
		if (session) return session;
	}

	throw new RuntimeError(`no SSH session to ${host.name}: was it connected by this process?`);
}

/** The run the host belongs to (undefined once it is torn down). */
export function runOf(state: SshState, host: Host): SshRun | undefined {
	return [...state.runs.values()].find((candidate) => candidate.sessions.has(host.id));
}
