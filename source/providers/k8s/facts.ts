// `--provider k8s`'s facts: a node pair of the user's own cluster, reached through their kubeconfig. Nothing is
// billed (the nodes run anyway); the pods are labelled as netplace's and deleted when done. The shape is the
// nodes' instance type (their `node.kubernetes.io/instance-type` label), found when the nodes are: the request
// names none, and each run's shape is `cloud/type` as for your own hosts (runTargets, node-pairs.ts).

import type {ProbeFieldSpec, ProbeTarget, ProviderFacts, TargetProblem} from '../provider.js';
import {unnamedShape} from '../ssh/ssh-shape.js';

/**
 * A public image with iperf3, ping (iputils), ip (iproute2) and ss: nicolaka/netshoot (its Dockerfile installs
 * iperf3, iputils, iproute2 on Alpine), a pinned tag so a run is repeatable. `--image` names another.
 */
export const defaultK8sImage = 'nicolaka/netshoot:v0.13';

function formFields(): readonly ProbeFieldSpec[] {
	return [
		{id: 'context', label: '--context', kind: 'text', hint: 'kubeconfig context; empty: its current context'},
		{id: 'namespace', label: '--namespace', kind: 'text', hint: "where the pods go; empty: the context's"},
		{id: 'nodes', label: '--nodes', kind: 'text', hint: 'SENDER,RECEIVER or auto (a same-zone and a cross-zone pair)'},
		{
			id: 'zones',
			label: '--zones',
			kind: 'choice',
			choices: ['', 'same', 'cross'],
			hint: 'with --nodes auto: same or cross zone only; empty: both pairs',
		},
		{
			id: 'network',
			label: '--network',
			kind: 'choice',
			choices: ['pod', 'host', 'both'],
			hint: "empty: pod; host: the node's own; both: what the pod network costs",
		},
		{id: 'image', label: '--image', kind: 'text', hint: `with iperf3, ping, ip, ss; empty: ${defaultK8sImage}`},
	];
}

function problems(target: ProbeTarget): readonly TargetProblem[] {
	const found: TargetProblem[] = [];
	if (target.placements.length > 1 || target.placements[0] !== 'default') {
		found.push({
			field: 'placements',
			message: '--provider k8s measures the nodes as they run: no --placement (the zones are --zones)',
		});
	}

	if (target.k8s?.zones !== undefined && target.k8s.nodes !== 'auto') {
		found.push({field: 'zones', message: '--zones picks among the nodes --nodes auto finds: give one or the other'});
	}

	return found;
}

export const k8sFacts: ProviderFacts = {
	id: 'k8s',
	billed: false,
	summary: 'a node pair of your own Kubernetes cluster (kubeconfig): iperf3 pods, deleted when done',
	placements: ['default'],
	placementChoices: ['default'],
	fields: ['context', 'namespace', 'nodes', 'zones', 'network', 'image'],
	cleanupFields: ['context', 'namespace'],
	defaults: {shape: null},
	defaultPlacements: () => ['default'],
	formFields,
	// The nodes' instance type names the shape, once the nodes are found (runTargets).
	resolveShape: () => unnamedShape,
	problems,
};
