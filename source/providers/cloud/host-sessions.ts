// The skeleton's SSH sessions: one per host, opened with the host key the console printed (pinned) or, with
// no console to read, on first use with its fingerprint shown; each recorded in the run's ledger so teardown
// closes it first. exec and startBackground find the session by host.

import {RuntimeError} from '../../domain/errors.js';
import type {ResourceLedger} from '../ledger.js';
import type {Host} from '../provider.js';
import type {HostKeyPolicy} from '../ssh/host-keys.js';
import type {SshTransportLike} from '../ssh/ssh-transport.js';
import type {CloudBackend, CloudProviderOptions, CloudRunContext, SshEndpoint, SshFactory} from './backend.js';
import {hostKeyPolicyFor} from './host-key-pin.js';
import {waitUntilReady} from './host-ready.js';

/** One live run: its ledger and its hosts' SSH sessions (by host id). */
export interface CloudRun {
	readonly ledger: ResourceLedger;
	readonly sessions: Map<string, SshTransportLike>;
}

/** What one cloud provider holds between calls. */
export interface SkeletonState {
	readonly backend: CloudBackend;
	readonly options: CloudProviderOptions;
	readonly makeSsh: SshFactory;
	readonly runs: Map<string, CloudRun>;
}

export function sessionFor(state: SkeletonState, host: Host): SshTransportLike {
	for (const run of state.runs.values()) {
		const session = run.sessions.get(host.id);
		if (session) return session;
	}

	throw new RuntimeError(`no SSH session to ${host.name} (${host.id}): was it provisioned by this process?`);
}

/** The host key the console printed (pinned), else first use with the fingerprint shown. */
async function hostKeyPolicy(
	options: CloudProviderOptions,
	context: CloudRunContext,
	host: Host,
	endpoint: SshEndpoint,
): Promise<HostKeyPolicy> {
	const note = (text: string): void => context.onEvent?.({type: 'note', text});
	if (!endpoint.console) {
		return {firstUse: (seen) => note(`${host.name}: host key ${seen} accepted on first use (no console to read)`)};
	}

	context.onEvent?.({type: 'waiting', what: `host key of ${host.name} on its console`});
	return hostKeyPolicyFor(host.name, endpoint.console, {
		polls: options.consolePolls ?? 24,
		delayMs: options.consoleDelayMs ?? 5000,
		signal: context.signal,
		note,
	});
}

/** A session to the host, in the run and its ledger before it connects. */
async function openSession(
	state: SkeletonState,
	context: CloudRunContext,
	run: CloudRun,
	host: Host,
	endpoint: SshEndpoint,
): Promise<SshTransportLike> {
	const {console: _console, ...address} = endpoint;
	const hostKey = await hostKeyPolicy(state.options, context, host, endpoint);
	const session = state.makeSsh({...address, privateKey: context.keyPair.privateKey, hostKeyPolicy: hostKey});
	run.sessions.set(host.id, session);
	context.ledger.record({
		kind: 'ssh-session',
		id: `${endpoint.username}@${endpoint.host}`,
		deleteCommand: '(nothing to delete: a local SSH connection)',
		remove: async () => {
			run.sessions.delete(host.id);
			await session.close();
		},
	});
	return session;
}

/** SSH to the host (retried while it boots), then wait for iperf3; returns "name: image, iperf3 version". */
export async function connectHost(
	state: SkeletonState,
	context: CloudRunContext,
	run: CloudRun,
	host: Host,
	endpoint: SshEndpoint,
): Promise<string> {
	const {options} = state;
	const session = await openSession(state, context, run, host, endpoint);
	context.onEvent?.({type: 'waiting', what: `SSH to ${host.name} (${endpoint.host})`});
	await session.connect({
		retries: options.sshRetries ?? 40,
		delayMs: options.sshDelayMs ?? 5000,
		signal: context.signal,
	});
	context.onEvent?.({type: 'waiting', what: `iperf3 on ${host.name}`});
	return `${host.name}: ${await waitUntilReady(session, host.name, options, context.signal)}`;
}
