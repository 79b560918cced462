// Side-by-side work for the cloud providers (settleAll: AWS's pairs and the skeleton's SSH connections;
// inParallel: GCP's and OCI's creates): every task starts at once, one failure stops the others, and nothing
// returns until every task has settled, so no create call is still in flight when teardown starts.

import {InterruptedError} from '../../domain/errors.js';

/**
 * Like Promise.all, but on the first failure aborts the rest and waits for them to settle, so no call is
 * still creating something after the caller has moved on to teardown. Rethrows the first real failure.
 */
export async function settleAll<T>(work: ReadonlyArray<Promise<T>>, stopOthers: AbortController): Promise<T[]> {
	let first: unknown;
	let failed = false;
	const guarded = work.map(async (item) =>
		item.catch((error: unknown) => {
			if (!failed) {
				failed = true;
				first = error;
				stopOthers.abort();
			}

			throw error;
		}),
	);
	const settled = await Promise.allSettled(guarded);
	if (failed) {
		throw first;
	}

	return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

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

/**
 * Instances are deleted side by side: the ledger removes one entry at a time, in reverse, so the first
 * instance removal starts the deletion of every instance the run recorded, and each entry then waits for
 * its own. A failure stays with its own entry (and its own delete command).
 */
export class BatchRemoval {
	private readonly ids: string[] = [];
	private readonly started = new Map<string, Promise<void>>();

	constructor(private readonly removeOne: (id: string) => Promise<void>) {}

	add(id: string): void {
		this.ids.push(id);
	}

	async remove(id: string): Promise<void> {
		if (!this.started.has(id)) {
			for (const each of [id, ...this.ids]) {
				if (!this.started.has(each)) {
					const removal = this.removeOne(each);
					// Handled by the entry that awaits it; this only keeps an early failure from being "unhandled".
					removal.catch(() => undefined);
					this.started.set(each, removal);
				}
			}
		}

		await this.started.get(id);
	}
}
