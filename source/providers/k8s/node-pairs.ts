// A cluster's nodes as the probe needs them, and the pairs it measures. Pure (the nodes come from list nodes).
// Zone and instance type are the well-known labels `topology.kubernetes.io/zone` and
// `node.kubernetes.io/instance-type` (kubernetes.io, "Well-Known Labels, Annotations and Taints"); the cloud
// is the node's `spec.providerID` scheme (`aws:///zone/i-…` on EKS, `gce://project/zone/name` on GKE, an
// `ocid1.instance.…` OCID or `oci://…` on OKE). `--nodes auto` picks the first two schedulable nodes of a
// zone (by name) as the same-zone pair, and two other nodes in two zones as the cross-zone pair (the same
// nodes again only when there are no others), so the two pairs do not measure one node's NIC twice.

import {clouds, type RealCloud} from '../../domain/clouds.js';
import {UserError} from '../../domain/errors.js';
import type {NetworkPath} from '../../domain/model-types.js';
import {cloudProviderFacts} from '../facts.js';
import type {K8sTarget} from '../provider.js';

export const zoneLabel = 'topology.kubernetes.io/zone';
export const instanceTypeLabel = 'node.kubernetes.io/instance-type';

/** The parts of a V1Node the probe reads. */
export interface NodeObject {
	readonly metadata?: {readonly name?: string; readonly labels?: Readonly<Record<string, string>>};
	readonly spec?: {
		readonly providerID?: string;
		readonly unschedulable?: boolean;
		readonly taints?: ReadonlyArray<{readonly key?: string; readonly effect?: string}>;
	};
	readonly status?: {
		readonly conditions?: ReadonlyArray<{readonly type?: string; readonly status?: string}>;
		readonly nodeInfo?: {readonly kernelVersion?: string};
		readonly capacity?: Readonly<Record<string, string>>;
	};
}

export interface ClusterNode {
	readonly name: string;
	readonly zone: string | null;
	readonly instanceType: string | null;
	readonly cloud: RealCloud | null;
	/** Its CPUs (status.capacity.cpu; a Flex shape's OCPUs follow from it), null when not given. */
	readonly cpus: number | null;
	/** Ready, not cordoned, no NoSchedule/NoExecute taint: a probe pod can be scheduled there. */
	readonly usable: boolean;
	/** Why not, when not. */
	readonly why: string | null;
}

/** The cloud whose managed Kubernetes names its nodes so (its facts' `nodeProviderIds`), or null. */
export function cloudOfProviderId(providerId: string | undefined): RealCloud | null {
	if (providerId === undefined) return null;
	const named = (cloud: RealCloud) =>
		cloudProviderFacts(cloud).nodeProviderIds.some((prefix) => providerId.startsWith(prefix));
	return clouds.find(named) ?? null;
}

function unusable(node: NodeObject): string | null {
	const ready = node.status?.conditions?.find((condition) => condition.type === 'Ready');
	if (ready?.status !== 'True') return 'not Ready';
	if (node.spec?.unschedulable === true) return 'cordoned';
	const taint = node.spec?.taints?.find((each) => each.effect === 'NoSchedule' || each.effect === 'NoExecute');
	return taint === undefined ? null : `tainted ${taint.key ?? ''}:${taint.effect}`;
}

/** A CPU quantity (`2`, `3500m`) as CPUs, or null. */
export function cpusOf(quantity: string | undefined): number | null {
	if (quantity === undefined) return null;
	const milli = /^(\d+)m$/.exec(quantity);
	const value = milli ? Number(milli[1]) / 1000 : Number(quantity);
	return Number.isFinite(value) && value > 0 ? value : null;
}

export function clusterNode(node: NodeObject): ClusterNode {
	const labels = node.metadata?.labels ?? {};
	const why = unusable(node);
	return {
		name: node.metadata?.name ?? '',
		zone: labels[zoneLabel] ?? null,
		instanceType: labels[instanceTypeLabel] ?? null,
		cloud: cloudOfProviderId(node.spec?.providerID),
		cpus: cpusOf(node.status?.capacity?.cpu),
		usable: why === null,
		why,
	};
}

