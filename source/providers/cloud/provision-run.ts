// Provisioning one cloud run: the run's key pair, the backend's resources, then SSH to every host at once.
// Each resource goes into the run's ledger as it exists, so teardown after any failure or signal finds it.

import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import {ResourceLedger} from '../ledger.js';
import type {HostPair, ProbeTarget, ProvisionOptions} from '../provider.js';
import type {CloudPair, CloudRunContext} from './backend.js';
import {type CloudRun, connectHost, type SkeletonState} from './host-sessions.js';
import {settleAll} from './parallel.js';
import {recordRun, runScope} from './run-record.js';
import {runKeyPair} from './ssh-keys.js';

export async function provisionRun(
	state: SkeletonState,
	target: ProbeTarget,
	runId: string,
	options: ProvisionOptions,
): Promise<readonly HostPair[]> {
	state.backend.validate(target);
	if (state.runs.has(runId)) {
		throw new RuntimeError(`run ${runId} is already provisioned`);
	}

	const run: CloudRun = {ledger: new ResourceLedger(), sessions: new Map()};
	state.runs.set(runId, run);
	recordRun(runId, state.backend.id, runScope(target));
	const context = runContext(run, runId, options);
	if (options.signal?.aborted) {
		throw new InterruptedError();
	}

	const pairs = await state.backend.createPairs(target, context);
	const hosts = await connectAll(state, context, run, pairs);
	// Image and iperf3 version of every host go with the run (pair notes are saved with its results).
	return pairs.map((cloudPair, index) => ({
		...cloudPair.pair,
		notes: [...(cloudPair.pair.notes ?? []), ...hosts.slice(index * 2, index * 2 + 2)],
	}));
}

/** The run's key pair (in memory only: nothing to delete, nothing left by a killed run) and what the backend creates with. */
function runContext(run: CloudRun, runId: string, options: ProvisionOptions): CloudRunContext {
	const keyPair = runKeyPair(`netplace-${runId}`);
	return {
		runId,
		ledger: run.ledger,
		keyPair,
		signal: options.signal,
		onEvent: options.onEvent,
		...(options.holdSeconds === undefined ? {} : {holdSeconds: options.holdSeconds}),
	};
}

/** Every host's server then client, at once; one host failing stops the others' retries at once, rather than minutes later. */
async function connectAll(
	state: SkeletonState,
	context: CloudRunContext,
	run: CloudRun,
	pairs: readonly CloudPair[],
): Promise<string[]> {
	const stopOthers = new AbortController();
	const signal = context.signal ? AbortSignal.any([context.signal, stopOthers.signal]) : stopOthers.signal;
	const sshContext: CloudRunContext = {...context, signal};
	return settleAll(
		pairs.flatMap((cloudPair) => [
			connectHost(state, sshContext, run, cloudPair.pair.server, cloudPair.serverSsh),
			connectHost(state, sshContext, run, cloudPair.pair.client, cloudPair.clientSsh),
		]),
		stopOthers,
	);
}
