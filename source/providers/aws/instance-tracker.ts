// Instances are the one resource others wait on: placement groups and the security group can only go once
// every instance of the run is terminated. One tracker per run terminates them all and waits once.

import {type EC2Client, TerminateInstancesCommand, waitUntilInstanceTerminated} from '@aws-sdk/client-ec2';
import {isNotFound, mapAwsError} from './aws-client.js';

export interface WaiterTiming {
	readonly minDelaySeconds: number;
	readonly maxDelaySeconds: number;
	readonly maxWaitSeconds: number;
}

export class InstanceTracker {
	private readonly ids = new Set<string>();
	private readonly terminateRequested = new Set<string>();
	private waiting: Promise<void> | undefined;

	constructor(
		private readonly client: EC2Client,
		private readonly timing: WaiterTiming,
	) {}

	add(id: string): void {
		this.ids.add(id);
	}

	get size(): number {
		return this.ids.size;
	}

	/** Ask EC2 to terminate one instance (already gone counts as done). */
	async terminate(ids: readonly string[]): Promise<void> {
		const pending = ids.filter((id) => !this.terminateRequested.has(id));
		if (pending.length === 0) {
			return;
		}

		try {
			await this.client.send(new TerminateInstancesCommand({InstanceIds: pending}));
		} catch (error: unknown) {
			if (!isNotFound(error)) {
				throw mapAwsError('TerminateInstances', error);
			}
		}

		for (const id of pending) {
			this.terminateRequested.add(id);
		}
	}

	/** Terminate every instance of the run and wait until all are terminated. Shared by every caller. */
	async allTerminated(): Promise<void> {
		this.waiting ??= this.terminateAndWait();
		return this.waiting;
	}

	private async terminateAndWait(): Promise<void> {
		const ids = [...this.ids];
		if (ids.length === 0) {
			return;
		}

		await this.terminate(ids);
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
		} catch (error: unknown) {
			throw mapAwsError(`waiting for ${ids.join(', ')} to terminate`, error);
		}
	}
}
