// Creating a GCP run's pairs: the machine type's bandwidth, the preflight (project, quota, network, image),
// the login (OS Login or ssh-keys metadata, prepared before any instance exists), then provision.ts creates
// the firewall, the resource policies and the instances. Every note goes to the run's events and its pairs.

import {UserError} from '../../domain/errors.js';
import type {CloudPair, CloudRunContext} from '../cloud/backend.js';
import {cloudCallError} from '../cloud/credentials.js';
import {expiresTagKey, isSafeRunId, runTags} from '../cloud/run-tags.js';
import {startupScript, ttlMinutesFor} from '../cloud/startup-script.js';
import type {ProbeTarget} from '../provider.js';
import type {GcpClients} from './clients.js';
import {type GcpState, gcpClients} from './gcp-state.js';
import {GcpLogin, projectOsLogin} from './login.js';
import {type PublishedWithCpus, publishedFor} from './machine-type.js';
import {gcpGuestMarginMinutes} from './plan.js';
import {type GcpPreflight, gcpPreflight} from './preflight.js';
import {type GcpRunContext, gcpInstanceRemoval, provisionGcpRun} from './provision.js';
import {type GcpTarget, validateGcpTarget} from './target.js';

/** Hold time used for the TTL guard when the probe engine does not say (seconds). */
const defaultHoldSeconds = 30 * 60;

/** One run's clients and settings while its pairs are created. */
interface GcpRun {
	readonly state: GcpState;
	readonly target: GcpTarget;
	readonly context: CloudRunContext;
	readonly api: GcpClients;
	readonly justCreated: GcpClients;
	/** Teardown retries its deletes whatever the signal did. */
	readonly removalClients: GcpClients;
	readonly ttlMinutes: number;
	/** The notes every pair carries, said as they come. */
	readonly notes: string[];
}

export async function createGcpPairs(
	state: GcpState,
	target: ProbeTarget,
	context: CloudRunContext,
): Promise<CloudPair[]> {
	const gcp = validateGcpTarget(target, state.defaults);
	if (!isSafeRunId(context.runId)) {
		throw new UserError(`run id ${JSON.stringify(context.runId)} is not usable in GCP names`);
	}

	const {cpus, ...published} = await publishedFor(state, gcp);
	const run: GcpRun = {
		state,
		target: gcp,
		context,
		api: await gcpClients(state, context.signal),
		justCreated: await gcpClients(state, context.signal, {justCreated: true}),
		removalClients: await gcpClients(state),
		ttlMinutes: ttlMinutesFor(context.holdSeconds ?? defaultHoldSeconds),
		notes: [],
	};
	try {
		const preflight = await gcpPreflight(run.api, gcp, cpus, gcp.placements.length * 2);
		for (const note of preflight.notes) say(run, note);
		const login = await prepareLogin(run, preflight);
		return await provisionGcpRun(runInput(run, published, preflight, login));
	} catch (error: unknown) {
		throw cloudCallError('gcp', 'provisioning', error);
	}
}

function say(run: GcpRun, text: string): void {
	run.notes.push(text);
	run.context.onEvent?.({type: 'note', text});
}

/** OS Login when the project enables it (the run's key imported now), else ssh-keys metadata. */
async function prepareLogin(run: GcpRun, preflight: GcpPreflight): Promise<GcpLogin> {
	const {context} = run;
	const login = new GcpLogin(projectOsLogin(preflight.project) ? 'os-login' : 'metadata', {
		clients: run.removalClients,
		project: run.target.project,
		publicKey: context.keyPair.publicKey,
		expiresAtMs: run.state.now().getTime() + run.ttlMinutes * 60_000,
		record: (entry) => {
			context.ledger.record(entry);
			context.onEvent?.({type: 'resource-created', kind: entry.kind, id: entry.id});
		},
		say: (text) => say(run, text),
	});
	say(run, login.describe());
	await login.prepare();
	return login;
}

function runInput(
	run: GcpRun,
	published: Omit<PublishedWithCpus, 'cpus'>,
	preflight: GcpPreflight,
	login: GcpLogin,
): GcpRunContext {
	const {context, target, ttlMinutes} = run;
	return {
		clients: run.api,
		justCreated: run.justCreated,
		removalClients: run.removalClients,
		policy: run.state.policy,
		target,
		runId: context.runId,
		ledger: context.ledger,
		published,
		publicKey: context.keyPair.publicKey,
		// The guest's own poweroff comes after maxRunDuration's DELETE, so it cannot stop the VM first.
		startupScript: startupScript({ttlMinutes, guestMarginMinutes: gcpGuestMarginMinutes}),
		ttlSeconds: ttlMinutes * 60,
		expiresAt: runTags(context.runId, ttlMinutes * 60, run.state.now())[expiresTagKey],
		instanceRemoval: gcpInstanceRemoval(run.removalClients, target),
		login,
		sourceImage: preflight.sourceImage,
		notes: run.notes,
		...(context.signal ? {signal: context.signal} : {}),
		...(context.onEvent ? {onEvent: context.onEvent} : {}),
	};
}
