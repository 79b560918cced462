// Provisioning an OCI run: the network (VCN -> internet gateway + security list -> route table -> subnet)
// and, where asked, a cluster placement group side by side; then every pair's instances at once. Every
// resource is recorded in the ledger the moment its create call returns an id.

import type {models as cpgModels} from 'oci-clusterplacementgroups';
import type {models} from 'oci-core';
import {RuntimeError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {CloudPair} from '../cloud/backend.js';
import {BatchRemoval, inParallel, throwIfAborted} from '../cloud/parallel.js';
import type {ResourceLedger} from '../ledger.js';
import type {ProvisionEvent, PublishedBandwidth} from '../provider.js';
import {isFlexShape, ociFlexMemoryGbs} from './bandwidth.js';
import {isOutOfHostCapacity} from './capacity.js';
import type {OciClients, OciShape} from './clients.js';
import {ociConsole} from './console.js';
import {deleteAndWait, isCpgUnavailable, type OciKind, type OciTiming, waitFor} from './lifecycle.js';
import {
	type OciTarget,
	ociDeleteCommand,
	ociEnum,
	ociNames,
	ociSshUser,
	ociTags,
	ociUserData,
	securityRules,
	subnetCidr,
	vcnCidr,
} from './resources.js';

export const cpgUnavailableReason = 'cluster placement groups are not available to this tenancy';

export interface OciRunContext {
	/** Every call retried, pauses cut short by the run's signal. */
	readonly clients: OciClients;
	/** The same, a 404 also retried: for reading what this run has just created (retrying-clients.ts). */
	readonly justCreated: OciClients;
	/** The same, for the ledger's deletes: retried whatever the signal did. */
	readonly removalClients: OciClients;
	readonly target: OciTarget;
	readonly compartmentId: string;
	/** ADs to try, in order (the first holds the cluster placement group); one when --zone pinned it. */
	readonly availabilityDomains: readonly string[];
	/** Notes every pair carries (limits, image, guard). */
	readonly notes: readonly string[];
	readonly imageId: string;
	readonly shape: OciShape;
	readonly ocpus: number | null;
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly published: PublishedBandwidth;
	readonly publicKey: string;
	readonly startupScript: string;
	readonly expiresAt: string;
	readonly timing: OciTiming;
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProvisionEvent) => void;
	/** Terminates the run's instances side by side at teardown (see BatchRemoval). */
	readonly instanceRemoval: BatchRemoval;
}

/** The instance deleter a run's context carries: terminate, then wait for TERMINATED. */
export function ociInstanceRemoval(clients: OciClients, timing: OciTiming): BatchRemoval {
	return new BatchRemoval(async (id) => deleteAndWait(clients, 'instance', id, timing));
}

function record(context: OciRunContext, kind: OciKind, id: string): void {
	const batch = kind === 'instance' ? context.instanceRemoval : undefined;
	batch?.add(id);
	context.ledger.record({
		kind,
		id,
		deleteCommand: ociDeleteCommand(kind, id),
		remove: async () => (batch ? batch.remove(id) : deleteAndWait(context.removalClients, kind, id, context.timing)),
	});
	context.onEvent?.({type: 'resource-created', kind, id});
}

async function created(
	context: OciRunContext,
	kind: OciKind,
	id: string,
	want: string,
	signal: AbortSignal,
): Promise<string> {
	record(context, kind, id);
	await waitFor(context.justCreated, kind, id, [want], context.timing, signal);
	return id;
}

