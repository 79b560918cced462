// Creates one pair of instances per placement on EC2, recording every resource in the run's ledger the
// moment it exists. Create calls are never cancelled mid-flight (their answer is what the ledger needs);
// the abort signal is checked between them and cancels the waiters.

import {
	AuthorizeSecurityGroupIngressCommand,
	CreatePlacementGroupCommand,
	CreateSecurityGroupCommand,
	DeleteKeyPairCommand,
	DeletePlacementGroupCommand,
	DescribeImagesCommand,
	DescribeInstancesCommand,
	DescribeInstanceTypeOfferingsCommand,
	DescribeSubnetsCommand,
	DescribeVpcsCommand,
	ImportKeyPairCommand,
	RunInstancesCommand,
	waitUntilInstanceRunning,
	waitUntilInstanceStatusOk,
	type EC2Client,
	type IpPermission,
	type ResourceType,
	type TagSpecification,
	type _InstanceType,
} from '@aws-sdk/client-ec2';
import {InterruptedError, RuntimeError} from '../../errors.js';
import type {Placement} from '../../advisor/types.js';
import {isIpv6Cidr} from '../cloud/validate.js';
import {runTags} from '../cloud/run-tags.js';
import {startupScript} from '../cloud/startup-script.js';
import {settleAll, type CloudPair, type CloudRunContext} from '../cloud/cloud-provider.js';
import type {ProbeTarget, PublishedBandwidth} from '../provider.js';
import {deleteCommands, deleteSecurityGroupWhenFree, isNotFound, mapAwsError} from './aws-client.js';
import {architectureOf, describeShape, publishedFromInstanceType} from './instance-types.js';
import {InstanceTracker, type WaiterTiming} from './instance-tracker.js';
import {awsNames, needsPlacementGroup, sshUser} from './plan.js';

export interface AwsProvisionSettings {
	readonly client: EC2Client;
	readonly region: string;
	readonly ttlMinutes: number;
	readonly imageId?: string;
	readonly waiters: WaiterTiming;
	/** Pause between DeleteSecurityGroup attempts while network interfaces detach. */
	readonly dependencyRetryMs: number;
}

const ubuntuOwner = '099720109477';

function throwIfAborted(signal?: AbortSignal): void {
	if (signal?.aborted) {
		throw new InterruptedError();
	}
}

async function call<T>(action: string, work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error: unknown) {
		throw mapAwsError(action, error);
	}
}

function tagSpec(resourceType: ResourceType, name: string, runId: string, ttlMinutes: number): TagSpecification {
	const tags = runTags(runId, ttlMinutes * 60);
	return {
		ResourceType: resourceType,
		Tags: [...Object.entries(tags).map(([Key, Value]) => ({Key, Value})), {Key: 'Name', Value: name}],
	};
}

async function defaultNetwork(client: EC2Client, zone: string): Promise<{vpcId: string; subnetId: string}> {
	const vpcs = await call('DescribeVpcs', async () => client.send(new DescribeVpcsCommand({Filters: [{Name: 'is-default', Values: ['true']}]})));
	const vpcId = vpcs.Vpcs?.[0]?.VpcId;
	if (!vpcId) {
		throw new RuntimeError('this region has no default VPC', 'create one with `aws ec2 create-default-vpc`');
	}

	const subnets = await call('DescribeSubnets', async () =>
		client.send(
			new DescribeSubnetsCommand({
				Filters: [
					{Name: 'vpc-id', Values: [vpcId]},
					{Name: 'availability-zone', Values: [zone]},
					{Name: 'default-for-az', Values: ['true']},
				],
			}),
		),
	);
	const subnetId = subnets.Subnets?.[0]?.SubnetId;
	if (!subnetId) {
		throw new RuntimeError(`the default VPC has no default subnet in ${zone}`, 'pick another --zone');
	}

	return {vpcId, subnetId};
}

