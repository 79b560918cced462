// `--provider k8s`: a node pair of the user's own cluster (DESIGN.md "k8s"). Through their kubeconfig
// (kube.ts), with the RBAC it needs checked first (access.ts): the nodes read and the pairs picked
// (run-targets.ts), two labelled pods per run pinned to the nodes (provision.ts), commands through exec
// (pod-exec.ts), the pods deleted at teardown and found by cleanup (orphans.ts).

import {UserError} from '../../domain/errors.js';
import type {ProbeTarget, Provider} from '../provider.js';
import {publishedOf} from '../ssh/catalogue-published.js';
import {k8sFacts} from './facts.js';
import {type K8sProviderOptions, type K8sState, kubeFor, newK8sState, podOf} from './k8s-state.js';
import {deleteK8sOrphans, findK8sOrphans} from './orphans.js';
import {k8sPlan, type PlanCluster} from './plan.js';
import {execInPod, startInPod} from './pod-exec.js';
import {provisionK8s, teardownK8s} from './provision.js';
import {k8sRunTargets} from './run-targets.js';

export type {K8sProviderOptions} from './k8s-state.js';

/** The kubeconfig's cluster and context for the plan (read from the file, nothing asked), or why there is none. */
async function planCluster(state: K8sState, target: ProbeTarget): Promise<PlanCluster> {
	try {
		return {kube: await kubeFor(state, target)};
	} catch (error: unknown) {
		if (error instanceof UserError) return {missing: error.message};
		throw error;
	}
}

export function createK8sProvider(options: K8sProviderOptions = {}): Provider {
	const state = newK8sState(options);
	return {
		id: 'k8s',
		facts: k8sFacts,
		publishedBandwidth: async (target) => publishedOf(target),
		placementSupport: async (target) =>
			target.placements.map((placement) => ({placement, available: true, reason: 'your nodes: as they run'})),
		plan: async (target, holdSeconds) => k8sPlan(target, holdSeconds, await planCluster(state, target)),
		runTargets: async (target) => k8sRunTargets(await kubeFor(state, target), target, state.checked),
		provision: async (target, runId, provisionOptions) => provisionK8s(state, target, runId, provisionOptions),
		exec: async (host, argv, execOptions) => {
			const {kube, pod} = podOf(state, host);
			return execInPod(kube, pod, argv, execOptions);
		},
		startBackground: async (host, argv) => {
			const {kube, pod} = podOf(state, host);
			return startInPod(kube, pod, argv);
		},
		teardown: async (runId) => teardownK8s(state, runId),
		findOrphans: async (scope) => findK8sOrphans(state, scope),
		deleteOrphans: async (orphans) => deleteK8sOrphans(state, orphans),
	};
}
