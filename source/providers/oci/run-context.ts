// One OCI run being provisioned (OciRunContext: its clients, target, settings, ledger), and how each
// resource goes into the ledger the moment its create call returns an id: instances into the batch that
// terminates them side by side, the rest deleted and waited for one by one.

import {BatchRemoval} from '../cloud/parallel.js';
import type {ResourceLedger} from '../ledger.js';
import type {ProvisionEvent, PublishedBandwidth} from '../provider.js';
import type {OciClients, OciShape} from './clients.js';
import {deleteAndWait, type OciKind, type OciTiming, waitFor} from './lifecycle.js';
import {type OciTarget, ociDeleteCommand} from './resources.js';

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

/** Into the ledger as it exists (an instance into the run's batch removal). */
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

/** Recorded, then waited for until it reaches `want`; returns its id. */
export async function created(
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