/** VCN, internet gateway, security list, route table, subnet; returns the subnet id. */
async function createNetwork(context: OciRunContext, signal: AbortSignal): Promise<string> {
	const {clients, runId, compartmentId} = context;
	const vn = clients.virtualNetwork;
	const freeformTags = ociTags(runId, context.expiresAt);
	throwIfAborted(signal);
	const {vcn} = await vn.createVcn({
		createVcnDetails: {compartmentId, cidrBlocks: [vcnCidr], displayName: ociNames.vcn(runId), freeformTags},
	});
	const vcnId = await created(context, 'vcn', vcn.id, 'AVAILABLE', signal);
	const [gatewayId, securityListId] = await inParallel(signal, [
		async (inner) => {
			throwIfAborted(inner);
			const {internetGateway} = await vn.createInternetGateway({
				createInternetGatewayDetails: {
					compartmentId,
					vcnId,
					isEnabled: true,
					displayName: ociNames.internetGateway(runId),
					freeformTags,
				},
			});
			return created(context, 'internet-gateway', internetGateway.id, 'AVAILABLE', inner);
		},
		async (inner) => {
			throwIfAborted(inner);
			const {securityList} = await vn.createSecurityList({
				createSecurityListDetails: {
					compartmentId,
					vcnId,
					displayName: ociNames.securityList(runId),
					freeformTags,
					...securityRules(context.target.sshCidr),
				},
			});
			return created(context, 'security-list', securityList.id, 'AVAILABLE', inner);
		},
	]);
	throwIfAborted(signal);
	const {routeTable} = await vn.createRouteTable({
		createRouteTableDetails: {
			compartmentId,
			vcnId,
			displayName: ociNames.routeTable(runId),
			freeformTags,
			routeRules: [
				{
					destination: '0.0.0.0/0',
					destinationType: ociEnum<models.RouteRule.DestinationType>('CIDR_BLOCK'),
					networkEntityId: gatewayId!,
				},
			],
		},
	});
	const routeTableId = await created(context, 'route-table', routeTable.id, 'AVAILABLE', signal);
	throwIfAborted(signal);
	const {subnet} = await vn.createSubnet({
		createSubnetDetails: {
			compartmentId,
			vcnId,
			cidrBlock: subnetCidr,
			displayName: ociNames.subnet(runId),
			routeTableId,
			securityListIds: [securityListId!],
			prohibitPublicIpOnVnic: false,
			freeformTags,
		},
	});
	return created(context, 'subnet', subnet.id, 'AVAILABLE', signal);
}

/** The group's id, or null when the tenancy does not have cluster placement groups (404). */
async function createClusterPlacementGroup(context: OciRunContext, signal: AbortSignal): Promise<string | null> {
	const {runId} = context;
	throwIfAborted(signal);
	try {
		const {clusterPlacementGroup} = await context.clients.clusterPlacementGroups.createClusterPlacementGroup({
			createClusterPlacementGroupDetails: {
				name: ociNames.clusterPlacementGroup(runId),
				clusterPlacementGroupType: ociEnum<cpgModels.ClusterPlacementGroupType>('STANDARD'),
				description: `netplace probe ${runId}`,
				availabilityDomain: context.availabilityDomains[0] ?? '',
				compartmentId: context.compartmentId,
				freeformTags: ociTags(runId, context.expiresAt),
			},
		});
		return await created(context, 'cluster-placement-group', clusterPlacementGroup.id, 'ACTIVE', signal);
	} catch (error: unknown) {
		if (isCpgUnavailable(error)) {
			context.onEvent?.({type: 'note', text: `${cpgUnavailableReason}: cluster pair uses default placement`});
			return null;
		}

		throw error;
	}
}

async function launch(
	context: OciRunContext,
	placement: Placement,
	role: 'server' | 'client',
	subnetId: string,
	groupId: string | null,
	signal: AbortSignal,
	availabilityDomain: string,
	launched: string[],
): Promise<{id: string; name: string; privateIp: string; publicIp: string}> {
	const {clients, runId, compartmentId} = context;
	const name = ociNames.instance(runId, placement, role);
	const ocpus = context.ocpus;
	throwIfAborted(signal);
	const {instance} = await clients.compute.launchInstance({
		launchInstanceDetails: {
			availabilityDomain,
			compartmentId,
			displayName: name,
			shape: context.shape.shape,
			...(isFlexShape(context.shape) && ocpus !== null
				? {shapeConfig: {ocpus, memoryInGBs: ociFlexMemoryGbs(context.shape, ocpus)}}
				: {}),
			sourceDetails: {sourceType: 'image', imageId: context.imageId} as models.InstanceSourceViaImageDetails,
			createVnicDetails: {subnetId, assignPublicIp: true},
			metadata: {ssh_authorized_keys: context.publicKey, user_data: ociUserData(context.startupScript)},
			freeformTags: ociTags(runId, context.expiresAt),
			...(groupId === null ? {} : {clusterPlacementGroupId: groupId}),
		},
	});
	launched.push(instance.id);
	await created(context, 'instance', instance.id, 'RUNNING', signal);
	throwIfAborted(signal);
	const {items} = await clients.compute.listVnicAttachments({compartmentId, instanceId: instance.id});
	const vnicId = items[0]?.vnicId;
	if (!vnicId) {
		throw new Error(`instance ${name} has no VNIC`);
	}

	const {vnic} = await context.justCreated.virtualNetwork.getVnic({vnicId});
	if (!vnic.privateIp || !vnic.publicIp) {
		throw new Error(`instance ${name} has no ${vnic.privateIp ? 'public' : 'private'} address`);
	}

	return {id: instance.id, name, privateIp: vnic.privateIp, publicIp: vnic.publicIp};
}

