// What earlier OCI runs left, found by the `netplace-run` freeform tag, and deleted in dependency order
// (console snapshots, instances, cluster placement groups, subnets, route tables, security lists, gateways,
// VCNs). A console snapshot (console history) is what a run that stopped between capturing an instance's
// console and deleting the snapshot leaves; it is tagged like the rest (console.ts).

import {expiresTagKey} from '../cloud/run-tags.js';
import {deleteOrphansInOrder} from '../ledger.js';
import type {Orphan, TeardownReport} from '../provider.js';
import type {OciClients} from './clients.js';
import {deleteAndWait, type OciKind, type OciTiming} from './lifecycle.js';
import {ociDeleteCommand} from './resources.js';

interface Tagged {
	readonly id: string;
	readonly lifecycleState?: string;
	readonly freeformTags?: {[key: string]: string};
}

const deleteOrder: readonly OciKind[] = [
	'console-history',
	'instance',
	'cluster-placement-group',
	'subnet',
	'route-table',
	'security-list',
	'internet-gateway',
	'vcn',
];

const goneStates = new Set(['TERMINATED', 'TERMINATING', 'DELETED', 'DELETING']);

function orphansOf(kind: OciKind, items: readonly Tagged[], region: string): Orphan[] {
	return items
		.filter((item) => item.freeformTags?.['netplace-run'] && !goneStates.has(item.lifecycleState ?? ''))
		.map((item) => ({
			kind,
			id: item.id,
			runId: item.freeformTags?.['netplace-run'] ?? null,
			expiresAt: item.freeformTags?.[expiresTagKey] ?? null,
			region,
			deleteCommand: ociDeleteCommand(kind, item.id),
		}));
}

interface Page<T> {
	readonly items: readonly T[];
	readonly opcNextPage?: string | undefined;
}

/** Every page of an OCI list call: a busy compartment holds more than one page of anything. */
async function allPages<T>(fetch: (page: string | undefined) => Promise<Page<T>>): Promise<T[]> {
	const items: T[] = [];
	let page: string | undefined;
	do {
		const response = await fetch(page);
		items.push(...response.items);
		page = response.opcNextPage;
	} while (page);
	return items;
}

const withPage = (page: string | undefined) => (page === undefined ? {} : {page});

export async function findOciOrphans(clients: OciClients, compartmentId: string, region: string): Promise<Orphan[]> {
	const vn = clients.virtualNetwork;
	const [histories, instances, groups, subnets, routeTables, securityLists, gateways, vcns] = await Promise.all([
		allPages(async (page) => clients.compute.listConsoleHistories({compartmentId, ...withPage(page)})),
		allPages(async (page) => clients.compute.listInstances({compartmentId, ...withPage(page)})),
		allPages(async (page) => {
			const response = await clients.clusterPlacementGroups.listClusterPlacementGroups({
				compartmentId,
				...withPage(page),
			});
			return {items: response.clusterPlacementGroupCollection.items, opcNextPage: response.opcNextPage};
		})
			// A tenancy without cluster placement groups answers 404: it cannot have left any.
			.catch(() => []),
		allPages(async (page) => vn.listSubnets({compartmentId, ...withPage(page)})),
		allPages(async (page) => vn.listRouteTables({compartmentId, ...withPage(page)})),
		allPages(async (page) => vn.listSecurityLists({compartmentId, ...withPage(page)})),
		allPages(async (page) => vn.listInternetGateways({compartmentId, ...withPage(page)})),
		allPages(async (page) => vn.listVcns({compartmentId, ...withPage(page)})),
	]);
	return [
		...orphansOf('console-history', histories, region),
		...orphansOf('instance', instances, region),
		...orphansOf('cluster-placement-group', groups, region),
		...orphansOf('subnet', subnets, region),
		...orphansOf('route-table', routeTables, region),
		...orphansOf('security-list', securityLists, region),
		...orphansOf('internet-gateway', gateways, region),
		...orphansOf('vcn', vcns, region),
	];
}

export async function deleteOciOrphans(
	clients: OciClients,
	orphans: readonly Orphan[],
	timing: OciTiming,
): Promise<TeardownReport> {
	return deleteOrphansInOrder(orphans, deleteOrder, async (orphan) => {
		if (!deleteOrder.includes(orphan.kind as OciKind)) {
			throw new Error(`unknown OCI resource kind ${orphan.kind}`);
		}

		await deleteAndWait(clients, orphan.kind as OciKind, orphan.id, timing);
	});
}
