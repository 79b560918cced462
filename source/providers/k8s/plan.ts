// The plan for `--provider k8s`: two pods per node pair and network, in the namespace, deleted when done.
// Nothing is billed beyond what the nodes already cost; the pods request little (100m CPU, 64 MiB) so they fit
// beside the node's workloads, and iperf3 then uses what the node has free. The plan names the cluster and the
// context the kubeconfig gives (read from the file: the cluster is not asked), or why there is none.

import {printable} from '../../domain/printable.js';
import type {ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {defaultK8sImage} from './facts.js';
import type {Kube} from './kube.js';

/** The kubeconfig's answer for the plan: the clients it would use, or why there are none. */
export type PlanCluster = {readonly kube: Kube} | {readonly missing: string};

function where(cluster: PlanCluster, target: ProbeTarget) {
	if ('missing' in cluster) {
		const context = target.context === undefined ? "the kubeconfig's current context" : `context ${target.context}`;
		return {shape: context, namespace: target.namespace ?? "the context's namespace", login: cluster.missing};
	}

	const {kube} = cluster;
	const name = printable(kube.config.getCurrentCluster()?.name ?? '(unnamed)');
	const context = printable(kube.context);
	return {
		shape: `cluster ${name} (context ${context})`,
		namespace: `namespace ${printable(kube.namespace)}`,
		login: `your kubeconfig, context ${context}, API server ${printable(kube.server)}`,
	};
}

export function k8sPlan(target: ProbeTarget, holdSeconds: number, cluster: PlanCluster): ProbePlanEstimate {
	const k8s = target.k8s;
	const nodes = k8s === undefined || k8s.nodes === 'auto' ? 'the pairs --nodes auto picks' : k8s.nodes.join(' -> ');
	const networks = k8s?.network === 'both' ? 'pod network, then host network' : `${k8s?.network ?? 'pod'} network`;
	const named = where(cluster, target);
	return {
		provider: 'k8s',
		shape: named.shape,
		region: null,
		zone: null,
		resources: [
			{kind: 'pod', name: 'receiver', detail: `iperf3 servers, in ${named.namespace}`},
			{kind: 'pod', name: 'sender', detail: `iperf3 client, in ${named.namespace}`},
		],
		holdSeconds,
		instances: 2,
		pricePerHour: null,
		priceSource: 'your own nodes: netplace adds pods, not nodes',
		estimatedCostUsd: 0,
		warnings: [
			`creates two pods per run on ${nodes} (${networks}), image ${k8s?.image ?? defaultK8sImage}; deletes them when done`,
			...('missing' in cluster ? [cluster.missing] : []),
		],
		setup: [{label: 'login', text: named.login}],
	};
}
