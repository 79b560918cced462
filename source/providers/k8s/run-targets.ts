// One request -> its runs: the RBAC it needs checked, the nodes read, the pairs picked (node-pairs.ts), and
// each pair once per network (`--network both`: the pod network, then the host network). Each run names its
// nodes, its shape (the nodes' instance type), its path (same zone or across zones) and the cluster's CNI where
// its DaemonSets show it (cni.ts). Creates nothing.

import type {CniFact, K8sTarget, ProbeTarget} from '../provider.js';
import {assertAccess} from './access.js';
import {listClusterNodes, pairShape} from './cluster-nodes.js';
import {detectCni} from './cni.js';
import type {Kube} from './kube.js';
import {type NodePair, pickPairs} from './node-pairs.js';

/** The RBAC check, once per context and namespace per process. */
export async function checkedAccess(kube: Kube, checked: Set<string>): Promise<void> {
	const key = `${kube.context}/${kube.namespace}`;
	if (checked.has(key)) return;
	await assertAccess(kube);
	checked.add(key);
}

function pairTarget(
	target: ProbeTarget,
	k8s: K8sTarget,
	pair: NodePair,
	network: 'pod' | 'host',
	cni: CniFact,
): ProbeTarget {
	const {zones: _zones, ...rest} = k8s;
	const {path: _path, ocpus: _ocpus, ...base} = target;
	const named = pairShape(pair);
	return {
		...base,
		shape: named.shape,
		...(named.ocpus === undefined ? {} : {ocpus: named.ocpus}),
		...(pair.path === null ? {} : {path: pair.path}),
		k8s: {...rest, nodes: [pair.sender.name, pair.receiver.name], network, cni},
	};
}

export async function k8sRunTargets(kube: Kube, target: ProbeTarget, checked: Set<string>): Promise<ProbeTarget[]> {
	const k8s: K8sTarget = target.k8s ?? {nodes: 'auto', network: 'pod', image: ''};
	await checkedAccess(kube, checked);
	const pairs = pickPairs(await listClusterNodes(kube), k8s);
	const cni = await detectCni(kube);
	const networks = k8s.network === 'both' ? (['pod', 'host'] as const) : [k8s.network];
	return pairs.flatMap((pair) => networks.map((network) => pairTarget(target, k8s, pair, network, cni)));
}
