// Side-by-side creation for the cloud providers (GCP and OCI use it): every task starts at once, one
// failure stops the others, and nothing returns until every task has settled, so no create call is still
// in flight when teardown starts. Built on the shared skeleton's settleAll.

import {InterruptedError} from '../../errors.js';
import {settleAll} from '../cloud/cloud-provider.js';

export function throwIfAborted(signal?: AbortSignal): void {
	if (signal?.aborted) {
		throw new InterruptedError();
	}
}

/**
 * Start every task at once with a signal that stops the others when one fails; wait until all have settled
 * (so nothing is still creating), then return their values or rethrow (InterruptedError when aborted).
 */
export async function inParallel<T>(
	signal: AbortSignal | undefined,
	tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>,
): Promise<T[]> {
	const stopOthers = new AbortController();
	const combined = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
	try {
		return await settleAll(
			tasks.map(async (task) => task(combined)),
			stopOthers,
		);
	} catch (error: unknown) {
		throw signal?.aborted ? new InterruptedError() : error;
	}
}