async function pickZone(client: EC2Client, shape: string, wanted: string | undefined): Promise<string> {
	const offerings = await call('DescribeInstanceTypeOfferings', async () =>
		client.send(
			new DescribeInstanceTypeOfferingsCommand({
				LocationType: 'availability-zone',
				Filters: [{Name: 'instance-type', Values: [shape]}],
			}),
		),
	);
	const zones = (offerings.InstanceTypeOfferings ?? []).map((offering) => offering.Location ?? '').filter(Boolean).sort();
	if (wanted) {
		if (zones.length > 0 && !zones.includes(wanted)) {
			throw new RuntimeError(`${shape} is not offered in ${wanted}`, `offered in ${zones.join(', ')}`);
		}

		return wanted;
	}

	const first = zones[0];
	if (!first) {
		throw new RuntimeError(`${shape} is not offered in any zone of this region`);
	}

	return first;
}

async function ubuntuImage(client: EC2Client, architecture: 'arm64' | 'x86_64'): Promise<string> {
	const arch = architecture === 'arm64' ? 'arm64' : 'amd64';
	const images = await call('DescribeImages', async () =>
		client.send(
			new DescribeImagesCommand({
				Owners: [ubuntuOwner],
				Filters: [
					{Name: 'name', Values: [`ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-${arch}-server-*`]},
					{Name: 'state', Values: ['available']},
				],
			}),
		),
	);
	const newest = [...(images.Images ?? [])].sort((a, b) => (b.CreationDate ?? '').localeCompare(a.CreationDate ?? ''))[0];
	if (!newest?.ImageId) {
		throw new RuntimeError(`no Ubuntu 24.04 ${arch} image found in this region`);
	}

	return newest.ImageId;
}

/** SSH from the caller's CIDR only; iperf3 and ICMP from members of the group only. */
export function ingressRules(groupId: string, sshCidr: string): IpPermission[] {
	const fromGroup = [{GroupId: groupId, Description: 'netplace: peers in this run only'}];
	return [
		{
			IpProtocol: 'tcp',
			FromPort: 22,
			ToPort: 22,
			...(isIpv6Cidr(sshCidr)
				? {Ipv6Ranges: [{CidrIpv6: sshCidr, Description: 'netplace: SSH from --ssh-cidr'}]}
				: {IpRanges: [{CidrIp: sshCidr, Description: 'netplace: SSH from --ssh-cidr'}]}),
		},
		{IpProtocol: 'tcp', FromPort: 5201, ToPort: 5299, UserIdGroupPairs: fromGroup},
		{IpProtocol: 'icmp', FromPort: -1, ToPort: -1, UserIdGroupPairs: fromGroup},
	];
}

