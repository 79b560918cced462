// Provisioning a GCP run: three firewall rules (SSH from --ssh-cidr, probe traffic between the run's
// instances, everything else denied), then per placement (side by side) a COLLOCATED or spread policy where
// asked and a server + client instance, each recorded in the ledger the moment its insert is accepted.

import type {Placement} from '../../domain/types.js';
import type {CloudPair, SshEndpoint} from '../cloud/backend.js';
import {BatchRemoval, inParallel, throwIfAborted} from '../cloud/parallel.js';
import type {RetryPolicy} from '../cloud/retry.js';
import type {LedgerEntry, ResourceLedger} from '../ledger.js';
import type {Host, ProvisionEvent, PublishedBandwidth} from '../provider.js';
import type {GcpClients, GcpFirewall, GcpInstance, GcpResourcePolicy} from './clients.js';
import {gcpConsole} from './console.js';
import {instanceBody} from './instance-body.js';
import type {GcpLogin} from './login.js';
import {gcpDeleteCommands, policyUrl} from './names.js';
import {type GcpScope, isNotFound, waitForOperation} from './operations.js';
import {denyFirewall, policyFor, probeFirewall, sshFirewall} from './resources.js';
import {deleteWhenFree} from './retrying-clients.js';
import type {GcpTarget} from './target.js';

export interface GcpRunContext {
	/** Every call retried, pauses cut short by the run's signal. */
	readonly clients: GcpClients;
	/** The same, a 404 also retried: for the waits and reads that follow this run's inserts. */
	readonly justCreated: GcpClients;
	/** The same, for the ledger's deletes: retried whatever the signal did. */
	readonly removalClients: GcpClients;
	/** The retry policy, for a delete refused while another resource still uses it. */
	readonly policy: RetryPolicy;
	readonly target: GcpTarget;
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly published: PublishedBandwidth;
	readonly publicKey: string;
	readonly startupScript: string;
	readonly ttlSeconds: number;
	readonly expiresAt: string;
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProvisionEvent) => void;
	/** Deletes the run's instances side by side at teardown (see BatchRemoval). */
	readonly instanceRemoval: BatchRemoval;
	/** How SSH logs in (OS Login or ssh-keys metadata), and the username per instance. */
	readonly login: GcpLogin;
	/** The boot image resolved for the run. */
	readonly sourceImage: string;
	/** Notes every pair carries (network, quota, image, login). */
	readonly notes: readonly string[];
}

/** The instance deleter a run's context carries: delete, then wait for the zone operation. */
export function gcpInstanceRemoval(clients: GcpClients, target: GcpTarget): BatchRemoval {
	const scope: GcpScope = {kind: 'zone', project: target.project, zone: target.zone};
	return new BatchRemoval(
		guardedRemove(async (name: string) => {
			const [deletion] = await clients.instances.delete({project: target.project, zone: target.zone, instance: name});
			await waitForOperation(clients, scope, deletion);
		}),
	);
}

