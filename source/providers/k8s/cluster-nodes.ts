// The cluster's nodes, read once per request (list nodes), and the catalogue shape a node pair is: the
// instance type label in its cloud (`aws/c5.xlarge`), or unnamed (no prediction, said) when the nodes carry
// none, carry a type the catalogue lacks, or differ (then the sender's is used and the note says so).

import {clouds} from '../../domain/types.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import {unnamedShape} from '../ssh/ssh-shape.js';
import {called} from './api-errors.js';
import type {Kube} from './kube.js';
import {type ClusterNode, clusterNode, instanceTypeLabel, type NodePair} from './node-pairs.js';

export async function listClusterNodes(kube: Kube): Promise<ClusterNode[]> {
	const list = await called({verb: 'list', resource: 'nodes'}, async () => kube.core.listNode());
	return list.items.map((node) => clusterNode(node));
}

/** A node's instance type as a catalogue shape (`cloud/shape`; a Flex shape's OCPUs from its CPUs), or why not. */
function catalogueShape(node: ClusterNode): {shape: string; ocpus?: number} | {why: string} {
	if (node.instanceType === null) return {why: `node ${node.name} has no ${instanceTypeLabel} label`};
	const catalogue = loadCatalogue();
	const candidates = node.cloud === null ? clouds : [node.cloud];
	const found = candidates.flatMap((cloud) => {
		const record = findShape(catalogue, cloud, node.instanceType ?? '');
		return record === undefined ? [] : [record];
	});
	const [record] = found;
	if (found.length === 1 && record !== undefined) {
		const ocpus =
			record.flex && node.cpus !== null ? Math.max(1, Math.round(node.cpus / record.flex.vcpusPerOcpu)) : null;
		return {shape: `${record.cloud}/${record.shape}`, ...(ocpus === null ? {} : {ocpus})};
	}
	const where = node.cloud === null ? 'any cloud' : node.cloud;
	return {
		why: `instance type ${node.instanceType} is ${found.length === 0 ? `no catalogue shape of ${where}` : `a shape of ${found.length} clouds`}`,
	};
}

/** The shape the pair is judged as (and a Flex shape's OCPUs), and what the run's notes say about it. */
export function pairShape(pair: NodePair): {
	readonly shape: string;
	readonly ocpus?: number;
	readonly notes: readonly string[];
} {
	const notes: string[] = [];
	if (pair.sender.instanceType !== pair.receiver.instanceType) {
		notes.push(
			`the nodes differ (${pair.sender.instanceType ?? 'no type'} and ${pair.receiver.instanceType ?? 'no type'}): judged as the sender's`,
		);
	}

	const named = catalogueShape(pair.sender);
	if ('why' in named) notes.push(`${named.why}: no prediction to judge against`);
	if (pair.path === null) notes.push('a node has no zone label: the path is taken as same-zone');
	if ('ocpus' in named && named.ocpus !== undefined) {
		notes.push(`${named.ocpus} OCPU(s): the node's ${pair.sender.cpus ?? '?'} CPUs (status.capacity.cpu)`);
	}

	if ('why' in named) return {shape: unnamedShape, notes};
	return {shape: named.shape, ...(named.ocpus === undefined ? {} : {ocpus: named.ocpus}), notes};
}

/** `a-1 (zone-a, c5.xlarge)`. */
export function nodeText(node: ClusterNode): string {
	return `${node.name} (${node.zone ?? 'no zone'}, ${node.instanceType ?? 'no instance type'})`;
}
