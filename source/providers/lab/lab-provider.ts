// The local lab provider: real namespaces, real tc shaping, a real RTT delay line (DESIGN.md "lab").
// The probe engine drives it only through the Provider interface; this file wires the lab's parts into it:
// provision.ts (a run's pairs), host-exec.ts (commands in a namespace), teardown.ts, orphans.ts, plan.ts.

import type {ProbeTarget, Provider} from '../provider.js';
import {assertLabCapabilities} from './capabilities.js';
import {labFacts} from './facts.js';
import {execOnHost, startBackgroundOnHost} from './host-exec.js';
import {type LabProviderOptions, newLabState} from './lab-state.js';
import {deleteLabOrphans, findLabOrphans} from './orphans.js';
import {labPlacementSupport, labPublishedBandwidth} from './placement-specs.js';
import {planLab} from './plan.js';
import {provisionLab} from './provision.js';
import {teardownLab} from './teardown.js';

export type {LabProviderOptions} from './lab-state.js';

export function createLabProvider(options: LabProviderOptions = {}): Provider {
	const state = newLabState(options);
	return {
		id: 'lab',
		facts: labFacts,
		preflight: (target: ProbeTarget) => {
			assertLabCapabilities({overSsh: target.lab?.overSsh === true});
		},
		publishedBandwidth: async (target) => labPublishedBandwidth(target),
		placementSupport: async (target) => labPlacementSupport(target),
		plan: async (target, holdSeconds) => planLab(target, holdSeconds),
		provision: async (target, runId, provisionOptions) => provisionLab(state, target, runId, provisionOptions),
		exec: async (host, argv, execOptions) => execOnHost(state, host, argv, execOptions),
		startBackground: async (host, argv) => startBackgroundOnHost(state, host, argv),
		teardown: async (runId) => teardownLab(state, runId),
		findOrphans: async () => findLabOrphans(state),
		deleteOrphans: async (orphans) => deleteLabOrphans(state, orphans),
	};
}
