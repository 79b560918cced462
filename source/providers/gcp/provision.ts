// Provisioning a GCP run: two firewall rules, then per placement (side by side) a COLLOCATED policy where
// asked and a server + client instance, each recorded in the ledger the moment its insert is accepted.

import type {Placement} from '../../advisor/types.js';
import type {LedgerEntry, ResourceLedger} from '../ledger.js';
import type {Host, HostPair, ProvisionEvent, PublishedBandwidth} from '../provider.js';
import type {GcpClients, GcpFirewall, GcpInstance} from './clients.js';
import {settleAll, throwIfAborted} from './cloud-runs.js';
import type {HostSessions} from './host-sessions.js';
import {isNotFound, waitForOperation, type GcpScope} from './operations.js';
import {
	collocatedPolicy,
	gcpDeleteCommands,
	instanceBody,
	policyUrl,
	probeFirewall,
	sshFirewall,
	type GcpTarget,
} from './resources.js';

export interface GcpRunContext {
	readonly clients: GcpClients;
	readonly target: GcpTarget;
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly sessions: HostSessions;
	readonly published: PublishedBandwidth;
	readonly publicKey: string;
	readonly startupScript: string;
	readonly ttlSeconds: number;
	readonly expiresAt: string;
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProvisionEvent) => void;
	readonly onHost: (host: Host) => void;
}

/** A remover that treats "already gone" as done. */
function guardedRemove(remove: () => Promise<void>): LedgerEntry['remove'] {
	return async () => {
		try {
			await remove();
		} catch (error: unknown) {
			if (!isNotFound(error)) {
				throw error;
			}
		}
	};
}

function record(context: GcpRunContext, entry: LedgerEntry): void {
	context.ledger.record(entry);
	context.onEvent?.({type: 'resource-created', kind: entry.kind, id: entry.id});
}

async function createFirewall(context: GcpRunContext, body: GcpFirewall): Promise<void> {
	const {clients, target} = context;
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'global', project: target.project};
	throwIfAborted(context.signal);
	const [operation] = await clients.firewalls.insert({project: target.project, firewallResource: body});
	record(context, {
		kind: 'firewall',
		id: name,
		deleteCommand: gcpDeleteCommands.firewall(name, target.project),
		remove: guardedRemove(async () => {
			const [deletion] = await clients.firewalls.delete({project: target.project, firewall: name});
			await waitForOperation(clients, scope, deletion);
		}),
	});
	await waitForOperation(clients, scope, operation, context.signal);
}

async function createPolicy(context: GcpRunContext): Promise<string> {
	const {clients, target, runId} = context;
	const body = collocatedPolicy(runId);
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'region', project: target.project, region: target.region};
	throwIfAborted(context.signal);
	const [operation] = await clients.resourcePolicies.insert({
		project: target.project,
		region: target.region,
		resourcePolicyResource: body,
	});
	record(context, {
		kind: 'resource-policy',
		id: name,
		deleteCommand: gcpDeleteCommands.policy(name, target.project, target.region),
		remove: guardedRemove(async () => {
			const [deletion] = await clients.resourcePolicies.delete({
				project: target.project,
				region: target.region,
				resourcePolicy: name,
			});
			await waitForOperation(clients, scope, deletion);
		}),
	});
	await waitForOperation(clients, scope, operation, context.signal);
	return policyUrl(target, name);
}

function addresses(instance: GcpInstance): {internal: string; external: string} {
	const nic = instance.networkInterfaces?.[0];
	const internal = nic?.networkIP ?? '';
	const external = nic?.accessConfigs?.[0]?.natIP ?? '';
	if (!internal || !external) {
		throw new Error(`instance ${instance.name ?? '?'} has no ${internal ? 'external' : 'internal'} address`);
	}

	return {internal, external};
}

async function createInstance(
	context: GcpRunContext,
	placement: Placement,
	role: 'server' | 'client',
	policy: string | undefined,
): Promise<Host> {
	const {clients, target, runId} = context;
	const body = instanceBody({
		runId,
		target,
		placement,
		role,
		publicKey: context.publicKey,
		startupScript: context.startupScript,
		ttlSeconds: context.ttlSeconds,
		expiresAt: context.expiresAt,
		...(policy === undefined ? {} : {policyUrl: policy}),
	});
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'zone', project: target.project, zone: target.zone};
	throwIfAborted(context.signal);
	const [operation] = await clients.instances.insert({project: target.project, zone: target.zone, instanceResource: body});
	record(context, {
		kind: 'instance',
		id: name,
		deleteCommand: gcpDeleteCommands.instance(name, target.project, target.zone),
		remove: guardedRemove(async () => {
			const [deletion] = await clients.instances.delete({project: target.project, zone: target.zone, instance: name});
			await waitForOperation(clients, scope, deletion);
		}),
	});
	await waitForOperation(clients, scope, operation, context.signal);
	throwIfAborted(context.signal);
	const [created] = await clients.instances.get({project: target.project, zone: target.zone, instance: name});
	const {internal, external} = addresses(created);
	const host: Host = {id: String(created.id ?? name), name, address: internal};
	context.onHost(host);
	context.onEvent?.({type: 'waiting', what: `SSH and iperf3 on ${name}`});
	await context.sessions.open(host, external, context.signal);
	return host;
}

async function createPair(context: GcpRunContext, placement: Placement): Promise<HostPair> {
	const policy = placement === 'collocated' ? await createPolicy(context) : undefined;
	const [server, client] = await settleAll(
		[createInstance(context, placement, 'server', policy), createInstance(context, placement, 'client', policy)],
		context.signal,
	);
	const notes =
		placement === 'collocated'
			? ['COLLOCATED resource policy: onHostMaintenance=TERMINATE, so these instances give up live migration']
			: [];
	return {placement, server: server!, client: client!, published: context.published, notes};
}

/** Every placement's pair side by side with the firewall rules; waits for all to settle before returning. */
export async function provisionGcpRun(context: GcpRunContext): Promise<HostPair[]> {
	const firewalls = [
		createFirewall(context, sshFirewall(context.runId, context.target.sshCidr)),
		createFirewall(context, probeFirewall(context.runId)),
	];
	const pairs = context.target.placements.map(async (placement) => createPair(context, placement));
	const settled = await settleAll<HostPair | undefined>(
		[...firewalls.map(async (task) => task.then(() => undefined)), ...pairs],
		context.signal,
	);
	return settled.filter((pair): pair is HostPair => pair !== undefined);
}