/**
 * Both hosts of a pair in one AD. "Out of host capacity." there: the pair's instances from that attempt are
 * terminated at once and the pair goes to the next AD, unless the AD is pinned (--zone, or the cluster
 * placement group's AD); each move is said in one line.
 */
async function launchPair(
	context: OciRunContext,
	placement: Placement,
	subnetId: string,
	groupId: string | null,
	signal: AbortSignal,
	say: (text: string) => void,
) {
	const ads = groupId === null ? context.availabilityDomains : context.availabilityDomains.slice(0, 1);
	for (const [index, ad] of ads.entries()) {
		const launched: string[] = [];
		try {
			return await inParallel(signal, [
				async (inner) => launch(context, placement, 'server', subnetId, groupId, inner, ad, launched),
				async (inner) => launch(context, placement, 'client', subnetId, groupId, inner, ad, launched),
			]);
		} catch (error: unknown) {
			const next = ads[index + 1];
			if (!isOutOfHostCapacity(error)) throw error;
			if (next === undefined) {
				throw new RuntimeError(
					`oci is out of host capacity for ${context.shape.shape} in ${ads.join(', ')} (500 InternalError "Out of host capacity.")`,
					ads.length === 1 ? 'try another --zone, or later' : 'try later, or another region',
				);
			}

			// Only this attempt's instances (the batch removal would start on every instance of the run).
			await Promise.all(launched.map(async (id) => deleteAndWait(context.clients, 'instance', id, context.timing)));
			say(`out of host capacity in ${ad}: trying ${next}`);
		}
	}

	throw new RuntimeError('oci: no availability domain to try');
}

async function createPair(
	context: OciRunContext,
	placement: Placement,
	subnetId: string,
	groupId: string | null,
	signal: AbortSignal,
): Promise<CloudPair> {
	const moves: string[] = [];
	const [server, client] = await launchPair(context, placement, subnetId, groupId, signal, (text) => {
		moves.push(text);
		context.onEvent?.({type: 'note', text: `${placement}: ${text}`});
	});
	const fellBack = placement === 'cluster' && groupId === null;
	const host = (entry: NonNullable<typeof server>) => ({id: entry.id, name: entry.name, address: entry.privateIp});
	return {
		pair: {
			placement: fellBack ? 'default' : placement,
			server: host(server!),
			client: host(client!),
			published: context.published,
			notes: [
				...context.notes,
				...moves,
				...(fellBack ? [`${cpgUnavailableReason}: default placement used instead of cluster`] : []),
			],
		},
		serverSsh: {host: server!.publicIp, username: ociSshUser, console: ociConsole(context, server!.id)},
		clientSsh: {host: client!.publicIp, username: ociSshUser, console: ociConsole(context, client!.id)},
	};
}

/**
 * Network and cluster placement group side by side, then the pairs. A cluster pair whose group is not
 * available becomes a default pair with a note, or is dropped (noted on the default pair) when default is
 * also being probed.
 */
export async function provisionOciRun(context: OciRunContext): Promise<CloudPair[]> {
	const wantsCluster = context.target.placements.includes('cluster');
	const [subnetId, groupId] = await inParallel<string | null>(context.signal, [
		async (signal) => createNetwork(context, signal),
		async (signal) => (wantsCluster ? createClusterPlacementGroup(context, signal) : null),
	]);
	const unavailable = wantsCluster && groupId === null;
	const placements = context.target.placements.filter(
		(placement) => !(unavailable && placement === 'cluster' && context.target.placements.includes('default')),
	);
	const pairs = await inParallel(
		context.signal,
		placements.map(
			(placement) => async (signal: AbortSignal) =>
				createPair(context, placement, subnetId!, placement === 'cluster' ? (groupId ?? null) : null, signal),
		),
	);
	return pairs.map((entry) =>
		unavailable && entry.pair.placement === 'default' && placements.length < context.target.placements.length
			? {
					...entry,
					pair: {
						...entry.pair,
						notes: [...(entry.pair.notes ?? []), `${cpgUnavailableReason}: the cluster pair was not created`],
					},
				}
			: entry,
	);
}
