// The plan for `--provider k8s`: two pods per node pair and network, in the namespace, deleted when done.
// Nothing is billed beyond what the nodes already cost; the pods request little (100m CPU, 64 MiB) so they fit
// beside the node's workloads, and iperf3 then uses what the node has free.

import type {ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {defaultK8sImage} from './facts.js';

export function k8sPlan(target: ProbeTarget, holdSeconds: number): ProbePlanEstimate {
	const k8s = target.k8s;
	const nodes = k8s === undefined || k8s.nodes === 'auto' ? 'the pairs --nodes auto picks' : k8s.nodes.join(' -> ');
	const networks = k8s?.network === 'both' ? 'pod network, then host network' : `${k8s?.network ?? 'pod'} network`;
	const namespace = target.namespace ?? "the context's namespace";
	return {
		provider: 'k8s',
		shape: target.shape,
		region: null,
		zone: null,
		resources: [
			{kind: 'pod', name: 'receiver', detail: `iperf3 servers, in ${namespace}`},
			{kind: 'pod', name: 'sender', detail: `iperf3 client, in ${namespace}`},
		],
		holdSeconds,
		instances: 2,
		pricePerHour: null,
		priceSource: 'your own nodes: netplace adds pods, not nodes',
		estimatedCostUsd: 0,
		warnings: [
			`creates two pods per run on ${nodes} (${networks}), image ${k8s?.image ?? defaultK8sImage}; deletes them when done`,
		],
		setup: [
			{label: 'login', text: `your kubeconfig${target.context === undefined ? '' : `, context ${target.context}`}`},
		],
	};
}