/** One node pair: the sender (iperf3 client) and the receiver (server), and the path between them. */
export interface NodePair {
	readonly sender: ClusterNode;
	readonly receiver: ClusterNode;
	/** Same zone, across zones; null when a node has no zone label (then the model's same-zone is assumed). */
	readonly path: Extract<NetworkPath, 'same-zone' | 'cross-zone'> | null;
}

function pathOf(sender: ClusterNode, receiver: ClusterNode): NodePair['path'] {
	if (sender.zone === null || receiver.zone === null) return null;
	return sender.zone === receiver.zone ? 'same-zone' : 'cross-zone';
}

function named(nodes: readonly ClusterNode[], name: string): ClusterNode {
	const node = nodes.find((each) => each.name === name);
	if (node === undefined) {
		const some = nodes.slice(0, 6).map((each) => each.name);
		throw new UserError(
			`node ${name} does not exist in the cluster`,
			some.length > 0 ? `it has ${some.join(', ')}${nodes.length > some.length ? ', …' : ''}` : 'it lists no nodes',
		);
	}

	if (!node.usable) throw new UserError(`node ${name} cannot take a probe pod: ${node.why ?? 'unusable'}`);
	return node;
}

function byName(left: ClusterNode, right: ClusterNode): number {
	return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

/** The first two usable nodes of the first zone (by name) that has two. */
function sameZonePair(nodes: readonly ClusterNode[]): NodePair | null {
	const zones = [...new Set(nodes.map((node) => node.zone).filter((zone): zone is string => zone !== null))].sort();
	for (const zone of zones) {
		const [sender, receiver] = nodes.filter((node) => node.zone === zone);
		if (sender && receiver) return {sender, receiver, path: 'same-zone'};
	}

	return null;
}

/** Two usable nodes in two zones, preferring nodes the same-zone pair does not use. */
function crossZonePair(nodes: readonly ClusterNode[], avoid: readonly ClusterNode[]): NodePair | null {
	const fresh = nodes.filter((node) => !avoid.includes(node));
	for (const pool of [fresh, nodes]) {
		const sender = pool.find((node) => node.zone !== null);
		const receiver = pool.find((node) => node.zone !== null && node.zone !== sender?.zone);
		if (sender && receiver) return {sender, receiver, path: 'cross-zone'};
	}

	return null;
}

function autoPairs(all: readonly ClusterNode[], zones: K8sTarget['zones']): NodePair[] {
	const nodes = all.filter((node) => node.usable).sort(byName);
	const zoned = new Set(nodes.map((node) => node.zone).filter((zone) => zone !== null));
	const same = zones === 'cross' ? null : sameZonePair(nodes);
	const cross = zones === 'same' ? null : crossZonePair(nodes, same === null ? [] : [same.sender, same.receiver]);
	const pairs = [same, cross].filter((pair): pair is NodePair => pair !== null);
	if (zones === 'same' && same === null) {
		throw new UserError(`--zones same: no two schedulable nodes share a zone (${nodes.length} schedulable)`);
	}

	if (zones === 'cross' && cross === null) {
		throw new UserError(`--zones cross: the schedulable nodes are in ${zoned.size} zone(s) (${zoneLabel})`);
	}

	if (pairs.length === 0) {
		throw new UserError(
			`--nodes auto found no pair: ${nodes.length} schedulable node(s) of ${all.length}, ${zoned.size} with a ${zoneLabel} label`,
			'name two with --nodes A,B',
		);
	}

	return pairs;
}

/** The pairs the request measures, or a UserError naming a node that is missing or cannot take a pod. */
export function pickPairs(nodes: readonly ClusterNode[], target: Pick<K8sTarget, 'nodes' | 'zones'>): NodePair[] {
	if (target.nodes === 'auto') return autoPairs(nodes, target.zones);
	const sender = named(nodes, target.nodes[0]);
	const receiver = named(nodes, target.nodes[1]);
	return [{sender, receiver, path: pathOf(sender, receiver)}];
}
