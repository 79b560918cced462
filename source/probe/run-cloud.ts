// Which cloud a run's figures belong to: a cloud provider's own, the lab's, or for your own hosts over SSH (and a
// cluster's nodes) the cloud of the catalogue shape they were named as (`aws/c8g.4xlarge`; none: no cloud). Pure.

import type {Cloud} from '../domain/types.js';
import {type ProviderId, shapeNamesCloud} from '../providers/provider.js';
import {splitCloudShape} from '../providers/ssh/ssh-shape.js';
import type {ProbeRun} from './types.js';

/** The run's cloud and the catalogue shape its pairs were, or null when it names none. */
export function runCell(run: {
	readonly provider: ProviderId;
	readonly shape: string;
}): {readonly cloud: Cloud; readonly shape: string} | null {
	if (!shapeNamesCloud(run.provider)) return {cloud: run.provider as Cloud, shape: run.shape};
	return splitCloudShape(run.shape);
}

/**
 * Whether the run's pairs stand for catalogue cells (same-zone pairs of a named shape) and so can be evidence
 * for the table and the advice. Your own hosts on another path, or unnamed, are kept and shown, never cells.
 */
export function runIsCellEvidence(run: {
	readonly provider: ProviderId;
	readonly shape: string;
	readonly path?: string;
}): boolean {
	return runCell(run) !== null && (run.path === undefined || run.path === 'same-zone');
}

/**
 * A k8s run's pod network, or null for a run on the nodes' own network (and every other provider's): a pod-network
 * figure is evidence of the pod network for that shape and CNI, never the node's. Runs saved before the network was
 * recorded name it in their pair's note (`…, pod network`); one that names none is taken as the pod network.
 */
export function podNetworkOf(run: Pick<ProbeRun, 'provider' | 'k8s' | 'pairs'>): {readonly cni: string | null} | null {
	if (run.provider !== 'k8s') return null;
	const noted = run.pairs[0]?.notes?.map((note) => /, (pod|host) network$/.exec(note)?.[1]).find(Boolean);
	const network = run.k8s?.network ?? noted ?? 'pod';
	return network === 'host' ? null : {cni: run.k8s?.cni?.name ?? null};
}
