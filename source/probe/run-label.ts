// One run of several (Provider.runTargets: k8s node pairs x networks) named as both faces show it while it
// runs: "run 2 of 4: a-1 -> a-2 (same-zone), host network". Pure.

import type {ProbeTarget} from '../providers/provider.js';

/** A node pair as the runs and the network split name it. */
export function nodePairText(nodes: readonly [string, string]): string {
	return `${nodes[0]} -> ${nodes[1]}`;
}

/** The run's place among the request's runs and what it measures; null when the request is one run. */
export function runLabel(target: ProbeTarget, index: number, count: number): string | null {
	if (count <= 1) return null;
	const nodes = target.k8s?.nodes;
	const what =
		nodes === undefined || nodes === 'auto'
			? target.shape
			: `${nodePairText(nodes)} (${target.path ?? 'same-zone'}), ${target.k8s?.network === 'host' ? 'host' : 'pod'} network`;
	return `run ${index + 1} of ${count}: ${what}`;
}