export async function createAwsPairs(
	target: ProbeTarget,
	context: CloudRunContext,
	settings: AwsProvisionSettings,
	tracker: InstanceTracker,
): Promise<CloudPair[]> {
	const {client, region, ttlMinutes} = settings;
	const {runId, ledger, signal} = context;
	const tags = (type: ResourceType, name: string): TagSpecification[] => [tagSpec(type, name, runId, ttlMinutes)];

	const info = await describeShape(client, target.shape);
	const published: PublishedBandwidth = publishedFromInstanceType(info);
	throwIfAborted(signal);
	const [zone, imageId] = await Promise.all([
		pickZone(client, target.shape, target.zone),
		settings.imageId ?? ubuntuImage(client, architectureOf(info)),
	]);
	const {vpcId, subnetId} = await defaultNetwork(client, zone);
	throwIfAborted(signal);

	const keyName = awsNames.keyPair(runId);
	const groupName = awsNames.securityGroup(runId);
	const [keyPairId, groupId] = await settleAll(
		[
			(async () => {
				const key = await call('ImportKeyPair', async () =>
					client.send(
						new ImportKeyPairCommand({
							KeyName: keyName,
							PublicKeyMaterial: new TextEncoder().encode(context.keyPair.publicKey),
							TagSpecifications: tags('key-pair', keyName),
						}),
					),
				);
				const id = key.KeyPairId ?? keyName;
				ledger.record({
					kind: 'key-pair',
					id,
					deleteCommand: deleteCommands.keyPair(region, id),
					remove: async () => {
						await call('DeleteKeyPair', async () => client.send(new DeleteKeyPairCommand(key.KeyPairId ? {KeyPairId: id} : {KeyName: keyName})));
					},
				});
				context.onEvent?.({type: 'resource-created', kind: 'key-pair', id});
				return id;
			})(),
			(async () => {
				const group = await call('CreateSecurityGroup', async () =>
					client.send(
						new CreateSecurityGroupCommand({
							GroupName: groupName,
							Description: `netplace probe ${runId}: SSH from --ssh-cidr, iperf3 and ICMP inside the group`,
							VpcId: vpcId,
							TagSpecifications: tags('security-group', groupName),
						}),
					),
				);
				const id = group.GroupId;
				if (!id) {
					throw new RuntimeError('aws CreateSecurityGroup answered without a group id');
				}

				ledger.record({
					kind: 'security-group',
					id,
					deleteCommand: deleteCommands.securityGroup(region, id),
					remove: async () => deleteSecurityGroup(settings, tracker, id),
				});
				context.onEvent?.({type: 'resource-created', kind: 'security-group', id});
				return id;
			})(),
		],
		new AbortController(),
	);
	void keyPairId;
	if (!groupId) {
		throw new RuntimeError('aws CreateSecurityGroup answered without a group id');
	}

	await call('AuthorizeSecurityGroupIngress', async () =>
		client.send(
			new AuthorizeSecurityGroupIngressCommand({
				GroupId: groupId,
				IpPermissions: ingressRules(groupId, target.sshCidr ?? ''),
				TagSpecifications: tags('security-group-rule', groupName),
			}),
		),
	);
	throwIfAborted(signal);

	const stopOthers = new AbortController();
	const placementSignal = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
	const userData = Buffer.from(startupScript({ttlMinutes})).toString('base64');
	const one = async (placement: Placement): Promise<CloudPair> => {
		let placementGroup: string | undefined;
		if (needsPlacementGroup(placement)) {
			placementGroup = await createPlacementGroup(settings, context, placement, tracker);
			throwIfAborted(placementSignal);
		}

		const name = awsNames.instance(runId, placement, 'server').replace(/-server$/, '');
		const launched = await call('RunInstances', async () =>
			client.send(
				new RunInstancesCommand({
					ImageId: imageId,
					InstanceType: target.shape as _InstanceType,
					MinCount: 2,
					MaxCount: 2,
					KeyName: keyName,
					ClientToken: `${runId}-${placement}`,
					InstanceInitiatedShutdownBehavior: 'terminate',
					UserData: userData,
					MetadataOptions: {HttpTokens: 'required'},
					Placement: {AvailabilityZone: zone, ...(placementGroup ? {GroupName: placementGroup} : {})},
					NetworkInterfaces: [
						{
							DeviceIndex: 0,
							SubnetId: subnetId,
							Groups: [groupId],
							AssociatePublicIpAddress: true,
							DeleteOnTermination: true,
							...(target.enaExpress
								? {EnaSrdSpecification: {EnaSrdEnabled: true, EnaSrdUdpSpecification: {EnaSrdUdpEnabled: true}}}
								: {}),
						},
					],
					TagSpecifications: [...tags('instance', name), ...tags('volume', name), ...tags('network-interface', name)],
				}),
			),
		);
		const ids = (launched.Instances ?? []).map((instance) => instance.InstanceId).filter((id): id is string => Boolean(id));
		for (const id of ids) {
			tracker.add(id);
			ledger.record({
				kind: 'instance',
				id,
				deleteCommand: deleteCommands.instance(region, id),
				remove: async () => tracker.terminate([id]),
			});
			context.onEvent?.({type: 'resource-created', kind: 'instance', id});
		}

		if (ids.length !== 2) {
			throw new RuntimeError(`aws RunInstances started ${ids.length} instance(s) for ${placement}, not 2`);
		}

		throwIfAborted(placementSignal);
		await waitForInstances(settings, ids, placement, context, placementSignal);
		return describePair(settings, ids, placement, published);
	};

	return settleAll(target.placements.map(one), stopOthers);
}

