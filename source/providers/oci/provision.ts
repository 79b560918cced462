// Provisioning an OCI run: the network (network.ts) and, where asked, a cluster placement group side by side;
// then every pair's instances at once. Every resource is recorded in the ledger the moment its create call
// returns an id (run-context.ts).

import type {models as cpgModels} from 'oci-clusterplacementgroups';
import type {models} from 'oci-core';
import {RuntimeError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {CloudPair} from '../cloud/backend.js';
import {inParallel, throwIfAborted} from '../cloud/parallel.js';
import {isFlexShape, ociFlexMemoryGbs} from './bandwidth.js';
import {isOutOfHostCapacity} from './capacity.js';
import {ociConsole} from './console.js';
import {deleteAndWait, isCpgUnavailable} from './lifecycle.js';
import {createNetwork} from './network.js';
import {ociEnum, ociNames, ociSshUser, ociTags, ociUserData} from './resources.js';
import {created, type OciRunContext} from './run-context.js';

export const cpgUnavailableReason = 'cluster placement groups are not available to this tenancy';

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

interface LaunchedHost {
	readonly id: string;
	readonly name: string;
	readonly privateIp: string;
	readonly publicIp: string;
}

/** Where and how one host is launched. */
interface HostLaunch {
	readonly placement: Placement;
	readonly role: 'server' | 'client';
	readonly subnetId: string;
	readonly groupId: string | null;
	readonly availabilityDomain: string;
}

async function launch(
	context: OciRunContext,
	host: HostLaunch,
	signal: AbortSignal,
	launched: string[],
): Promise<LaunchedHost> {
	const name = ociNames.instance(context.runId, host.placement, host.role);
	throwIfAborted(signal);
	const {instance} = await context.clients.compute.launchInstance({
		launchInstanceDetails: instanceDetails(context, host, name),
	});
	launched.push(instance.id);
	await created(context, 'instance', instance.id, 'RUNNING', signal);
	throwIfAborted(signal);
	return {id: instance.id, name, ...(await addressesOf(context, instance.id, name))};
}

function instanceDetails(context: OciRunContext, host: HostLaunch, name: string): models.LaunchInstanceDetails {
	const {ocpus, shape} = context;
	return {
		availabilityDomain: host.availabilityDomain,
		compartmentId: context.compartmentId,
		displayName: name,
		shape: shape.shape,
		...(isFlexShape(shape) && ocpus !== null
			? {shapeConfig: {ocpus, memoryInGBs: ociFlexMemoryGbs(shape, ocpus)}}
			: {}),
		sourceDetails: {sourceType: 'image', imageId: context.imageId} as models.InstanceSourceViaImageDetails,
		createVnicDetails: {subnetId: host.subnetId, assignPublicIp: true},
		metadata: {ssh_authorized_keys: context.publicKey, user_data: ociUserData(context.startupScript)},
		freeformTags: ociTags(context.runId, context.expiresAt),
		...(host.groupId === null ? {} : {clusterPlacementGroupId: host.groupId}),
	};
}

/** The instance's private and public address, from its first VNIC. */
async function addressesOf(
	context: OciRunContext,
	instanceId: string,
	name: string,
): Promise<{privateIp: string; publicIp: string}> {
	const {items} = await context.clients.compute.listVnicAttachments({compartmentId: context.compartmentId, instanceId});
	const vnicId = items[0]?.vnicId;
	if (!vnicId) {
		throw new Error(`instance ${name} has no VNIC`);
	}

	const {vnic} = await context.justCreated.virtualNetwork.getVnic({vnicId});
	if (!vnic.privateIp || !vnic.publicIp) {
		throw new Error(`instance ${name} has no ${vnic.privateIp ? 'public' : 'private'} address`);
	}

	return {privateIp: vnic.privateIp, publicIp: vnic.publicIp};
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
		const host = {placement, subnetId, groupId, availabilityDomain: ad};
		try {
			return await inParallel(signal, [
				async (inner) => launch(context, {...host, role: 'server'}, inner, launched),
				async (inner) => launch(context, {...host, role: 'client'}, inner, launched),
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
