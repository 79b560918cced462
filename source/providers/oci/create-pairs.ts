// Creating an OCI run's pairs: the shape checked, the availability domains the core limits leave room in,
// the Ubuntu image, then provision.ts creates the network, the cluster placement group and the instances.

import {RuntimeError, UserError} from '../../domain/errors.js';
import type {CloudPair, CloudRunContext} from '../cloud/backend.js';
import {cloudCallError} from '../cloud/credentials.js';
import {expiresTagKey, isSafeRunId, runTags} from '../cloud/run-tags.js';
import {startupScript, ttlMinutesFor} from '../cloud/startup-script.js';
import type {ProbeTarget} from '../provider.js';
import {ociPublishedBandwidth} from './bandwidth.js';
import {checkCoreLimits} from './capacity.js';
import type {OciClients} from './clients.js';
import {ubuntuImage} from './image.js';
import {type OciState, retried} from './oci-state.js';
import {ociGuardNote} from './plan.js';
import {provisionOciRun} from './provision.js';
import {type OciTarget, validateOciTarget} from './resources.js';
import {type OciRunContext, ociInstanceRemoval} from './run-context.js';
import {type PreparedTarget, prepareTarget} from './shape-lookup.js';

/** Hold time used for the TTL guard when the probe engine does not say (seconds). */
const defaultHoldSeconds = 30 * 60;

/** Where the run's instances may go and what they boot, with the notes every pair carries. */
interface Placed {
	readonly availabilityDomains: readonly string[];
	readonly imageId: string;
	readonly notes: readonly string[];
}

export async function createOciPairs(
	state: OciState,
	target: ProbeTarget,
	context: CloudRunContext,
): Promise<CloudPair[]> {
	const oci = validateOciTarget(target);
	if (!isSafeRunId(context.runId)) {
		throw new UserError(`run id ${JSON.stringify(context.runId)} is not usable in OCI names`);
	}

	const ttlMinutes = ttlMinutesFor(context.holdSeconds ?? defaultHoldSeconds);
	try {
		const prepared = await prepareTarget(state, oci);
		const clients = retried(state, prepared.oci, context.signal);
		const placed = await placeRun(clients, oci, prepared);
		for (const text of placed.notes) context.onEvent?.({type: 'note', text});
		return await provisionOciRun(runInput(state, oci, prepared, context, {clients, placed, ttlMinutes}));
	} catch (error: unknown) {
		throw cloudCallError('oci', 'provisioning', error);
	}
}

/** --zone's availability domain, else every one the tenancy sees. */
async function availabilityDomains(
	clients: OciClients,
	target: OciTarget,
	prepared: PreparedTarget,
): Promise<string[]> {
	if (target.availabilityDomain) return [target.availabilityDomain];
	const compartmentId = prepared.oci.tenancy || prepared.compartmentId;
	const {items} = await clients.identity.listAvailabilityDomains({compartmentId});
	const ads = items.map((ad) => ad.name ?? '').filter(Boolean);
	if (ads.length === 0) {
		throw new RuntimeError('no availability domain visible to this compartment');
	}

	return ads;
}

async function placeRun(clients: OciClients, target: OciTarget, prepared: PreparedTarget): Promise<Placed> {
	const {compartmentId, shape} = prepared;
	const ads = await availabilityDomains(clients, target, prepared);
	const ocpus = target.ocpus ?? shape.ocpus ?? 1;
	const [limits, image] = await Promise.all([
		checkCoreLimits(clients, compartmentId, shape.shape, ocpus, target.placements.length * 2, ads),
		ubuntuImage(clients, compartmentId, shape.shape, prepared.oci.region),
	]);
	const notes = [limits.note, `image: ${image.name} (${image.id})`, ociGuardNote];
	return {availabilityDomains: limits.usable, imageId: image.id, notes};
}

function runInput(
	state: OciState,
	target: OciTarget,
	{oci, compartmentId, shape}: PreparedTarget,
	context: CloudRunContext,
	run: {readonly clients: OciClients; readonly placed: Placed; readonly ttlMinutes: number},
): OciRunContext {
	// Teardown retries its deletes whatever the signal did.
	const removalClients = retried(state, oci);
	const {ttlMinutes} = run;
	return {
		clients: run.clients,
		justCreated: retried(state, oci, context.signal, {justCreated: true}),
		target,
		compartmentId,
		...run.placed,
		shape,
		ocpus: target.ocpus,
		runId: context.runId,
		ledger: context.ledger,
		published: ociPublishedBandwidth(shape, target.ocpus ?? undefined),
		publicKey: context.keyPair.publicKey,
		startupScript: startupScript({ttlMinutes}),
		expiresAt: runTags(context.runId, ttlMinutes * 60, state.now())[expiresTagKey],
		timing: state.timing,
		removalClients,
		instanceRemoval: ociInstanceRemoval(removalClients, state.timing),
		...(context.signal ? {signal: context.signal} : {}),
		...(context.onEvent ? {onEvent: context.onEvent} : {}),
	};
}