async function createPlacementGroup(
	settings: AwsProvisionSettings,
	context: CloudRunContext,
	placement: 'cluster' | 'spread' | 'partition',
	tracker: InstanceTracker,
): Promise<string> {
	const {client, region, ttlMinutes} = settings;
	const name = awsNames.placementGroup(context.runId, placement as Placement);
	await call('CreatePlacementGroup', async () =>
		client.send(
			new CreatePlacementGroupCommand({
				GroupName: name,
				Strategy: placement,
				...(placement === 'partition' ? {PartitionCount: 2} : {}),
				...(placement === 'spread' ? {SpreadLevel: 'rack'} : {}),
				TagSpecifications: [tagSpec('placement-group', name, context.runId, ttlMinutes)],
			}),
		),
	);
	context.ledger.record({
		kind: 'placement-group',
		id: name,
		deleteCommand: deleteCommands.placementGroup(region, name),
		remove: async () => {
			await tracker.allTerminated();
			try {
				await client.send(new DeletePlacementGroupCommand({GroupName: name}));
			} catch (error: unknown) {
				if (!isNotFound(error)) throw mapAwsError('DeletePlacementGroup', error);
			}
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'placement-group', id: name});
	return name;
}

async function deleteSecurityGroup(settings: AwsProvisionSettings, tracker: InstanceTracker, id: string): Promise<void> {
	await tracker.allTerminated();
	await deleteSecurityGroupWhenFree(settings.client, id, settings.dependencyRetryMs);
}

async function waitForInstances(
	settings: AwsProvisionSettings,
	ids: readonly string[],
	placement: Placement,
	context: CloudRunContext,
	signal: AbortSignal,
): Promise<void> {
	const {client, waiters} = settings;
	const config = {
		client,
		minDelay: waiters.minDelaySeconds,
		maxDelay: waiters.maxDelaySeconds,
		maxWaitTime: waiters.maxWaitSeconds,
		abortSignal: signal,
	};
	for (const [what, wait] of [
		['running', waitUntilInstanceRunning],
		['status ok', waitUntilInstanceStatusOk],
	] as const) {
		context.onEvent?.({type: 'waiting', what: `${placement} instances ${what}`});
		try {
			// eslint-disable-next-line no-await-in-loop -- running first, then status checks
			await wait(config, {InstanceIds: [...ids]});
		} catch (error: unknown) {
			throwIfAborted(signal);
			throw mapAwsError(`waiting for ${placement} instances (${ids.join(', ')}) to be ${what}`, error);
		}

		throwIfAborted(signal);
	}
}

async function describePair(
	settings: AwsProvisionSettings,
	ids: readonly string[],
	placement: Placement,
	published: PublishedBandwidth,
): Promise<CloudPair> {
	const answer = await call('DescribeInstances', async () =>
		settings.client.send(new DescribeInstancesCommand({InstanceIds: [...ids]})),
	);
	const byId = new Map(
		(answer.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? []).map((instance) => [instance.InstanceId, instance]),
	);
	const endpoint = (id: string, role: 'server' | 'client') => {
		const instance = byId.get(id);
		if (!instance?.PrivateIpAddress || !instance.PublicIpAddress) {
			throw new RuntimeError(`instance ${id} has no ${instance?.PrivateIpAddress ? 'public' : 'private'} address`);
		}

		return {
			host: {id, name: `${placement}-${role}`, address: instance.PrivateIpAddress},
			ssh: {host: instance.PublicIpAddress, username: sshUser},
		};
	};

	const [serverId, clientId] = ids as [string, string];
	const server = endpoint(serverId, 'server');
	const clientEnd = endpoint(clientId, 'client');
	return {
		pair: {placement, server: server.host, client: clientEnd.host, published},
		serverSsh: server.ssh,
		clientSsh: clientEnd.ssh,
	};
}
