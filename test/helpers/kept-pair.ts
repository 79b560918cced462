// One lab pair for several probe runs: the first run's provision makes it, every later run (of the same
// target) gets the same pair, and each run's teardown leaves it for the next; release() tears it down for real.
// The traffic stays real (iperf3 across the shaped pair every run); what is saved is a provision and a
// teardown per run, which tell the runs nothing about each other's figures.
import {isDeepStrictEqual} from 'node:util';
import {createLabProvider} from '../../source/providers/lab/index.js';
import type {HostPair, ProbeTarget, Provider, TeardownReport} from '../../source/providers/provider.js';

export interface KeptPairProvider extends Provider {
	/** Tears the kept pair down (its own run id); nothing to do when no run provisioned. */
	release(): Promise<TeardownReport>;
}

export function keptLabPair(): KeptPairProvider {
	const lab = createLabProvider();
	const runId = `np-k${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
	let kept: {target: ProbeTarget; pairs: readonly HostPair[]} | undefined;
	return {
		...lab,
		async provision(target, _runId, options) {
			if (kept === undefined) kept = {target, pairs: await lab.provision(target, runId, options)};
			else if (!isDeepStrictEqual(kept.target, target)) throw new Error('keptLabPair: one target per kept pair');
			return kept.pairs;
		},
		async teardown() {
			return {complete: true, left: []};
		},
		async release() {
			if (kept === undefined) return {complete: true, left: []};
			kept = undefined;
			return lab.teardown(runId);
		},
	};
}
