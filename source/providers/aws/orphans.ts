// Resources earlier runs left behind, found by the `netplace-run` tag, and deleted in the safe order:
// instances (terminated, waited for), then placement groups, security groups, key pairs.

import {
	DeleteKeyPairCommand,
	DeletePlacementGroupCommand,
	DescribeInstancesCommand,
	DescribeKeyPairsCommand,
	DescribePlacementGroupsCommand,
	DescribeSecurityGroupsCommand,
	type EC2Client,
	type Tag,
} from '@aws-sdk/client-ec2';
import {expiresTagKey, runTagKey} from '../cloud/run-tags.js';
import {deleteOrphansInOrder} from '../ledger.js';
import type {LeftResource, Orphan, TeardownReport} from '../provider.js';
import {deleteCommands, deleteSecurityGroupWhenFree, isNotFound, mapAwsError, type RetryTiming} from './aws-client.js';
import {InstanceTracker, type WaiterTiming} from './instance-tracker.js';

const tagged = [{Name: 'tag-key', Values: [runTagKey]}];
const liveStates = ['pending', 'running', 'stopping', 'stopped', 'shutting-down'];

function expiresOf(tags: readonly Tag[] | undefined): string | null {
	return tags?.find((tag) => tag.Key === expiresTagKey)?.Value ?? null;
}

function runIdOf(tags: readonly Tag[] | undefined): string | null {
	return tags?.find((tag) => tag.Key === runTagKey)?.Value ?? null;
}

export async function findAwsOrphans(client: EC2Client, region: string): Promise<Orphan[]> {
	const orphans: Orphan[] = [];
	try {
		let nextToken: string | undefined;
		do {
			const page = await client.send(
				new DescribeInstancesCommand({
					Filters: [...tagged, {Name: 'instance-state-name', Values: liveStates}],
					...(nextToken ? {NextToken: nextToken} : {}),
				}),
			);
			for (const instance of (page.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? [])) {
				if (instance.InstanceId) {
					orphans.push({
						kind: 'instance',
						id: instance.InstanceId,
						runId: runIdOf(instance.Tags),
						expiresAt: expiresOf(instance.Tags),
						region,
						deleteCommand: deleteCommands.instance(region, instance.InstanceId),
					});
				}
			}

			nextToken = page.NextToken;
		} while (nextToken);

		const [groups, securityGroups, keys] = await Promise.all([
			client.send(new DescribePlacementGroupsCommand({Filters: tagged})),
			client.send(new DescribeSecurityGroupsCommand({Filters: tagged})),
			client.send(new DescribeKeyPairsCommand({Filters: tagged})),
		]);
		for (const group of groups.PlacementGroups ?? []) {
			if (group.GroupName && group.State !== 'deleted' && group.State !== 'deleting') {
				orphans.push({
					kind: 'placement-group',
					id: group.GroupName,
					runId: runIdOf(group.Tags),
					expiresAt: expiresOf(group.Tags),
					region,
					deleteCommand: deleteCommands.placementGroup(region, group.GroupName),
				});
			}
		}

		for (const group of securityGroups.SecurityGroups ?? []) {
			if (group.GroupId) {
				orphans.push({
					kind: 'security-group',
					id: group.GroupId,
					runId: runIdOf(group.Tags),
					expiresAt: expiresOf(group.Tags),
					region,
					deleteCommand: deleteCommands.securityGroup(region, group.GroupId),
				});
			}
		}

		for (const key of keys.KeyPairs ?? []) {
			if (key.KeyPairId) {
				orphans.push({
					kind: 'key-pair',
					id: key.KeyPairId,
					runId: runIdOf(key.Tags),
					expiresAt: expiresOf(key.Tags),
					region,
					deleteCommand: deleteCommands.keyPair(region, key.KeyPairId),
				});
			}
		}
	} catch (error: unknown) {
		throw mapAwsError('looking for netplace resources', error);
	}

	return orphans;
}

const order = ['instance', 'placement-group', 'security-group', 'key-pair'];

export async function deleteAwsOrphans(
	clientFor: (region: string) => EC2Client,
	defaultRegion: string | null,
	orphans: readonly Orphan[],
	waiters: WaiterTiming,
	retry: RetryTiming,
): Promise<TeardownReport> {
	const byRegion = new Map<string, Orphan[]>();
	for (const orphan of orphans) {
		const region = orphan.region ?? defaultRegion ?? '';
		byRegion.set(region, [...(byRegion.get(region) ?? []), orphan]);
	}

	const left: LeftResource[] = [];
	for (const [region, list] of byRegion) {
		const client = clientFor(region);
		const tracker = new InstanceTracker(client, waiters, retry);
		for (const orphan of list) {
			if (orphan.kind === 'instance') tracker.add(orphan.id);
		}

		const report = await deleteOrphansInOrder(list, order, async (orphan) => deleteOne(client, tracker, orphan, retry));
		left.push(...report.left);
	}

	return {complete: left.length === 0, left};
}

async function deleteOne(
	client: EC2Client,
	tracker: InstanceTracker,
	orphan: Orphan,
	retry: RetryTiming,
): Promise<void> {
	const ignoreMissing = async (action: string, work: () => Promise<unknown>): Promise<void> => {
		try {
			await work();
		} catch (error: unknown) {
			if (!isNotFound(error)) throw mapAwsError(action, error);
		}
	};

	switch (orphan.kind) {
		case 'instance': {
			await tracker.allTerminated();
			return;
		}

		case 'placement-group': {
			await tracker.allTerminated();
			await ignoreMissing('DeletePlacementGroup', async () =>
				client.send(new DeletePlacementGroupCommand({GroupName: orphan.id})),
			);
			return;
		}

		case 'security-group': {
			await tracker.allTerminated();
			await deleteSecurityGroupWhenFree(client, orphan.id, retry);
			return;
		}

		case 'key-pair': {
			await ignoreMissing('DeleteKeyPair', async () => client.send(new DeleteKeyPairCommand({KeyPairId: orphan.id})));
			return;
		}

		default: {
			throw new Error(`unknown resource kind ${orphan.kind}`);
		}
	}
}
