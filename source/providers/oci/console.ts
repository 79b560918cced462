// An instance's serial console history, where the startup script and cloud-init print the host key
// fingerprints. OCI keeps no running log: CaptureConsoleHistory takes a snapshot (a resource of its own,
// ready when SUCCEEDED), GetConsoleHistoryContent reads it, and the snapshot is deleted at once after
// (Oracle documents console history for checking an instance's boot output).

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError, RuntimeError} from '../../domain/errors.js';
import type {ConsoleReader} from '../cloud/host-key-pin.js';
import type {OciClients} from './clients.js';

/** Polls of a snapshot's state before giving up on it (one second apart). */
const snapshotPolls = 20;
/** The last MiB of the console: the boot messages and the startup script's lines fit well within it. */
const contentBytes = 1024 * 1024;

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

export function ociConsole(clients: OciClients, instanceId: string): ConsoleReader {
	return async (signal) => {
		const {consoleHistory} = await clients.compute.captureConsoleHistory({
			captureConsoleHistoryDetails: {instanceId},
		});
		const id = consoleHistory.id;
		try {
			await snapshotReady(clients, id, signal);
			const {value} = await clients.compute.getConsoleHistoryContent({
				instanceConsoleHistoryId: id,
				length: contentBytes,
			});
			return value;
		} finally {
			await clients.compute.deleteConsoleHistory({instanceConsoleHistoryId: id}).catch(() => undefined);
		}
	};
}
