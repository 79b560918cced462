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

const deleteCommandFor = {
	instance: deleteCommands.instance,
	'placement-group': deleteCommands.placementGroup,
	'security-group': deleteCommands.securityGroup,
	'key-pair': deleteCommands.keyPair,
} as const;

/** One tagged resource as an orphan; none when it has no id. */
function orphansOf(
	kind: keyof typeof deleteCommandFor,
	id: string | undefined,
	tags: readonly Tag[] | undefined,
	region: string,
): Orphan[] {
	if (!id) return [];
	const deleteCommand = deleteCommandFor[kind](region, id);
	return [{kind, id, runId: runIdOf(tags), expiresAt: expiresOf(tags), region, deleteCommand}];
}

export async function findAwsOrphans(client: EC2Client, region: string): Promise<Orphan[]> {
	try {
		const instances = await instanceOrphans(client, region);
		const others = await groupAndKeyOrphans(client, region);
		return [...instances, ...others];
	} catch (error: unknown) {
		throw mapAwsError('looking for netplace resources', error);
	}
}

/** Live tagged instances, every page of them. */
async function instanceOrphans(client: EC2Client, region: string): Promise<Orphan[]> {
	const orphans: Orphan[] = [];
	let nextToken: string | undefined;
	do {
		const page = await client.send(
			new DescribeInstancesCommand({
				Filters: [...tagged, {Name: 'instance-state-name', Values: liveStates}],
				...(nextToken ? {NextToken: nextToken} : {}),
			}),
		);
		for (const instance of (page.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? [])) {
			orphans.push(...orphansOf('instance', instance.InstanceId, instance.Tags, region));
		}

		nextToken = page.NextToken;
	} while (nextToken);

	return orphans;
}

/** Tagged placement groups (not being deleted), security groups and key pairs, in that order. */
async function groupAndKeyOrphans(client: EC2Client, region: string): Promise<Orphan[]> {
	const [groups, securityGroups, keys] = await Promise.all([
		client.send(new DescribePlacementGroupsCommand({Filters: tagged})),
		client.send(new DescribeSecurityGroupsCommand({Filters: tagged})),
		client.send(new DescribeKeyPairsCommand({Filters: tagged})),
	]);
	return [
		...(groups.PlacementGroups ?? [])
			.filter((group) => group.State !== 'deleted' && group.State !== 'deleting')
			.flatMap((group) => orphansOf('placement-group', group.GroupName, group.Tags, region)),
		...(securityGroups.SecurityGroups ?? []).flatMap((group) =>
			orphansOf('security-group', group.GroupId, group.Tags, region),
		),
		...(keys.KeyPairs ?? []).flatMap((key) => orphansOf('key-pair', key.KeyPairId, key.Tags, region)),
	];
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

/** Runs an EC2 delete; a resource already gone is not an error. */
async function ignoreMissing(action: string, work: () => Promise<unknown>): Promise<void> {
	try {
		await work();
	} catch (error: unknown) {
		if (!isNotFound(error)) throw mapAwsError(action, error);
	}
}

async function deleteOne(
	client: EC2Client,
	tracker: InstanceTracker,
	orphan: Orphan,
	retry: RetryTiming,
): Promise<void> {
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
