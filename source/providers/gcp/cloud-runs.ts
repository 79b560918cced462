// Book-keeping every cloud provider of netplace needs per run (used by the GCP and OCI providers): the
// resource ledger, the SSH sessions, and the provisioning still in flight, so teardown waits for every
// create call to settle before it deletes (nothing created after teardown began can leak).

import {InterruptedError, RuntimeError} from '../../errors.js';
import {ResourceLedger} from '../ledger.js';
import type {BackgroundProcess, ExecOptions, ExecResult, Host, TeardownReport} from '../provider.js';
import type {HostSessions} from './host-sessions.js';

interface RunState {
	readonly ledger: ResourceLedger;
	sessions: HostSessions | undefined;
	inflight: Promise<unknown>;
}

export class CloudRuns {
	private readonly runs = new Map<string, RunState>();
	private readonly hostRuns = new Map<string, HostSessions>();

	/** A fresh run; its ledger records every resource the moment it exists. */
	start(runId: string): RunState {
		if (this.runs.has(runId)) {
			throw new RuntimeError(`run ${runId} is already provisioned by this process`);
		}

		const state: RunState = {ledger: new ResourceLedger(), sessions: undefined, inflight: Promise.resolve()};
		this.runs.set(runId, state);
		return state;
	}

	get(runId: string): RunState | undefined {
		return this.runs.get(runId);
	}

	registerHost(host: Host, sessions: HostSessions): void {
		this.hostRuns.set(host.id, sessions);
	}

	private sessionsOf(host: Host): HostSessions {
		const sessions = this.hostRuns.get(host.id);
		if (!sessions) {
			throw new RuntimeError(`${host.name} is not a host of a live run`);
		}

		return sessions;
	}

	async exec(host: Host, argv: readonly string[], options?: ExecOptions): Promise<ExecResult> {
		return this.sessionsOf(host).exec(host, argv, options);
	}

	async startBackground(host: Host, argv: readonly string[]): Promise<BackgroundProcess> {
		return this.sessionsOf(host).startBackground(host, argv);
	}

	/** Wait for provisioning to settle, close SSH, delete everything in reverse. Never throws. */
	async teardown(runId: string): Promise<TeardownReport> {
		const state = this.runs.get(runId);
		if (!state) {
			return {complete: true, left: []};
		}

		await state.inflight.catch(() => undefined);
		if (state.sessions) {
			for (const [hostId, sessions] of this.hostRuns) {
				if (sessions === state.sessions) {
					this.hostRuns.delete(hostId);
				}
			}

			await state.sessions.closeAll();
		}

		const report = await state.ledger.teardown();
		this.runs.delete(runId);
		return report;
	}
}

/**
 * Run tasks side by side and wait until every one has settled (so none is still creating something),
 * then return their values or throw: InterruptedError when aborted, else the first failure.
 */
export async function settleAll<T>(tasks: ReadonlyArray<Promise<T>>, signal?: AbortSignal): Promise<T[]> {
	const results = await Promise.allSettled(tasks);
	if (signal?.aborted) {
		throw new InterruptedError();
	}

	const values: T[] = [];
	for (const result of results) {
		if (result.status === 'rejected') {
			throw result.reason;
		}

		values.push(result.value);
	}

	return values;
}

export function throwIfAborted(signal?: AbortSignal): void {
	if (signal?.aborted) {
		throw new InterruptedError();
	}
}
