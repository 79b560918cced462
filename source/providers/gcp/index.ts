// The GCP provider: Compute Engine through @google-cloud/compute v6 (loaded only when a GCP command runs).
// Published bandwidth is derived (per-vCPU rule and series cap), placements are default and COLLOCATED.
// The shared cloud skeleton owns the key pair, SSH and teardown; this backend creates and deletes GCP resources.

import {RuntimeError, UserError} from '../../domain/errors.js';
import {type CloudBackend, type CloudFactoryOptions, skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import {planPrice} from '../cloud/cost.js';
import {cloudCallError, credentialsError, isCredentialsError} from '../cloud/credentials.js';
import {retryPolicy} from '../cloud/retry.js';
import {expiresTagKey, isSafeRunId, runTags} from '../cloud/run-tags.js';
import {startupScript, ttlMinutesFor} from '../cloud/startup-script.js';
import type {PlacementSupport, ProbePlanEstimate, Provider, PublishedBandwidth} from '../provider.js';
import {deriveGcpBandwidth} from './bandwidth.js';
import {type GcpClients, loadGcpClients} from './clients.js';
import {GcpLogin, projectOsLogin} from './login.js';
import {isNotFound} from './operations.js';
import {deleteGcpOrphans, findGcpOrphans} from './orphans.js';
import {gcpGuestMarginMinutes, gcpPlan} from './plan.js';
import {gcpPreflight} from './preflight.js';
import {gcpInstanceRemoval, provisionGcpRun} from './provision.js';
import {type GcpTarget, validateGcpTarget, validateProject, validateZone} from './resources.js';
import {type GcpRetryOptions, retryingGcpClients} from './retrying-clients.js';
import {tier1Bandwidth} from './tier1.js';

export interface GcpProviderOptions extends CloudFactoryOptions<GcpClients, never> {
	/** Defaults for --project / --zone. */
	readonly project?: string;
	readonly zone?: string;
	/** The clock (tests pin it). */
	readonly now?: () => Date;
}

/** Hold time used for the TTL guard when the probe engine does not say (seconds). */
const defaultHoldSeconds = 30 * 60;

/** Credentials problems -> one line naming ADC; our own errors as they are; API errors -> RuntimeError. */
function gcpError(error: unknown, what: string): Error {
	return cloudCallError('gcp', what, error);
}

export function createGcpProvider(options: GcpProviderOptions = {}): Provider {
	const now = options.now ?? (() => new Date());
	let clientsPromise: Promise<GcpClients> | undefined;
	let credentialsChecked: Promise<void> | undefined;
	const defaults = {
		...(options.project === undefined ? {} : {project: options.project}),
		...(options.zone === undefined ? {} : {zone: options.zone}),
	};

	const policy = retryPolicy(options.retry);

	/** The clients, every API call retried (retrying-clients.ts); `signal` cuts a pause short. */
	async function clients(signal?: AbortSignal, retrying: GcpRetryOptions = {}): Promise<GcpClients> {
		clientsPromise ??= options.clients ? Promise.resolve(options.clients) : loadGcpClients();
		const loaded = await clientsPromise;
		credentialsChecked ??= (async () => {
			try {
				await loaded.checkCredentials?.();
			} catch (error: unknown) {
				credentialsChecked = undefined;
				throw credentialsError('gcp', isCredentialsError(error) ? error : new Error('credentials could not be loaded'));
			}
		})();
		await credentialsChecked;
		return retryingGcpClients(loaded, policy, signal, retrying);
	}

	async function published(target: GcpTarget): Promise<PublishedBandwidth & {readonly cpus: number}> {
		const api = await clients();
		try {
			const [machineType] = await api.machineTypes.get({
				project: target.project,
				zone: target.zone,
				machineType: target.shape,
			});
			const cpus = machineType.guestCpus;
			if (typeof cpus !== 'number' || cpus <= 0) {
				throw new RuntimeError(`MachineTypes.get gave no guestCpus for ${target.shape}`);
			}

			const derived = deriveGcpBandwidth(target.shape, cpus);
			if (target.tier1) return {...tier1Bandwidth(target.tier1, derived), cpus};
			return {...derived, detail: `${derived.detail ?? ''} (guestCpus from MachineTypes.get)`, cpus};
		} catch (error: unknown) {
			if (isNotFound(error)) {
				throw new UserError(
					`machine type ${target.shape} does not exist in ${target.zone}`,
					'see `gcloud compute machine-types list`',
				);
			}

			throw gcpError(error, 'MachineTypes.get');
		}
	}

	const backend: CloudBackend = {
		id: 'gcp',

		validate(target) {
			validateGcpTarget(target, defaults);
		},

		async publishedBandwidth(target) {
			const gcp = validateGcpTarget({...target, sshCidr: target.sshCidr ?? '0.0.0.0/0'}, defaults);
			const {cpus: _cpus, ...figure} = await published(gcp);
			return figure;
		},

		async placementSupport(): Promise<readonly PlacementSupport[]> {
			return [
				{placement: 'default', available: true},
				{
					placement: 'collocated',
					available: true,
					reason: 'COLLOCATED resource policy; needs onHostMaintenance=TERMINATE, so it gives up live migration',
				},
				{placement: 'cluster', available: false, reason: 'AWS only: on GCP use collocated'},
				{
					placement: 'spread',
					available: true,
					reason: 'spread resource policy: the two instances in different availability domains; live migration kept',
				},
			];
		},

		async plan(target, holdSeconds, prices): Promise<ProbePlanEstimate> {
			const gcp = validateGcpTarget(target, defaults);
			const query = {shape: gcp.shape, region: gcp.region, ocpus: null, tier1: gcp.tier1 !== null};
			return gcpPlan(gcp, holdSeconds, planPrice(target.pricePerHour, prices, query));
		},

		async createPairs(target, context) {
			const gcp = validateGcpTarget(target, defaults);
			if (!isSafeRunId(context.runId)) {
				throw new UserError(`run id ${JSON.stringify(context.runId)} is not usable in GCP names`);
			}

			const {cpus, ...publishedFigure} = await published(gcp);
			const api = await clients(context.signal);
			const justCreated = await clients(context.signal, {justCreated: true});
			// Teardown retries its deletes whatever the signal did.
			const removalClients = await clients();
			const ttlMinutes = ttlMinutesFor(context.holdSeconds ?? defaultHoldSeconds);
			const notes: string[] = [];
			const say = (text: string): void => {
				notes.push(text);
				context.onEvent?.({type: 'note', text});
			};
			try {
				const preflight = await gcpPreflight(api, gcp, cpus, gcp.placements.length * 2);
				for (const note of preflight.notes) say(note);
				const login = new GcpLogin(projectOsLogin(preflight.project) ? 'os-login' : 'metadata', {
					clients: removalClients,
					project: gcp.project,
					publicKey: context.keyPair.publicKey,
					expiresAtMs: now().getTime() + ttlMinutes * 60_000,
					record: (entry) => {
						context.ledger.record(entry);
						context.onEvent?.({type: 'resource-created', kind: entry.kind, id: entry.id});
					},
					say,
				});
				say(login.describe());
				await login.prepare();
				return await provisionGcpRun({
					clients: api,
					justCreated,
					removalClients,
					policy,
					target: gcp,
					runId: context.runId,
					ledger: context.ledger,
					published: publishedFigure,
					publicKey: context.keyPair.publicKey,
					// The guest's own poweroff comes after maxRunDuration's DELETE, so it cannot stop the VM first.
					startupScript: startupScript({ttlMinutes, guestMarginMinutes: gcpGuestMarginMinutes}),
					ttlSeconds: ttlMinutes * 60,
					expiresAt: runTags(context.runId, ttlMinutes * 60, now())[expiresTagKey],
					instanceRemoval: gcpInstanceRemoval(removalClients, gcp),
					login,
					sourceImage: preflight.sourceImage,
					notes,
					...(context.signal ? {signal: context.signal} : {}),
					...(context.onEvent ? {onEvent: context.onEvent} : {}),
				});
			} catch (error: unknown) {
				throw gcpError(error, 'provisioning');
			}
		},

		async findOrphans(target = {}) {
			const project = validateProject(target.project ?? defaults.project);
			const {zone, region} = validateZone(target.zone ?? defaults.zone);
			const api = await clients();
			try {
				return await findGcpOrphans(api, {project, zone, region});
			} catch (error: unknown) {
				throw gcpError(error, 'listing leftovers');
			}
		},

		async deleteOrphans(orphans) {
			const api = await clients();
			return deleteGcpOrphans(api, orphans, policy);
		},
	};
	// The skeleton maps provisioning failures (credentials one line, the rest naming the cloud).
	return createCloudProvider(backend, skeletonOptions(options));
}
