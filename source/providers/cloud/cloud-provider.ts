// The part of provision -> SSH -> teardown all three clouds share. A backend creates the cloud resources
// (recording each in the run's ledger); this skeleton owns the run's key pair, the SSH sessions, exec, and
// teardown order: SSH sessions closed first, cloud resources in reverse, the local key folder last.
// provision-run.ts provisions, host-sessions.ts holds the SSH sessions; backend.ts is the backend's contract.

import {providerFacts} from '../facts.js';
import type {HostPair, ProbeTarget, Provider, ProvisionOptions, TeardownReport} from '../provider.js';
import {SshTransport} from '../ssh/ssh-transport.js';
import type {CloudBackend, CloudProviderOptions} from './backend.js';
import {cloudCallError} from './credentials.js';
import {type SkeletonState, sessionFor} from './host-sessions.js';
import {triageOrphans} from './orphan-triage.js';
import {provisionRun} from './provision-run.js';
import {forgetRun, recordedRuns, runIsDead} from './run-record.js';

export function createCloudProvider(backend: CloudBackend, options: CloudProviderOptions = {}): Provider {
	const state: SkeletonState = {
		backend,
		options,
		makeSsh: options.ssh ?? ((ssh) => new SshTransport(ssh)),
		runs: new Map(),
	};
	return {
		id: backend.id,
		facts: providerFacts(backend.id),
		publishedBandwidth: async (target) => backend.publishedBandwidth(target),
		placementSupport: async (target) => backend.placementSupport(target),
		plan: async (target, holdSeconds, prices) => backend.plan(target, holdSeconds, prices),
		provision: async (target, runId, provisionOptions = {}) => provision(state, target, runId, provisionOptions),
		exec: async (host, argv, execOptions) => sessionFor(state, host).exec(argv, execOptions),
		startBackground: async (host, argv) => sessionFor(state, host).startBackground(argv),
		teardown: async (runId) => teardown(state, runId),
		// Only what has expired or whose run is provably dead may go; a live run's resources are never touched.
		findOrphans: async (target) =>
			triageOrphans(await backend.findOrphans(target), recordedRuns(backend.id), runIsDead),
		deleteOrphans: async (orphans) => backend.deleteOrphans(orphans.filter((orphan) => orphan.keep === undefined)),
	};
}

async function provision(
	state: SkeletonState,
	target: ProbeTarget,
	runId: string,
	options: ProvisionOptions,
): Promise<readonly HostPair[]> {
	try {
		return await provisionRun(state, target, runId, options);
	} catch (error: unknown) {
		// netplace's own errors pass unchanged; credentials become one line; anything else names the cloud.
		throw cloudCallError(state.backend.id, 'provisioning', error);
	}
}

/** The run's ledger in reverse; the run's record goes only when nothing was left. */
async function teardown(state: SkeletonState, runId: string): Promise<TeardownReport> {
	const run = state.runs.get(runId);
	if (!run) {
		return {complete: true, left: []};
	}

	const report = await run.ledger.teardown();
	state.runs.delete(runId);
	if (report.complete) forgetRun(runId);
	return report;
}
