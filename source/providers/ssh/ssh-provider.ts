// `--provider ssh`: your own two hosts (any cloud, on-premises), reached over SSH. Nothing is created: it
// connects (host keys checked, ssh-connect.ts), checks iperf3 on both ends (how to install it when missing;
// nothing is installed), finds the address the sender reaches the receiver at, and hands the probe engine one
// pair (connect-pair.ts). What it starts (the iperf3 servers) is recorded as it starts and stopped at teardown,
// and checked gone (host-processes.ts).

import {RuntimeError} from '../../domain/errors.js';
import {ResourceLedger} from '../ledger.js';
import type {HostPair, ProbeTarget, Provider, ProvisionOptions, TeardownReport} from '../provider.js';
import {publishedOf} from './catalogue-published.js';
import {connectPair} from './connect-pair.js';
import {sshFacts} from './facts.js';
import {execOn, startBackgroundOn} from './host-processes.js';
import {sshPlan} from './plan.js';
import {sshCredentials} from './ssh-credentials.js';
import {type SshProviderOptions, type SshRun, type SshState, sshOf} from './ssh-state.js';

export type {SshProviderOptions} from './ssh-state.js';

export function createSshProvider(options: SshProviderOptions = {}): Provider {
	const state: SshState = {options, runs: new Map()};
	return {
		id: 'ssh',
		facts: sshFacts,
		// No key to log in with: one line before anything connects.
		preflight: (target) => void sshCredentials(sshOf(target)),
		publishedBandwidth: async (target) => publishedOf(target),
		placementSupport: async (target) =>
			target.placements.map((placement) => ({placement, available: true, reason: 'your own hosts: as launched'})),
		plan: async (target, holdSeconds) => sshPlan(target, holdSeconds),
		provision: async (target, runId, provisionOptions = {}) => connectRun(state, target, runId, provisionOptions),
		exec: async (host, argv, execOptions) => execOn(state, host, argv, execOptions),
		startBackground: async (host, argv) => startBackgroundOn(state, host, argv),
		teardown: async (runId) => teardown(state, runId),
		// Nothing is created, so nothing is left for cleanup to find.
		findOrphans: async () => [],
		deleteOrphans: async () => ({complete: true, left: []}),
	};
}

/** A new run for these hosts (a run id connects once), then its pair. */
async function connectRun(
	state: SshState,
	target: ProbeTarget,
	runId: string,
	options: ProvisionOptions,
): Promise<readonly HostPair[]> {
	if (state.runs.has(runId)) throw new RuntimeError(`run ${runId} is already connected`);
	const run: SshRun = {ledger: new ResourceLedger(), sessions: new Map(), logins: new Map()};
	state.runs.set(runId, run);
	return connectPair(state, target, runId, run, options);
}

async function teardown(state: SshState, runId: string): Promise<TeardownReport> {
	const run = state.runs.get(runId);
	if (!run) return {complete: true, left: []};
	const report = await run.ledger.teardown();
	state.runs.delete(runId);
	return report;
}
