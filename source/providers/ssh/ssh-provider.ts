// `--provider ssh`: your own two hosts (any cloud, on-premises), reached over SSH. Nothing is created: it
// connects (host keys checked, ssh-connect.ts), checks iperf3 on both ends (how to install it when missing;
// nothing is installed), finds the address the sender reaches the receiver at, and hands the probe engine one
// pair (connect-pair.ts). What it starts (the iperf3 servers) has a bounded life (`timeout`), is recorded as
// it starts, in the run's ledger and in its record on this machine (ssh-run-record.ts), stopped at teardown
// and checked gone (host-processes.ts); a run killed before its teardown is found by `cleanup --provider ssh`
// (ssh-orphans.ts).

import {RuntimeError} from '../../domain/errors.js';
import {forgetRun} from '../cloud/run-record.js';
import {ResourceLedger} from '../ledger.js';
import type {HostPair, ProbeTarget, Provider, ProvisionOptions, TeardownReport} from '../provider.js';
import {publishedOf} from './catalogue-published.js';
import {connectPair} from './connect-pair.js';
import {sshFacts} from './facts.js';
import {execOn, startBackgroundOn} from './host-processes.js';
import {sshPlan} from './plan.js';
import {sshCredentials} from './ssh-credentials.js';
import {deleteSshOrphans, findSshOrphans} from './ssh-orphans.js';
import {forgetSshDetail, recordSshRun} from './ssh-run-record.js';
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
		// Nothing is created; what a killed run left running on the hosts is in its record here.
		findOrphans: async () => findSshOrphans(),
		deleteOrphans: async (orphans) => deleteSshOrphans(orphans),
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
	const lifeSeconds = Math.ceil(2 * (options.holdSeconds ?? 3600)) + 600;
	const run: SshRun = {runId, lifeSeconds, ledger: new ResourceLedger(), sessions: new Map(), logins: new Map()};
	state.runs.set(runId, run);
	recordSshRun(runId, sshOf(target));
	return connectPair(state, target, runId, run, options);
}

async function teardown(state: SshState, runId: string): Promise<TeardownReport> {
	const run = state.runs.get(runId);
	if (!run) return {complete: true, left: []};
	const report = await run.ledger.teardown();
	state.runs.delete(runId);
	forgetSshDetail(runId);
	// Kept while anything is left: `cleanup --provider ssh` finds it there.
	if (report.complete) forgetRun(runId);
	return report;
}
