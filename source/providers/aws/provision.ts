// Creates one pair of instances per placement on EC2, recording every resource in the run's ledger the
// moment it exists. Create calls are never cancelled mid-flight (their answer is what the ledger needs);
// the abort signal is checked between them and cancels the waiters.

import {
	type _InstanceType,
	AuthorizeSecurityGroupIngressCommand,
	CreatePlacementGroupCommand,
	CreateSecurityGroupCommand,
	DeleteKeyPairCommand,
	DeletePlacementGroupCommand,
	ImportKeyPairCommand,
	type IpPermission,
	type ResourceType,
	RunInstancesCommand,
	type TagSpecification,
} from '@aws-sdk/client-ec2';
import {RuntimeError, UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {CloudPair, CloudRunContext} from '../cloud/backend.js';
import {settleAll} from '../cloud/parallel.js';
import {probePorts} from '../cloud/probe-ports.js';
import {runTags} from '../cloud/run-tags.js';
import {startupScript} from '../cloud/startup-script.js';
import {isIpv6Cidr} from '../cloud/validate.js';
import type {ProbeTarget, PublishedBandwidth} from '../provider.js';
import {createOrAdopt, ownKeyPair, ownPlacementGroup, ownSecurityGroup} from './adopt.js';
import {
	call,
	callRetrying,
	consistencyCodes,
	deleteCommands,
	deleteSecurityGroupWhenFree,
	isNotFound,
	mapAwsError,
} from './aws-client.js';
import {launchInSomeZone} from './capacity.js';
import type {InstanceTracker} from './instance-tracker.js';
import {architectureOf, describeShape, publishedFromInstanceType} from './instance-types.js';
import {describePair, throwIfAborted, waitForInstances} from './instance-wait.js';
import {candidateZones, resolveNetwork, ubuntuImage} from './lookups.js';
import {awsNames, needsPlacementGroup} from './plan.js';
import type {AwsProvisionSettings} from './provision-settings.js';
import {checkVcpuQuota} from './quota.js';

function tagSpec(resourceType: ResourceType, name: string, runId: string, ttlMinutes: number): TagSpecification {
	const tags = runTags(runId, ttlMinutes * 60);
	return {
		ResourceType: resourceType,
		Tags: [...Object.entries(tags).map(([Key, Value]) => ({Key, Value})), {Key: 'Name', Value: name}],
	};
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
		{IpProtocol: 'tcp', FromPort: probePorts.min, ToPort: probePorts.max, UserIdGroupPairs: fromGroup},
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
	if (target.enaExpress && info.NetworkInfo?.EnaSrdSupported !== true) {
		throw new UserError(
			`${target.shape} does not support ENA Express`,
			'drop --ena-express, or pick a shape that supports it (e.g. c8gn.4xlarge)',
		);
	}

	throwIfAborted(signal);
	const network = await resolveNetwork(client, target);
	const [zones, image, quota] = await Promise.all([
		candidateZones(client, target.shape, target.zone ?? network.fixedZone),
		settings.imageId ? {id: settings.imageId, name: settings.imageId} : ubuntuImage(client, architectureOf(info)),
		settings.quotas
			? checkVcpuQuota(settings.quotas, target.shape, info.VCpuInfo?.DefaultVCpus, target.placements.length * 2)
			: {note: 'vCPU quota not checked'},
	]);
	const pinned = target.zone !== undefined || network.fixedZone !== null;
	const runNotes = [`network: ${network.source}`, `image: ${image.name} (${image.id})`, quota.note];
	const vpcId = network.vpcId;
	throwIfAborted(signal);

	const keyName = awsNames.keyPair(runId);
	const groupName = awsNames.securityGroup(runId);
	// Key pair, then security group: created one after the other so teardown deletes them in the reverse order.
	// No idempotency token on these three creates: a repeat that finds this run's own answers Duplicate and
	// adopts it (adopt.ts).
	const key = await call('ImportKeyPair', async () =>
		createOrAdopt(
			'InvalidKeyPair.Duplicate',
			async () =>
				client.send(
					new ImportKeyPairCommand({
						KeyName: keyName,
						PublicKeyMaterial: new TextEncoder().encode(context.keyPair.publicKey),
						TagSpecifications: tags('key-pair', keyName),
					}),
				),
			async () => ownKeyPair(client, keyName, runId),
		),
	);
	const keyPairId = key.KeyPairId ?? keyName;
	ledger.record({
		kind: 'key-pair',
		id: keyPairId,
		deleteCommand: deleteCommands.keyPair(region, keyPairId),
		remove: async () => {
			await call('DeleteKeyPair', async () =>
				settings.removalClient.send(
					new DeleteKeyPairCommand(key.KeyPairId ? {KeyPairId: keyPairId} : {KeyName: keyName}),
				),
			);
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'key-pair', id: keyPairId});
	throwIfAborted(signal);
	const group = await call('CreateSecurityGroup', async () =>
		createOrAdopt(
			'InvalidGroup.Duplicate',
			async () =>
				client.send(
					new CreateSecurityGroupCommand({
						GroupName: groupName,
						Description: `netplace probe ${runId}: SSH from --ssh-cidr, iperf3 and ICMP inside the group`,
						VpcId: vpcId,
						TagSpecifications: tags('security-group', groupName),
					}),
				),
			async () => ownSecurityGroup(client, groupName, vpcId, runId),
		),
	);
	const groupId = group.GroupId;
	if (!groupId) {
		throw new RuntimeError('aws CreateSecurityGroup answered without a group id');
	}

	ledger.record({
		kind: 'security-group',
		id: groupId,
		deleteCommand: deleteCommands.securityGroup(region, groupId),
		remove: async () => deleteSecurityGroup(settings, tracker, groupId),
	});
	context.onEvent?.({type: 'resource-created', kind: 'security-group', id: groupId});

	await callRetrying('AuthorizeSecurityGroupIngress', consistencyCodes.afterCreateGroup, settings.retry, async () =>
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
		const notes = [...runNotes];
		const launch = async (zone: string, attempt: number) => {
			const subnetId = await network.subnetFor(zone);
			return callRetrying(
				'RunInstances',
				consistencyCodes.runInstances,
				settings.retry,
				async () =>
					client.send(
						new RunInstancesCommand({
							ImageId: image.id,
							InstanceType: target.shape as _InstanceType,
							MinCount: 2,
							MaxCount: 2,
							KeyName: keyName,
							// Idempotent across our own retries; a new token per zone (same token, other zone = mismatch).
							ClientToken: `${runId}-${placement}-${attempt}`,
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
							TagSpecifications: [
								...tags('instance', name),
								...tags('volume', name),
								...tags('network-interface', name),
							],
						}),
					),
				placementSignal,
			);
		};
		const launched = await launchInSomeZone(zones, pinned, launch, (text) => {
			notes.push(text);
			context.onEvent?.({type: 'note', text: `${placement}: ${text}`});
		});
		const ids = (launched.Instances ?? [])
			.map((instance) => instance.InstanceId)
			.filter((id): id is string => Boolean(id));
		for (const id of ids) {
			tracker.add(id);
			ledger.record({
				kind: 'instance',
				id,
				deleteCommand: deleteCommands.instance(region, id),
				// A terminate that fails falls back to the run's terminate-and-wait, which retries it.
				remove: async () => tracker.terminate([id]).catch(async () => tracker.allTerminated()),
			});
			context.onEvent?.({type: 'resource-created', kind: 'instance', id});
		}

		if (ids.length !== 2) {
			throw new RuntimeError(`aws RunInstances started ${ids.length} instance(s) for ${placement}, not 2`);
		}

		throwIfAborted(placementSignal);
		await waitForInstances(settings, ids, placement, context, placementSignal);
		const cloudPair = await describePair(settings, ids, placement, published);
		return {...cloudPair, pair: {...cloudPair.pair, notes: [...(cloudPair.pair.notes ?? []), ...notes]}};
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
	const name = awsNames.placementGroup(context.runId, placement);
	await call('CreatePlacementGroup', async () =>
		createOrAdopt(
			'InvalidPlacementGroup.Duplicate',
			async () =>
				client.send(
					new CreatePlacementGroupCommand({
						GroupName: name,
						Strategy: placement,
						...(placement === 'partition' ? {PartitionCount: 2} : {}),
						...(placement === 'spread' ? {SpreadLevel: 'rack'} : {}),
						TagSpecifications: [tagSpec('placement-group', name, context.runId, ttlMinutes)],
					}),
				),
			async () => ownPlacementGroup(client, name, context.runId),
		),
	);
	context.ledger.record({
		kind: 'placement-group',
		id: name,
		deleteCommand: deleteCommands.placementGroup(region, name),
		remove: async () => {
			await tracker.allTerminated();
			try {
				await settings.removalClient.send(new DeletePlacementGroupCommand({GroupName: name}));
			} catch (error: unknown) {
				if (!isNotFound(error)) throw mapAwsError('DeletePlacementGroup', error);
			}
		},
	});
	context.onEvent?.({type: 'resource-created', kind: 'placement-group', id: name});
	return name;
}

async function deleteSecurityGroup(
	settings: AwsProvisionSettings,
	tracker: InstanceTracker,
	id: string,
): Promise<void> {
	await tracker.allTerminated();
	await deleteSecurityGroupWhenFree(settings.removalClient, id, settings.retry);
}
