// What one lab provider holds between calls: each run's ledger, the hosts it made (with their SSH transport
// in --over-ssh runs), and where its runs' owner files live.

import {RuntimeError} from '../../domain/errors.js';
import type {ResourceLedger} from '../ledger.js';
import type {Host} from '../provider.js';
import type {SshTransport} from '../ssh/ssh-transport.js';
import {findExecutable} from './capabilities.js';
import {parseNamespaceName} from './names.js';
import {defaultStateDir} from './namespaces.js';

export interface LabProviderOptions {
	/** Where run owner files live (default /run/netplace-lab). */
	readonly stateDir?: string;
	/** The process that owns runs this provider creates (default this one; tests pass a dead pid to simulate a crash). */
	readonly ownerPid?: number;
}

export interface HostRuntime {
	readonly runId: string;
	readonly namespace: string;
	readonly transport?: SshTransport;
}

export interface LabState {
	readonly stateDir: string;
	readonly ownerPid: number;
	/** Each live run's ledger, by run id. */
	readonly runs: Map<string, ResourceLedger>;
	/** Each host this provider made, by host id (its namespace). */
	readonly hosts: Map<string, HostRuntime>;
}

export function newLabState(options: LabProviderOptions): LabState {
	return {
		stateDir: options.stateDir ?? defaultStateDir,
		ownerPid: options.ownerPid ?? process.pid,
		runs: new Map(),
		hosts: new Map(),
	};
}

/** The `ip` command to run (found on each call: the lab may be checked before the tools are installed). */
export const ipCommand = (): string => findExecutable('ip') ?? 'ip';

/** The host's namespace (and transport): one this provider made, or any lab namespace by its name. */
export function runtimeOf(state: LabState, host: Host): HostRuntime {
	const known = state.hosts.get(host.id);
	if (known) return known;
	if (parseNamespaceName(host.id)) return {runId: '', namespace: host.id};
	throw new RuntimeError(`unknown lab host ${host.id}`);
}
