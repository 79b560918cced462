// The OCI provider: Core (compute, virtual network), Identity and Cluster Placement Groups through the
// oci-* 2.139.1 SDKs, loaded only when an OCI command runs. Published bandwidth from listShapes (per OCPU
// for Flex shapes); a cluster placement group where the tenancy has one, else default placement with a note.

import {firstLineOf, RuntimeError, UserError} from '../../domain/errors.js';
import {type CloudBackend, type CloudFactoryOptions, skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import {planPrice} from '../cloud/cost.js';
import {cloudCallError, credentialsError, isCredentialsError} from '../cloud/credentials.js';
import {retryPolicy} from '../cloud/retry.js';
import {expiresTagKey, isSafeRunId, runTags} from '../cloud/run-tags.js';
import {startupScript, ttlMinutesFor} from '../cloud/startup-script.js';
import type {LeftResource, Orphan, PlacementSupport, Provider} from '../provider.js';
import {isFlexShape, ociPublishedBandwidth} from './bandwidth.js';
import {checkCoreLimits} from './capacity.js';
import {loadOciClients, type OciClients, type OciSession, type OciShape, ociConfigPath} from './clients.js';
import {ubuntuImage} from './image.js';
import {defaultOciTiming, isCpgUnavailable, type OciTiming} from './lifecycle.js';
import {deleteOciOrphans, findOciOrphans} from './orphans.js';
import {ociGuardNote, ociPlan} from './plan.js';
import {cpgUnavailableReason, ociInstanceRemoval, provisionOciRun} from './provision.js';
import {type OciTarget, validateCompartment, validateOciRegion, validateOciTarget} from './resources.js';
import {retryingOciClients} from './retrying-clients.js';

/** Injected clients: one set, or one set per region. */
export type OciClientsOption = OciClients | ((region: string) => OciClients);

export interface OciProviderOptions extends CloudFactoryOptions<OciClientsOption, OciTiming> {
	/** With injected clients: the tenancy OCID (the default compartment). */
	readonly tenancy?: string;
	/** Defaults for --region / --compartment. */
	readonly region?: string;
	readonly compartment?: string;
	/** The clock (tests pin it). */
	readonly now?: () => Date;
}

const defaultHoldSeconds = 30 * 60;

function ociError(error: unknown, what: string): Error {
	return cloudCallError('oci', what, error);
}

export function createOciProvider(options: OciProviderOptions = {}): Provider {
	const timing: OciTiming = {...defaultOciTiming, ...options.timing};
	const now = options.now ?? (() => new Date());
	const policy = retryPolicy(options.retry);
	const sessions = new Map<string, Promise<OciSession>>();

	/** The session's clients with every call retried (retrying-clients.ts); `signal` cuts a pause short. */
	const retried = (oci: OciSession, signal?: AbortSignal): OciClients =>
		retryingOciClients(oci.clients, policy, signal);

	async function session(region: string | null): Promise<OciSession> {
		const wanted = region ?? options.region;
		const key = wanted ?? '';
		let loading = sessions.get(key);
		if (!loading) {
			loading = options.clients
				? Promise.resolve({
						clients:
							typeof options.clients === 'function' ? options.clients(wanted ?? 'us-ashburn-1') : options.clients,
						tenancy: options.tenancy ?? '',
						region: wanted ?? 'us-ashburn-1',
					})
				: loadOciClients(wanted).catch((error: unknown) => {
						sessions.delete(key);
						// Never the SDK's text: it can quote the config file.
						throw credentialsError('oci', isCredentialsError(error) ? error : new Error('credentials not found'));
					});
			sessions.set(key, loading);
		}

		return loading;
	}

	function compartmentOf(target: {compartment: string | null}, oci: OciSession): string {
		const compartment = target.compartment ?? validateCompartment(options.compartment) ?? oci.tenancy;
		if (!compartment) {
			throw new UserError('--compartment is required (no tenancy known)', `set tenancy in ${ociConfigPath()}`);
		}

		return compartment;
	}

	async function shapeInfo(oci: OciSession, compartmentId: string, target: OciTarget): Promise<OciShape> {
		let page: string | undefined;
		do {
			const response = await retried(oci).compute.listShapes({compartmentId, ...(page ? {page} : {})});
			const found = response.items.find((shape) => shape.shape === target.shape);
			if (found) {
				if (isFlexShape(found) && target.ocpus === null) {
					throw new UserError(`--ocpus is required for the flexible shape ${target.shape}`, 'e.g. --ocpus 16');
				}

				const {min, max} = found.ocpuOptions ?? {};
				if (
					target.ocpus !== null &&
					((min !== undefined && target.ocpus < min) || (max !== undefined && target.ocpus > max))
				) {
					throw new UserError(
						`--ocpus ${target.ocpus} is outside ${target.shape}'s ${min ?? '?'}..${max ?? '?'} OCPUs`,
					);
				}

				return found;
			}

			page = response.opcNextPage;
		} while (page);
		throw new UserError(
			`shape ${target.shape} is not offered to this compartment in ${oci.region}`,
			'see `oci compute shape list`',
		);
	}

	async function prepare(target: OciTarget) {
		const oci = await session(target.region);
		const compartmentId = compartmentOf(target, oci);
		const shape = await shapeInfo(oci, compartmentId, target);
		return {oci, compartmentId, shape};
	}

	const backend: CloudBackend = {
		id: 'oci',

		validate(target) {
			validateOciTarget(target);
		},

		async publishedBandwidth(target) {
			const oci = validateOciTarget({...target, sshCidr: target.sshCidr ?? '0.0.0.0/0'});
			try {
				const {shape} = await prepare(oci);
				return ociPublishedBandwidth(shape, oci.ocpus ?? undefined);
			} catch (error: unknown) {
				throw ociError(error, 'listShapes');
			}
		},

		async placementSupport(target): Promise<readonly PlacementSupport[]> {
			const region = validateOciRegion(target.region);
			const oci = await session(region);
			const compartmentId = compartmentOf({compartment: validateCompartment(target.compartment)}, oci);
			let cluster: PlacementSupport = {placement: 'cluster', available: true, reason: 'cluster placement group'};
			try {
				await retried(oci).clusterPlacementGroups.listClusterPlacementGroups({compartmentId, limit: 1});
			} catch (error: unknown) {
				if (isCredentialsError(error)) {
					throw credentialsError('oci', error);
				}

				cluster = {
					placement: 'cluster',
					available: false,
					reason: isCpgUnavailable(error) ? cpgUnavailableReason : `cluster placement groups: ${firstLineOf(error)}`,
				};
			}

			return [
				{placement: 'default', available: true},
				cluster,
				{placement: 'spread', available: false, reason: 'AWS only in netplace'},
				{placement: 'collocated', available: false, reason: 'GCP only'},
			];
		},

		async plan(target, holdSeconds, prices) {
			const oci = validateOciTarget(target);
			const region = oci.region ?? options.region ?? null;
			const query = {shape: oci.shape, region, ocpus: oci.ocpus, tier1: false};
			return ociPlan(oci, holdSeconds, planPrice(target.pricePerHour, prices, query), options.region ?? null);
		},

		async createPairs(target, context) {
			const oci = validateOciTarget(target);
			if (!isSafeRunId(context.runId)) {
				throw new UserError(`run id ${JSON.stringify(context.runId)} is not usable in OCI names`);
			}

			const ttlMinutes = ttlMinutesFor(context.holdSeconds ?? defaultHoldSeconds);
			try {
				const {oci: session_, compartmentId, shape} = await prepare(oci);
				const clients = retried(session_, context.signal);
				const justCreated = retryingOciClients(session_.clients, policy, context.signal, {justCreated: true});
				// Teardown retries its deletes whatever the signal did.
				const removalClients = retried(session_);
				const ads = oci.availabilityDomain
					? [oci.availabilityDomain]
					: (await clients.identity.listAvailabilityDomains({compartmentId: session_.tenancy || compartmentId})).items
							.map((ad) => ad.name ?? '')
							.filter(Boolean);
				if (ads.length === 0) {
					throw new RuntimeError('no availability domain visible to this compartment');
				}

				const ocpus = oci.ocpus ?? shape.ocpus ?? 1;
				const [limits, image] = await Promise.all([
					checkCoreLimits(clients, compartmentId, shape.shape, ocpus, oci.placements.length * 2, ads),
					ubuntuImage(clients, compartmentId, shape.shape, session_.region),
				]);
				const notes = [limits.note, `image: ${image.name} (${image.id})`, ociGuardNote];
				for (const text of notes) context.onEvent?.({type: 'note', text});
				return await provisionOciRun({
					clients,
					justCreated,
					target: oci,
					compartmentId,
					availabilityDomains: limits.usable,
					notes,
					imageId: image.id,
					shape,
					ocpus: oci.ocpus,
					runId: context.runId,
					ledger: context.ledger,
					published: ociPublishedBandwidth(shape, oci.ocpus ?? undefined),
					publicKey: context.keyPair.publicKey,
					startupScript: startupScript({ttlMinutes}),
					expiresAt: runTags(context.runId, ttlMinutes * 60, now())[expiresTagKey],
					timing,
					removalClients,
					instanceRemoval: ociInstanceRemoval(removalClients, timing),
					...(context.signal ? {signal: context.signal} : {}),
					...(context.onEvent ? {onEvent: context.onEvent} : {}),
				});
			} catch (error: unknown) {
				throw ociError(error, 'provisioning');
			}
		},

		async findOrphans(target = {}) {
			const region = validateOciRegion(target.region);
			const oci = await session(region);
			const compartmentId = compartmentOf({compartment: validateCompartment(target.compartment)}, oci);
			try {
				return await findOciOrphans(retried(oci), compartmentId, oci.region);
			} catch (error: unknown) {
				throw ociError(error, 'listing leftovers');
			}
		},

		async deleteOrphans(orphans) {
			// OCIDs are regional: each orphan is deleted through a session for the region it was found in.
			const byRegion = new Map<string | null, Orphan[]>();
			for (const orphan of orphans) {
				const region = orphan.region ?? null;
				byRegion.set(region, [...(byRegion.get(region) ?? []), orphan]);
			}

			const left: LeftResource[] = [];
			for (const [region, list] of byRegion) {
				const oci = await session(region);
				left.push(...(await deleteOciOrphans(retried(oci), list, timing)).left);
			}

			return {complete: left.length === 0, left};
		},
	};
	// The skeleton maps provisioning failures (credentials one line, the rest naming the cloud).
	return createCloudProvider(backend, skeletonOptions(options));
}
