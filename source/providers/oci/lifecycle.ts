// OCI resources change state asynchronously (PROVISIONING -> RUNNING, TERMINATING -> TERMINATED): poll the
// resource's lifecycleState. One table says how to read and delete each kind netplace creates.

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError} from '../../domain/errors.js';
import type {OciClients} from './clients.js';

export interface OciTiming {
	/** Pause between state polls, ms. */
	readonly pollIntervalMs: number;
	/** Polls before giving up. */
	readonly pollLimit: number;
}

export const defaultOciTiming: OciTiming = {pollIntervalMs: 3000, pollLimit: 200};

function statusOf(error: unknown): {statusCode?: unknown; serviceCode?: unknown} {
	return typeof error === 'object' && error !== null ? (error as {statusCode?: unknown; serviceCode?: unknown}) : {};
}

/** A 404 (OciError statusCode): the resource is gone, or this caller may not see it. */
export function isOciNotFound(error: unknown): boolean {
	return statusOf(error).statusCode === 404;
}

/** The cluster placement groups API answering 404 NotAuthorizedOrNotFound: not enabled for this tenancy. */
export function isCpgUnavailable(error: unknown): boolean {
	const status = statusOf(error);
	return status.statusCode === 404 && status.serviceCode === 'NotAuthorizedOrNotFound';
}

async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) {
		throw new InterruptedError();
	}

	if (ms > 0) {
		try {
			await delay(ms, undefined, {signal});
		} catch {
			throw new InterruptedError();
		}
	}
}

/** Poll `read` until it gives one of `want`; a state in `failed`, or running out of polls, throws. */
export async function pollState(
	what: string,
	read: () => Promise<string | undefined>,
	want: readonly string[],
	timing: OciTiming,
	signal?: AbortSignal,
	failed: readonly string[] = ['FAILED'],
): Promise<void> {
	let state: string | undefined;
	for (let poll = 0; poll < timing.pollLimit; poll++) {
		if (signal?.aborted) {
			throw new InterruptedError();
		}

		state = await read();
		if (state !== undefined && want.includes(state)) {
			return;
		}

		if (state !== undefined && failed.includes(state)) {
			throw new Error(`${what} went to ${state}`);
		}

		await pause(timing.pollIntervalMs, signal);
	}

	throw new Error(`${what} did not reach ${want.join('/')} (last ${state ?? 'unknown'})`);
}

export type OciKind =
	| 'console-history'
	| 'instance'
	| 'cluster-placement-group'
	| 'subnet'
	| 'route-table'
	| 'security-list'
	| 'internet-gateway'
	| 'vcn';

interface KindOps {
	read(clients: OciClients, id: string): Promise<string | undefined>;
	remove(clients: OciClients, id: string): Promise<unknown>;
	readonly gone: readonly string[];
}

const ops: Record<OciKind, KindOps> = {
	// A console history has no deleting state: once deleted its read answers 404, which readState takes as gone.
	'console-history': {
		read: async (c, id) =>
			(await c.compute.getConsoleHistory({instanceConsoleHistoryId: id})).consoleHistory.lifecycleState,
		remove: async (c, id) => c.compute.deleteConsoleHistory({instanceConsoleHistoryId: id}),
		gone: ['DELETED'],
	},
	instance: {
		read: async (c, id) => (await c.compute.getInstance({instanceId: id})).instance.lifecycleState,
		remove: async (c, id) => c.compute.terminateInstance({instanceId: id, preserveBootVolume: false}),
		gone: ['TERMINATED'],
	},
	'cluster-placement-group': {
		read: async (c, id) =>
			(await c.clusterPlacementGroups.getClusterPlacementGroup({clusterPlacementGroupId: id})).clusterPlacementGroup
				.lifecycleState,
		remove: async (c, id) => c.clusterPlacementGroups.deleteClusterPlacementGroup({clusterPlacementGroupId: id}),
		gone: ['DELETED'],
	},
	subnet: {
		read: async (c, id) => (await c.virtualNetwork.getSubnet({subnetId: id})).subnet.lifecycleState,
		remove: async (c, id) => c.virtualNetwork.deleteSubnet({subnetId: id}),
		gone: ['TERMINATED'],
	},
	'route-table': {
		read: async (c, id) => (await c.virtualNetwork.getRouteTable({rtId: id})).routeTable.lifecycleState,
		remove: async (c, id) => c.virtualNetwork.deleteRouteTable({rtId: id}),
		gone: ['TERMINATED'],
	},
	'security-list': {
		read: async (c, id) => (await c.virtualNetwork.getSecurityList({securityListId: id})).securityList.lifecycleState,
		remove: async (c, id) => c.virtualNetwork.deleteSecurityList({securityListId: id}),
		gone: ['TERMINATED'],
	},
	'internet-gateway': {
		read: async (c, id) => (await c.virtualNetwork.getInternetGateway({igId: id})).internetGateway.lifecycleState,
		remove: async (c, id) => c.virtualNetwork.deleteInternetGateway({igId: id}),
		gone: ['TERMINATED'],
	},
	vcn: {
		read: async (c, id) => (await c.virtualNetwork.getVcn({vcnId: id})).vcn.lifecycleState,
		remove: async (c, id) => c.virtualNetwork.deleteVcn({vcnId: id}),
		gone: ['TERMINATED'],
	},
};

/** Wait until a created resource reaches `want` (e.g. AVAILABLE, RUNNING, ACTIVE). */
export async function waitFor(
	clients: OciClients,
	kind: OciKind,
	id: string,
	want: readonly string[],
	timing: OciTiming,
	signal?: AbortSignal,
): Promise<void> {
	await pollState(`${kind} ${id}`, async () => ops[kind].read(clients, id), want, timing, signal);
}

/**
 * Delete and wait until gone. A 404 NotAuthorizedOrNotFound on delete is not taken as "gone": OCIDs are
 * regional, and a delete sent to another region's endpoint answers 404 for a resource that runs on. A
 * follow-up read decides: a gone state, or the read's own 404, is gone; any other state is waited on.
 */
export async function deleteAndWait(clients: OciClients, kind: OciKind, id: string, timing: OciTiming): Promise<void> {
	const readState = async (): Promise<string | undefined> => {
		try {
			return await ops[kind].read(clients, id);
		} catch (error: unknown) {
			if (isOciNotFound(error)) return ops[kind].gone[0];
			throw error;
		}
	};

	try {
		await ops[kind].remove(clients, id);
	} catch (error: unknown) {
		if (!isOciNotFound(error)) throw error;
		const state = await readState();
		if (state !== undefined && ops[kind].gone.includes(state)) return;
		throw new Error(`${kind} ${id}: delete answered 404 but it still reads ${state ?? 'unknown'}`);
	}

	await pollState(`${kind} ${id}`, readState, ops[kind].gone, timing);
}
