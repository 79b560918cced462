// A k8s probe on the pod network, said under the advice: the figure is the pod network's (the CNI's hop,
// encapsulation, the pod's own TCP settings) for that instance type and CNI, so it is kept as that and never read
// as the node's own figure; the node's figures are host-network runs (`--network host`, or `both`). Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {gbps, listed} from '../domain/format.js';
import type {Cloud, Measurement, Note} from '../domain/types.js';

function figureText(measurement: Measurement): string {
	const parts = [
		measurement.aggregateGbps === null
			? null
			: `${gbps(measurement.aggregateGbps)} Gbps over ${String(measurement.streams)} streams`,
		measurement.singleFlowGbps === null ? null : `${gbps(measurement.singleFlowGbps)} Gbps one flow`,
	].filter((part) => part !== null);
	const cni = measurement.podNetwork?.cni ?? 'CNI unknown';
	return `${measurement.cloud}/${measurement.shape} with ${cni}: ${parts.length === 0 ? 'no valid figure' : parts.join(', ')}`;
}

/** The note for the pod-network evidence of the clouds in scope, or null when there is none. */
export function podNetworkNote(view: EvidenceView, clouds: readonly Cloud[]): Note | null {
	const inScope = view.podNetwork.filter((measurement) => clouds.includes(measurement.cloud));
	if (inScope.length === 0) return null;
	return {
		id: 'pod-network',
		text:
			`Your k8s probes on the pod network (${listed(inScope.map(figureText))}) are evidence of the pod network ` +
			"for that instance type and CNI, not the node's figure: the model and the table read the node from " +
			'host-network runs (`--network host` or `both`).',
	};
}