/** A remover that treats "already gone" as done. */
function guardedRemove<A extends unknown[]>(remove: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
	return async (...args: A) => {
		try {
			await remove(...args);
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

async function createFirewall(context: GcpRunContext, body: GcpFirewall, signal: AbortSignal): Promise<void> {
	const {clients, target} = context;
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'global', project: target.project};
	throwIfAborted(signal);
	const [operation] = await clients.firewalls.insert({project: target.project, firewallResource: body});
	record(context, {
		kind: 'firewall',
		id: name,
		deleteCommand: gcpDeleteCommands.firewall(name, target.project),
		remove: guardedRemove(async () => {
			const removal = context.removalClients;
			const [deletion] = await removal.firewalls.delete({project: target.project, firewall: name});
			await waitForOperation(removal, scope, deletion);
		}),
	});
	await waitForOperation(context.justCreated, scope, operation, signal);
}

async function createPolicy(context: GcpRunContext, body: GcpResourcePolicy, signal: AbortSignal): Promise<string> {
	const {clients, target} = context;
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'region', project: target.project, region: target.region};
	throwIfAborted(signal);
	const [operation] = await clients.resourcePolicies.insert({
		project: target.project,
		region: target.region,
		resourcePolicyResource: body,
	});
	record(context, {
		kind: 'resource-policy',
		id: name,
		deleteCommand: gcpDeleteCommands.policy(name, target.project, target.region),
		remove: guardedRemove(async () =>
			deleteWhenFree(context.policy, async () => {
				const removal = context.removalClients;
				const [deletion] = await removal.resourcePolicies.delete({
					project: target.project,
					region: target.region,
					resourcePolicy: name,
				});
				await waitForOperation(removal, scope, deletion);
			}),
		),
	});
	await waitForOperation(context.justCreated, scope, operation, signal);
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
	signal: AbortSignal,
): Promise<{host: Host; ssh: SshEndpoint}> {
	const body = instanceBody({
		runId: context.runId,
		target: context.target,
		placement,
		role,
		publicKey: context.publicKey,
		startupScript: context.startupScript,
		ttlSeconds: context.ttlSeconds,
		expiresAt: context.expiresAt,
		sourceImage: context.sourceImage,
		login: context.login.mode,
		...(policy === undefined ? {} : {policyUrl: policy}),
	});
	const name = await insertInstance(context, body, signal);
	throwIfAborted(signal);
	const {target} = context;
	const [created] = await context.justCreated.instances.get({
		project: target.project,
		zone: target.zone,
		instance: name,
	});
	return endpointsOf(context, created, name);
}

/** Inserts the instance, records it in the ledger (deleted with the run's batch) and waits for it to run. */
async function insertInstance(context: GcpRunContext, body: GcpInstance, signal: AbortSignal): Promise<string> {
	const {clients, target} = context;
	const name = body.name ?? '';
	const scope: GcpScope = {kind: 'zone', project: target.project, zone: target.zone};
	throwIfAborted(signal);
	const [operation] = await clients.instances.insert({
		project: target.project,
		zone: target.zone,
		instanceResource: body,
	});
	context.instanceRemoval.add(name);
	record(context, {
		kind: 'instance',
		id: name,
		deleteCommand: gcpDeleteCommands.instance(name, target.project, target.zone),
		remove: async () => context.instanceRemoval.remove(name),
	});
	await waitForOperation(context.justCreated, scope, operation, signal);
	return name;
}

/** The host the probe names (its internal address) and how SSH reaches it (external address, login user). */
async function endpointsOf(
	context: GcpRunContext,
	created: GcpInstance,
	name: string,
): Promise<{host: Host; ssh: SshEndpoint}> {
	const {target} = context;
	const {internal, external} = addresses(created);
	return {
		host: {id: `gcp:${target.zone}:${name}`, name, address: internal},
		ssh: {
			host: external,
			username: await context.login.usernameFor(created),
			console: gcpConsole(context.clients, target.project, target.zone, name),
		},
	};
}

async function createPair(context: GcpRunContext, placement: Placement, signal: AbortSignal): Promise<CloudPair> {
	const body = policyFor(context.runId, placement);
	const policy = body === null ? undefined : await createPolicy(context, body, signal);
	const [server, client] = await inParallel(signal, [
		async (inner) => createInstance(context, placement, 'server', policy, inner),
		async (inner) => createInstance(context, placement, 'client', policy, inner),
	]);
	const notes = [
		...context.notes,
		...(placement === 'collocated'
			? ['COLLOCATED resource policy: onHostMaintenance=TERMINATE, so these instances give up live migration']
			: []),
	];
	return {
		pair: {placement, server: server!.host, client: client!.host, published: context.published, notes},
		serverSsh: server!.ssh,
		clientSsh: client!.ssh,
	};
}

/** Every placement's pair side by side with the firewall rules; waits for all to settle before returning. */
export async function provisionGcpRun(context: GcpRunContext): Promise<CloudPair[]> {
	const {runId, target} = context;
	const settled = await inParallel<CloudPair | undefined>(context.signal, [
		async (signal) =>
			createFirewall(context, sshFirewall(runId, target.sshCidr, target.network), signal).then(() => undefined),
		async (signal) => createFirewall(context, probeFirewall(runId, target.network), signal).then(() => undefined),
		async (signal) => createFirewall(context, denyFirewall(runId, target.network), signal).then(() => undefined),
		...target.placements.map((placement) => async (signal: AbortSignal) => createPair(context, placement, signal)),
	]);
	return settled.filter((pair): pair is CloudPair => pair !== undefined);
}
