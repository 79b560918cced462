// The creates that take no idempotency token. ImportKeyPair, CreateSecurityGroup and CreatePlacementGroup
// have no ClientToken (EC2 API reference; "Ensuring idempotency in Amazon EC2 API requests" lists the actions
// that take one, RunInstances among them, these not). Their names are the run's own (`np-…` from the run
// id), so when an answer is lost and the retry layer sends the create again, EC2 answers the Duplicate code
// for the resource the first attempt made. That resource is adopted, read back by name, if it carries this
// run's `netplace-run` tag (every create here tags on create, TagSpecifications): not a second resource, not
// a failure. A duplicate of someone else's (another tag, or none) stays the error it was.

import {
	DescribeKeyPairsCommand,
	DescribePlacementGroupsCommand,
	DescribeSecurityGroupsCommand,
	type EC2Client,
	type Tag,
} from '@aws-sdk/client-ec2';
import {runTagKey} from '../cloud/run-tags.js';
import {errorName} from './aws-client.js';

function isOurs(tags: readonly Tag[] | undefined, runId: string): boolean {
	return (tags ?? []).some((tag) => tag.Key === runTagKey && tag.Value === runId);
}

/**
 * `create`, or, when it answers `duplicateCode`, what `find` reads back of this run's own resource by that
 * name. Nothing of ours found: the Duplicate error is thrown as it came.
 */
export async function createOrAdopt<T>(
	duplicateCode: string,
	create: () => Promise<T>,
	find: () => Promise<T | undefined>,
): Promise<T> {
	try {
		return await create();
	} catch (error: unknown) {
		if (errorName(error) !== duplicateCode) throw error;
		const ours = await find();
		if (ours === undefined) throw error;
		return ours;
	}
}

export async function ownKeyPair(
	client: EC2Client,
	keyName: string,
	runId: string,
): Promise<{KeyPairId?: string} | undefined> {
	const {KeyPairs} = await client.send(new DescribeKeyPairsCommand({KeyNames: [keyName]}));
	const key = KeyPairs?.find((one) => one.KeyName === keyName && isOurs(one.Tags, runId));
	return key ? {...(key.KeyPairId ? {KeyPairId: key.KeyPairId} : {})} : undefined;
}

export async function ownSecurityGroup(
	client: EC2Client,
	groupName: string,
	vpcId: string | undefined,
	runId: string,
): Promise<{GroupId?: string} | undefined> {
	const filters = [{Name: 'group-name', Values: [groupName]}, ...(vpcId ? [{Name: 'vpc-id', Values: [vpcId]}] : [])];
	const {SecurityGroups} = await client.send(new DescribeSecurityGroupsCommand({Filters: filters}));
	const group = SecurityGroups?.find((one) => one.GroupName === groupName && isOurs(one.Tags, runId));
	return group?.GroupId ? {GroupId: group.GroupId} : undefined;
}

export async function ownPlacementGroup(client: EC2Client, name: string, runId: string): Promise<object | undefined> {
	const {PlacementGroups} = await client.send(new DescribePlacementGroupsCommand({GroupNames: [name]}));
	return PlacementGroups?.find((one) => one.GroupName === name && isOurs(one.Tags, runId));
}
