// An instance's serial console history, where the startup script and cloud-init print the host key
// fingerprints. OCI keeps no running log: CaptureConsoleHistory takes a snapshot (a resource of its own,
// ready when SUCCEEDED), GetConsoleHistoryContent reads it (Oracle documents console history for checking an
// instance's boot output). The snapshot is recorded in the run's ledger the moment it exists and deleted at
// once after the read; should that delete fail, or the run stop while the snapshot is captured, teardown
// deletes it with the rest. It carries the run's freeform tags like every other resource
// (CaptureConsoleHistoryDetails takes freeformTags and definedTags: OCI Core API reference), so a snapshot
// a crashed run left is found by `netplace cleanup` (orphans.ts lists console histories by tag).

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {ConsoleReader} from '../cloud/host-key-pin.js';
import type {ResourceLedger} from '../ledger.js';
import type {OciClients} from './clients.js';
import {isOciNotFound} from './lifecycle.js';
import {ociDeleteCommand, ociTags} from './resources.js';

/** Polls of a snapshot's state before giving up on it (one second apart). */
const snapshotPolls = 20;
/** The last MiB of the console: the boot messages and the startup script's lines fit well within it. */
const contentBytes = 1024 * 1024;

export interface OciConsoleContext {
	/** For the capture (retried, pauses cut short by the run's signal). */
	readonly clients: OciClients;
	/** For the reads of the snapshot just captured: the same, a 404 also retried. */
	readonly justCreated: OciClients;
	/** For the deletes (retried whatever the signal did). */
	readonly removalClients: OciClients;
	readonly ledger: ResourceLedger;
	/** The run the snapshot is tagged with, and its `netplace-expires`. */
	readonly runId: string;
	readonly expiresAt: string;
}

async function snapshotReady(clients: OciClients, id: string, signal?: AbortSignal): Promise<void> {
	for (let poll = 1; poll <= snapshotPolls; poll++) {
		const {consoleHistory} = await clients.compute.getConsoleHistory({instanceConsoleHistoryId: id});
		const state = String(consoleHistory.lifecycleState);
		if (state === 'SUCCEEDED') return;
		if (state === 'FAILED') throw new RuntimeError(`console history ${id} failed`);
		await delay(1000, undefined, {signal}).catch(() => {
			throw new InterruptedError();
		});
	}

	throw new RuntimeError(`console history ${id} was not captured in ${snapshotPolls} s`);
}

/** Deletes a snapshot; one already gone (404) counts as deleted. */
async function deleteSnapshot(clients: OciClients, id: string): Promise<void> {
	try {
		await clients.compute.deleteConsoleHistory({instanceConsoleHistoryId: id});
	} catch (error: unknown) {
		if (!isOciNotFound(error)) throw error;
	}
}

export function ociConsole(context: OciConsoleContext, instanceId: string): ConsoleReader {
	return async (signal) => {
		const {consoleHistory} = await context.clients.compute.captureConsoleHistory({
			captureConsoleHistoryDetails: {instanceId, freeformTags: ociTags(context.runId, context.expiresAt)},
		});
		const id = consoleHistory.id;
		let deleted = false;
		context.ledger.record({
			kind: 'console-history',
			id,
			deleteCommand: ociDeleteCommand('console-history', id),
			remove: async () => (deleted ? undefined : deleteSnapshot(context.removalClients, id)),
		});
		try {
			await snapshotReady(context.justCreated, id, signal);
			const {value} = await context.justCreated.compute.getConsoleHistoryContent({
				instanceConsoleHistoryId: id,
				length: contentBytes,
			});
			return value;
		} finally {
			// Failing here leaves it to teardown, which the ledger entry above guarantees.
			await deleteSnapshot(context.removalClients, id).then(
				() => {
					deleted = true;
				},
				() => undefined,
			);
		}
	};
}
