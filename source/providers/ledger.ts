// Every resource a run creates is recorded here the moment it exists; teardown walks the record in
// reverse, each step guarded so one failure does not stop the rest. Shared by every provider.

import {firstLineOf} from '../domain/errors.js';
import type {LeftResource, Orphan, TeardownReport} from './provider.js';

export interface LedgerEntry {
	readonly kind: string;
	readonly id: string;
	/** What a person runs to delete it by hand, printed when teardown could not. */
	readonly deleteCommand: string;
	/** Deletes it (and waits until it is gone where a later step depends on that). */
	readonly remove: () => Promise<void>;
}

export class ResourceLedger {
	private readonly recorded: LedgerEntry[] = [];
	private tearingDown: Promise<TeardownReport> | undefined;

	record(entry: LedgerEntry): void {
		this.recorded.push(entry);
	}

	get entries(): readonly LedgerEntry[] {
		return this.recorded;
	}

	get size(): number {
		return this.recorded.length;
	}

	/** Reverse order, every step guarded. Safe to call more than once: later calls share the first. */
	async teardown(): Promise<TeardownReport> {
		this.tearingDown ??= this.runTeardown();
		return this.tearingDown;
	}

	private async runTeardown(): Promise<TeardownReport> {
		const left: LeftResource[] = [];
		while (this.recorded.length > 0) {
			const entry = this.recorded.pop()!;
			try {
				await entry.remove();
			} catch (error: unknown) {
				left.push({
					kind: entry.kind,
					id: entry.id,
					deleteCommand: entry.deleteCommand,
					error: firstLineOf(error),
				});
			}
		}

		return {complete: left.length === 0, left: left.reverse()};
	}
}

/**
 * What an earlier run left, deleted the way teardown deletes: in dependency order (kinds earlier in `order`
 * first, unknown kinds last), each step guarded, what could not go reported with its delete command.
 */
export async function deleteOrphansInOrder(
	orphans: readonly Orphan[],
	order: readonly string[],
	remove: (orphan: Orphan) => Promise<void>,
): Promise<TeardownReport> {
	const rank = (kind: string): number => {
		const index = order.indexOf(kind);
		return index === -1 ? order.length : index;
	};

	const ledger = new ResourceLedger();
	// The ledger tears down newest first: record the last to delete first.
	const sorted = [...orphans].sort((a, b) => rank(b.kind) - rank(a.kind));
	for (const orphan of sorted) {
		ledger.record({
			kind: orphan.kind,
			id: orphan.id,
			deleteCommand: orphan.deleteCommand,
			remove: async () => remove(orphan),
		});
	}

	return ledger.teardown();
}
