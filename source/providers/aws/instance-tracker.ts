// Instances are the one resource others wait on: placement groups and the security group can only go once
// every instance of the run is terminated. One tracker per run terminates them all and waits.
//
// EC2 is eventually consistent (EC2 API guide, "Eventual consistency in the Amazon EC2 API"): right after
// RunInstances, TerminateInstances can answer InvalidInstanceID.NotFound for an instance that exists and
// keeps running, so that code is retried with backoff, never read as "gone". waitUntilInstanceTerminated
// fails at once when an instance still reads `pending` (a terminate that did not land): those are
// terminated again and waited for again. A failed wait is not cached: the next caller tries again.

import {
	DescribeInstancesCommand,
	type EC2Client,
	TerminateInstancesCommand,
	waitUntilInstanceTerminated,
} from '@aws-sdk/client-ec2';
import {callRetrying, consistencyCodes, mapAwsError, type RetryTiming} from './aws-client.js';

export interface WaiterTiming {
	readonly minDelaySeconds: number;
	readonly maxDelaySeconds: number;
	readonly maxWaitSeconds: number;
}

/** Rounds of terminate-then-wait before giving up (each round re-terminates what is not terminated). */
const rounds = 3;

export class InstanceTracker {
	private readonly ids = new Set<string>();
	private readonly terminateRequested = new Set<string>();
	private waiting: Promise<void> | undefined;

	constructor(
		private readonly client: EC2Client,
		private readonly timing: WaiterTiming,
		private readonly retry: RetryTiming,
	) {}

	add(id: string): void {
		this.ids.add(id);
	}

	get size(): number {
		return this.ids.size;
	}

	/** Ask EC2 to terminate instances (InvalidInstanceID.NotFound retried: the id may not have propagated). */
	async terminate(ids: readonly string[], again = false): Promise<void> {
		const pending = again ? [...ids] : ids.filter((id) => !this.terminateRequested.has(id));
		if (pending.length === 0) {
			return;
		}

		await callRetrying('TerminateInstances', consistencyCodes.afterRunInstances, this.retry, async () =>
			this.client.send(new TerminateInstancesCommand({InstanceIds: pending})),
		);
		for (const id of pending) {
			this.terminateRequested.add(id);
		}
	}

	/** Terminate every instance of the run and wait until all are terminated. Shared while it runs. */
	async allTerminated(): Promise<void> {
		this.waiting ??= this.terminateAndWait().catch((error: unknown) => {
			this.waiting = undefined;
			throw error;
		});
		return this.waiting;
	}

	private async terminateAndWait(): Promise<void> {
		const ids = [...this.ids];
		if (ids.length === 0) {
			return;
		}

		await this.terminate(ids);
		let last: unknown;
		for (let round = 1; round <= rounds; round++) {
			try {
				await waitUntilInstanceTerminated(
					{
						client: this.client,
						minDelay: this.timing.minDelaySeconds,
						maxDelay: this.timing.maxDelaySeconds,
						maxWaitTime: this.timing.maxWaitSeconds,
					},
					{InstanceIds: ids},
				);
				return;
			} catch (error: unknown) {
				last = error;
				const notYet = await this.notTerminated(ids);
				if (notYet.length === 0) return;
				await this.terminate(notYet, true);
			}
		}

		throw mapAwsError(`waiting for ${ids.join(', ')} to terminate`, last);
	}

	/** Instances not yet terminated (or shutting down), as DescribeInstances reads them now. */
	private async notTerminated(ids: readonly string[]): Promise<string[]> {
		const answer = await this.client
			.send(new DescribeInstancesCommand({InstanceIds: [...ids]}))
			// Unreadable now (e.g. an id not yet propagated): terminate them all again.
			.catch(() => ({Reservations: []}));
		const states = new Map(
			(answer.Reservations ?? [])
				.flatMap((reservation) => reservation.Instances ?? [])
				.map((instance) => [instance.InstanceId ?? '', instance.State?.Name ?? '']),
		);
		return ids.filter((id) => states.get(id) !== 'terminated');
	}
}
