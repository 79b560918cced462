// A cluster's node pair measured on the pod network and on the host network (k8s `--network both`): what the
// pod network costs, and which limit bound the pair: the node (its instance limit or per-flow cap, as the
// host network measured it), the path (window / RTT, or the path's own limit), the pod network (the CNI's
// hop, encapsulation), the pod's TCP settings (its own buffers: a pod's sysctls are per network namespace,
// so the window binds the pod where it does not bind the host), or CPU. Pure: the runs and their targets in.

import {round} from '../domain/stats.js';
import type {ProbeTarget} from '../providers/provider.js';
import {nodePairText} from './run-label.js';
import type {MeasuredLimit, PairResult, ProbeRun} from './types.js';

/** The pod network is named a cost only below this share of the host network's figure (run-to-run noise). */
export const podCostShare = 0.95;

export type SplitBound = 'node' | 'path' | 'pod network' | "pod's TCP settings" | 'CPU' | 'unknown';

export interface NetworkSplit {
	readonly nodes: string;
	readonly path: string;
	/** The best valid figure of each network, Gbps (null: no valid test). */
	readonly hostGbps: number | null;
	readonly podGbps: number | null;
	/** 1 - pod / host, percent (null when a figure is missing). */
	readonly podCostPercent: number | null;
	readonly bound: SplitBound;
	readonly text: string;
}

/**
 * The pair's best valid figure and what bound it; when every test read CPU-bound (`cpu`), the best of those,
 * which the split uses only beside a host network that was not CPU-bound on the same nodes.
 */
function best(pair: PairResult | undefined): {gbps: number | null; limit: MeasuredLimit | null; cpu: boolean} {
	const results = pair?.results ?? [];
	const valid = results.filter((result) => result.validity === undefined || result.validity.kind === 'valid');
	const cpu = results.length > 0 && results.every((result) => result.validity?.kind === 'cpu-bound');
	const pool = cpu ? results : valid;
	const top = pool.reduce<(typeof pool)[number] | null>(
		(most, result) => (most && most.gbps >= result.gbps ? most : result),
		null,
	);
	return {gbps: top?.gbps ?? null, limit: cpu ? 'cpu' : (top?.limit ?? pair?.verdict?.bindingLimit ?? null), cpu};
}

function hostBound(limit: MeasuredLimit | null): SplitBound {
	if (limit === 'instance' || limit === 'per-flow-cap') return 'node';
	if (limit === 'window' || limit === 'path') return 'path';
	if (limit === 'cpu') return 'CPU';
	return 'unknown';
}

/** The one pair's split from its pod-network and host-network runs. */
export function splitOf(nodes: string, path: string, pod: ProbeRun, host: ProbeRun): NetworkSplit {
	const onPod = best(pod.pairs[0]);
	const onHost = best(host.pairs[0]);
	const cost = onPod.gbps !== null && onHost.gbps !== null && onHost.gbps > 0 ? 1 - onPod.gbps / onHost.gbps : null;
	const podCosts =
		cost !== null && onPod.gbps !== null && onHost.gbps !== null && onPod.gbps < onHost.gbps * podCostShare;
	let bound: SplitBound;
	// The host network's CPU-bound figure says nothing of the node; the pod network's, beside a host network
	// that was not CPU-bound on the same nodes, is the pod path's cost (its hop, encapsulation: CPU among it).
	if (onHost.cpu || (onPod.cpu && !podCosts)) bound = 'CPU';
	else if (podCosts)
		bound = onPod.limit === 'window' && onHost.limit !== 'window' ? "pod's TCP settings" : 'pod network';
	else bound = hostBound(onHost.limit);
	const figure = (gbps: number | null, cpu = false): string =>
		gbps === null ? 'no valid test' : `${round(gbps, 3)} Gbps${cpu ? ' (every test CPU-bound)' : ''}`;
	const costText =
		cost === null
			? 'the pod network’s cost is unknown'
			: podCosts
				? `the pod network costs ${round(cost * 100, 1)}%`
				: `the pod network costs nothing measurable (${round(cost * 100, 1)}%)`;
	const text = `${nodes} (${path}): host network ${figure(onHost.gbps, onHost.cpu)}, pod network ${figure(onPod.gbps, onPod.cpu)}: ${costText}; bound by ${bound === 'node' ? 'the node' : bound === 'path' ? 'the path' : bound === 'unknown' ? 'nothing named' : bound === 'CPU' ? 'CPU' : `the ${bound}`}`;
	return {
		nodes,
		path,
		hostGbps: onHost.gbps,
		podGbps: onPod.gbps,
		podCostPercent: cost === null ? null : round(cost * 100, 1),
		bound,
		text,
	};
}

/** Every node pair measured on both networks (targets with `k8s.network` pod and host for the same nodes). */
export function networkSplits(
	runs: ReadonlyArray<{readonly target: ProbeTarget; readonly run: ProbeRun}>,
): NetworkSplit[] {
	const byNodes = new Map<string, {pod?: ProbeRun; host?: ProbeRun; path: string}>();
	for (const {target, run} of runs) {
		const nodes = target.k8s?.nodes;
		if (nodes === undefined || nodes === 'auto') continue;
		const key = nodePairText(nodes);
		const entry = byNodes.get(key) ?? {path: target.path ?? 'same-zone'};
		if (target.k8s?.network === 'pod') entry.pod = run;
		if (target.k8s?.network === 'host') entry.host = run;
		byNodes.set(key, entry);
	}

	return [...byNodes.entries()].flatMap(([nodes, entry]) =>
		entry.pod && entry.host ? [splitOf(nodes, entry.path, entry.pod, entry.host)] : [],
	);
}
