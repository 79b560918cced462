// A stateful fake EC2 behind aws-sdk-client-mock: the mock's handlers keep the live resources in maps,
// so a test can ask what the fake cloud still holds. Every call made while armed is an injection point:
// one can be made to fail, or to abort the run as it starts; latency can be added to every call.
// Real-account behaviour it can play, with the codes and messages EC2 documents:
// - eventual consistency (EC2 API guide, "Eventual consistency in the Amazon EC2 API"): a call right after a
//   create answers InvalidGroup.NotFound / InvalidKeyPair.NotFound / InvalidInstanceID.NotFound `lag` times;
//   DescribeInstances can read a terminated instance as `pending` (a stale read) `stalePending` times;
// - ENIs of terminated instances stay attached for `eniLinger` DescribeNetworkInterfaces reads, and
//   DeleteSecurityGroup answers DependencyViolation ("resource sg-… has a dependent object") meanwhile;
// - InsufficientInstanceCapacity in the zones of `noCapacityIn`; a Local Zone that sorts before the AZs;
// - Service Quotas GetServiceQuota L-1216C47A (`quotaVcpus`), on its own mocked client.
// Faults: `failAt` a permanent InvalidParameterValue at the nth call, `transientAt` one RequestLimitExceeded
// (503) there, `loseRunInstancesAnswer` a RunInstances that launches but whose answer is lost (a reset
// connection), `transientDeleteAt` one 503 at the nth delete. RunInstances repeated with the same ClientToken
// answers what the first launched, as EC2 does.

import {setTimeout as delay} from 'node:timers/promises';
import * as ec2 from '@aws-sdk/client-ec2';
import * as sq from '@aws-sdk/client-service-quotas';
import {type AwsClientStub, mockClient} from 'aws-sdk-client-mock';
import {fakeConsole} from '../gcp/fake-ssh.js';

type Tags = ReadonlyArray<{Key?: string; Value?: string}>;
interface FakeInstance {
	id: string;
	state: string;
	tags: Tags;
	groupName?: string;
	securityGroups: string[];
	input: ec2.RunInstancesCommandInput;
	privateIp: string;
	publicIp: string;
	/** DescribeNetworkInterfaces reads left before a terminated instance's ENI is gone. */
	eniReadsLeft: number;
}

export interface FakeCall {
	readonly command: string;
	readonly input: Record<string, unknown>;
}

function awsError(name: string, message: string, httpStatusCode = 400): Error {
	return Object.assign(new Error(message), {
		name,
		$fault: httpStatusCode >= 500 ? 'server' : 'client',
		$metadata: {httpStatusCode},
	});
}

function tagsOf(specs: ec2.TagSpecification[] | undefined, type: string): Tags {
	return specs?.find((spec) => spec.ResourceType === type)?.Tags ?? [];
}

function hasTagKey(tags: Tags, filters: ec2.Filter[] | undefined): boolean {
	const wanted = filters?.find((filter) => filter.Name === 'tag-key')?.Values ?? [];
	return wanted.every((key) => tags.some((tag) => tag.Key === key));
}

export const c8gnInfo: ec2.InstanceTypeInfo = {
	InstanceType: 'c8gn.4xlarge',
	VCpuInfo: {DefaultVCpus: 16},
	ProcessorInfo: {SupportedArchitectures: ['arm64']},
	NetworkInfo: {
		NetworkPerformance: '50 Gigabit',
		EnaSrdSupported: true,
		NetworkCards: [{NetworkCardIndex: 0, BaselineBandwidthInGbps: 50, PeakBandwidthInGbps: 50}],
	},
	PlacementGroupInfo: {SupportedStrategies: ['cluster', 'partition', 'spread']},
};

export const c8gInfo: ec2.InstanceTypeInfo = {
	InstanceType: 'c8g.4xlarge',
	VCpuInfo: {DefaultVCpus: 16},
	ProcessorInfo: {SupportedArchitectures: ['arm64']},
	NetworkInfo: {
		NetworkPerformance: 'Up to 15 Gigabit',
		EnaSrdSupported: false,
		NetworkCards: [{NetworkCardIndex: 0, BaselineBandwidthInGbps: 7.5, PeakBandwidthInGbps: 15}],
	},
	PlacementGroupInfo: {SupportedStrategies: ['cluster', 'partition', 'spread']},
};

/** The messages EC2 gives with these codes (the id quoted; it exists, it has not propagated). */
const lagMessages: Record<string, string> = {
	'InvalidGroup.NotFound': "The security group 'sg-1' does not exist",
	'InvalidKeyPair.NotFound': "The key pair 'netplace-np' does not exist",
	'InvalidInstanceID.NotFound': "The instance ID 'i-00000001' does not exist",
};

export class FakeEc2 {
	readonly client = new ec2.EC2Client({
		region: 'us-west-2',
		credentials: {accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake'},
	});
	readonly mock: AwsClientStub<ec2.EC2Client>;
	readonly instances = new Map<string, FakeInstance>();
	/** Console output by instance id (default: the startup script's host key line for its public address). */
	readonly consoles = new Map<string, string>();
	/** Every console is still empty (no host key printed yet). */
	blankConsoles = false;
	readonly placementGroups = new Map<string, {tags: Tags; strategy: string}>();
	readonly securityGroups = new Map<string, {name: string; tags: Tags; rules: ec2.IpPermission[]; ruleTags: Tags}>();
	readonly keyPairs = new Map<string, {name: string; tags: Tags}>();
	readonly calls: FakeCall[] = [];
	/** Labels of the calls made while armed, in order. */
	readonly faultable: string[] = [];
	armed = true;
	failAt: number | null = null;
	/** Index (into `faultable`) of the call that answers RequestLimitExceeded once. */
	transientAt: number | null = null;
	/** The next RunInstances launches but its answer is lost; the ClientTokens of those lost. */
	loseRunInstancesAnswer = false;
	readonly lostClientTokens: Array<string | undefined> = [];
	/** Delete calls in order while `armedDeletes`, and the one that answers 503 once. */
	readonly deletePoints: string[] = [];
	armedDeletes = false;
	transientDeleteAt: number | null = null;
	/** RunInstances answers by ClientToken. */
	private readonly launches = new Map<string, string[]>();
	onFaultable: ((index: number, label: string) => void) | undefined;
	/** A thrown error for every call (e.g. missing credentials). */
	failEverything: Error | undefined;
	/** Delete calls that fail, by command name. */
	readonly failDeletes = new Set<string>();
	latencyMs = 0;
	/** Calls waiting out their latency right now, and the most seen at once (concurrency, read without a clock). */
	inFlight = 0;
	maxInFlight = 0;
	/** Instances never leave `pending` (a waiter that times out). */
	stuckPending = false;
	/** Eventual consistency: `command` answers `code` the next `times` calls. */
	readonly lag: Array<{command: string; code: string; times: number}> = [];
	/** DescribeInstances by id reads terminated instances as `pending` this many more times. */
	stalePending = 0;
	/** DescribeNetworkInterfaces reads a terminated instance's ENI stays attached for. */
	eniLinger = 0;
	/** Zones answering InsufficientInstanceCapacity to RunInstances. */
	readonly noCapacityIn = new Set<string>();
	/** The default VPC exists (false: an account or region without one). */
	hasDefaultVpc = true;
	/** Service Quotas L-1216C47A value, vCPUs; `quotaError` makes GetServiceQuota fail with that code. */
	quotaVcpus = 640;
	quotaError: string | undefined;
	readonly quotasClient = new sq.ServiceQuotasClient({
		region: 'us-west-2',
		credentials: {accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake'},
	});
	private counter = 0;

	constructor(readonly types: readonly ec2.InstanceTypeInfo[] = [c8gnInfo, c8gInfo]) {
		this.mock = mockClient(this.client);
		const on = <I extends object, O extends object>(
			command: unknown,
			name: string,
			handler: (input: I) => O | Promise<O>,
		): void => {
			// The mock's own typing is per command; this helper only needs input in, output out.
			(this.mock.on as (c: unknown) => {callsFake: (fn: (input: I) => Promise<O>) => void})(command).callsFake(
				async (input: I) => {
					await this.enter(name, input);
					return handler(input);
				},
			);
		};

		mockClient(this.quotasClient)
			.on(sq.GetServiceQuotaCommand)
			.callsFake(async (input: sq.GetServiceQuotaCommandInput) => {
				await this.enter('GetServiceQuota', input);
				if (this.quotaError) throw awsError(this.quotaError, `injected ${this.quotaError}`);
				return {
					Quota: {
						ServiceCode: 'ec2',
						QuotaCode: input.QuotaCode,
						QuotaName: 'Running On-Demand Standard (A, C, D, H, I, M, R, T, Z) instances',
						Value: this.quotaVcpus,
						Unit: 'None',
						Adjustable: true,
						GlobalQuota: false,
					},
				};
			});
		on(
			ec2.DescribeAvailabilityZonesCommand,
			'DescribeAvailabilityZones',
			(input: ec2.DescribeAvailabilityZonesCommandInput) => {
				const all = [
					{ZoneName: 'us-west-2-lax-1a', ZoneType: 'local-zone', State: 'available' as const},
					{ZoneName: 'us-west-2a', ZoneType: 'availability-zone', State: 'available' as const},
					{ZoneName: 'us-west-2b', ZoneType: 'availability-zone', State: 'available' as const},
				];
				const types = input.Filters?.find((filter) => filter.Name === 'zone-type')?.Values;
				return {AvailabilityZones: all.filter((zone) => !types || types.includes(zone.ZoneType))};
			},
		);
		on(
			ec2.DescribeNetworkInterfacesCommand,
			'DescribeNetworkInterfaces',
			(input: ec2.DescribeNetworkInterfacesCommandInput) => {
				const group = input.Filters?.find((filter) => filter.Name === 'group-id')?.Values?.[0] ?? '';
				const attached = [...this.instances.values()].filter(
					(instance) => instance.securityGroups.includes(group) && this.eniAttached(instance),
				);
				for (const instance of attached) if (instance.state === 'terminated') instance.eniReadsLeft--;
				return {
					NetworkInterfaces: attached.map((instance) => ({
						NetworkInterfaceId: `eni-${instance.id.slice(2)}`,
						Status: instance.state === 'terminated' ? ('in-use' as const) : ('in-use' as const),
						Attachment: {InstanceId: instance.id, Status: 'detaching' as const},
					})),
				};
			},
		);
		on(ec2.DescribeInstanceTypesCommand, 'DescribeInstanceTypes', (input: ec2.DescribeInstanceTypesCommandInput) => {
			const found = this.types.filter((info) => input.InstanceTypes?.includes(info.InstanceType!));
			if (found.length === 0)
				throw awsError(
					'InvalidInstanceType',
					`The following supplied instance types do not exist: [${input.InstanceTypes?.join(', ')}]`,
				);
			return {InstanceTypes: found};
		});
		on(ec2.DescribeInstanceTypeOfferingsCommand, 'DescribeInstanceTypeOfferings', () => ({
			InstanceTypeOfferings: [{Location: 'us-west-2b'}, {Location: 'us-west-2-lax-1a'}, {Location: 'us-west-2a'}],
		}));
		on(ec2.DescribeImagesCommand, 'DescribeImages', () => ({
			Images: [
				{ImageId: 'ami-old', CreationDate: '2025-01-01T00:00:00Z'},
				{
					ImageId: 'ami-new',
					Name: 'ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-arm64-server-20260601',
					CreationDate: '2026-06-01T00:00:00Z',
				},
			],
		}));
		on(ec2.DescribeVpcsCommand, 'DescribeVpcs', () => ({
			Vpcs: this.hasDefaultVpc ? [{VpcId: 'vpc-default', IsDefault: true}] : [],
		}));
		on(ec2.DescribeSubnetsCommand, 'DescribeSubnets', (input: ec2.DescribeSubnetsCommandInput) => {
			const subnets = [
				{SubnetId: 'subnet-2a', VpcId: 'vpc-default', AvailabilityZone: 'us-west-2a', DefaultForAz: true},
				{SubnetId: 'subnet-2b', VpcId: 'vpc-default', AvailabilityZone: 'us-west-2b', DefaultForAz: true},
				{SubnetId: 'subnet-own-2b', VpcId: 'vpc-own', AvailabilityZone: 'us-west-2b', DefaultForAz: false},
			];
			if (input.SubnetIds) {
				const found = subnets.filter((subnet) => input.SubnetIds?.includes(subnet.SubnetId));
				if (found.length === 0)
					throw awsError('InvalidSubnetID.NotFound', `The subnet ID '${input.SubnetIds.join(', ')}' does not exist`);
				return {Subnets: found};
			}

			const value = (name: string) => input.Filters?.find((filter) => filter.Name === name)?.Values?.[0];
			return {
				Subnets: subnets.filter(
					(subnet) =>
						(!value('vpc-id') || subnet.VpcId === value('vpc-id')) &&
						(!value('availability-zone') || subnet.AvailabilityZone === value('availability-zone')) &&
						(!value('default-for-az') || subnet.DefaultForAz),
				),
			};
		});
		on(ec2.ImportKeyPairCommand, 'ImportKeyPair', (input: ec2.ImportKeyPairCommandInput) => {
			const id = `key-${++this.counter}`;
			this.keyPairs.set(id, {name: input.KeyName!, tags: tagsOf(input.TagSpecifications, 'key-pair')});
			return {KeyPairId: id, KeyName: input.KeyName};
		});
		on(ec2.CreateSecurityGroupCommand, 'CreateSecurityGroup', (input: ec2.CreateSecurityGroupCommandInput) => {
			const id = `sg-${++this.counter}`;
			this.securityGroups.set(id, {
				name: input.GroupName!,
				tags: tagsOf(input.TagSpecifications, 'security-group'),
				rules: [],
				ruleTags: [],
			});
			return {GroupId: id};
		});
		on(
			ec2.AuthorizeSecurityGroupIngressCommand,
			'AuthorizeSecurityGroupIngress',
			(input: ec2.AuthorizeSecurityGroupIngressCommandInput) => {
				const group = this.securityGroups.get(input.GroupId!);
				if (!group) throw awsError('InvalidGroup.NotFound', 'no such group');
				group.rules.push(...(input.IpPermissions ?? []));
				group.ruleTags = tagsOf(input.TagSpecifications, 'security-group-rule');
				return {Return: true};
			},
		);
		on(ec2.CreatePlacementGroupCommand, 'CreatePlacementGroup', (input: ec2.CreatePlacementGroupCommandInput) => {
			this.placementGroups.set(input.GroupName!, {
				tags: tagsOf(input.TagSpecifications, 'placement-group'),
				strategy: input.Strategy!,
			});
			return {PlacementGroup: {GroupName: input.GroupName}};
		});
		on(ec2.RunInstancesCommand, 'RunInstances', (input: ec2.RunInstancesCommandInput) => {
			const zone = input.Placement?.AvailabilityZone ?? '';
			if (this.noCapacityIn.has(zone))
				throw awsError(
					'InsufficientInstanceCapacity',
					`We currently do not have sufficient ${input.InstanceType} capacity in the Availability Zone you requested (${zone}). Our system will be working on provisioning additional capacity. You can currently get ${input.InstanceType} capacity by not specifying an Availability Zone in your request or choosing us-west-2b.`,
				);
			const earlier = input.ClientToken === undefined ? undefined : this.launches.get(input.ClientToken);
			if (earlier) {
				return {Instances: earlier.map((id) => ({InstanceId: id, State: {Name: 'pending' as const}}))};
			}

			const made: FakeInstance[] = [];
			for (let index = 0; index < (input.MinCount ?? 1); index++) {
				const n = ++this.counter;
				const instance: FakeInstance = {
					id: `i-${n.toString(16).padStart(8, '0')}`,
					state: 'pending',
					tags: tagsOf(input.TagSpecifications, 'instance'),
					...(input.Placement?.GroupName ? {groupName: input.Placement.GroupName} : {}),
					securityGroups: input.NetworkInterfaces?.[0]?.Groups ?? [],
					input,
					privateIp: `172.31.0.${n}`,
					publicIp: `203.0.113.${n}`,
					eniReadsLeft: this.eniLinger,
				};
				this.instances.set(instance.id, instance);
				made.push(instance);
			}

			if (input.ClientToken !== undefined)
				this.launches.set(
					input.ClientToken,
					made.map((instance) => instance.id),
				);
			if (this.loseRunInstancesAnswer) {
				this.loseRunInstancesAnswer = false;
				this.lostClientTokens.push(input.ClientToken);
				throw Object.assign(new Error('read ECONNRESET'), {code: 'ECONNRESET', $metadata: {}});
			}

			return {Instances: made.map((instance) => ({InstanceId: instance.id, State: {Name: 'pending'}}))};
		});
		on(ec2.DescribeInstancesCommand, 'DescribeInstances', (input: ec2.DescribeInstancesCommandInput) => {
			let list = [...this.instances.values()];
			if (input.InstanceIds) {
				list = list.filter((instance) => input.InstanceIds!.includes(instance.id));
				// Instances come up between one look and the next.
				for (const instance of list) if (instance.state === 'pending' && !this.stuckPending) instance.state = 'running';
				if (this.stalePending > 0 && list.some((instance) => instance.state === 'terminated')) {
					this.stalePending--;
					return {
						Reservations: [
							{Instances: list.map((instance) => ({InstanceId: instance.id, State: {Name: 'pending' as const}}))},
						],
					};
				}
			} else {
				const states = input.Filters?.find((filter) => filter.Name === 'instance-state-name')?.Values;
				list = list.filter(
					(instance) => hasTagKey(instance.tags, input.Filters) && (!states || states.includes(instance.state)),
				);
			}

			return {
				Reservations: [
					{
						Instances: list.map((instance) => ({
							InstanceId: instance.id,
							State: {Name: instance.state as ec2.InstanceStateName},
							PrivateIpAddress: instance.privateIp,
							PublicIpAddress: instance.publicIp,
							Tags: [...instance.tags],
						})),
					},
				],
			};
		});
		on(
			ec2.DescribeInstanceStatusCommand,
			'DescribeInstanceStatus',
			(input: ec2.DescribeInstanceStatusCommandInput) => ({
				InstanceStatuses: (input.InstanceIds ?? []).map((id) => ({
					InstanceId: id,
					InstanceStatus: {Status: 'ok' as const},
					SystemStatus: {Status: 'ok' as const},
				})),
			}),
		);
		on(ec2.GetConsoleOutputCommand, 'GetConsoleOutput', (input: ec2.GetConsoleOutputCommandInput) => {
			const instance = this.instances.get(input.InstanceId ?? '');
			if (!instance)
				throw awsError('InvalidInstanceID.NotFound', `The instance ID '${input.InstanceId}' does not exist`);
			const text =
				(this.blankConsoles ? '' : undefined) ?? this.consoles.get(instance.id) ?? fakeConsole(instance.publicIp);
			return {InstanceId: instance.id, Output: Buffer.from(text).toString('base64')};
		});
		on(ec2.TerminateInstancesCommand, 'TerminateInstances', (input: ec2.TerminateInstancesCommandInput) => {
			this.maybeFailDelete('TerminateInstances');
			for (const id of input.InstanceIds ?? []) {
				const instance = this.instances.get(id);
				if (instance) instance.state = 'terminated';
			}

			return {TerminatingInstances: []};
		});
		on(ec2.DeletePlacementGroupCommand, 'DeletePlacementGroup', (input: ec2.DeletePlacementGroupCommandInput) => {
			this.maybeFailDelete('DeletePlacementGroup');
			if (!this.placementGroups.has(input.GroupName!)) throw awsError('InvalidPlacementGroup.Unknown', 'unknown group');
			if (this.live().some((instance) => instance.groupName === input.GroupName))
				throw awsError('InvalidPlacementGroup.InUse', 'group in use');
			this.placementGroups.delete(input.GroupName!);
			return {};
		});
		on(ec2.DeleteSecurityGroupCommand, 'DeleteSecurityGroup', (input: ec2.DeleteSecurityGroupCommandInput) => {
			this.maybeFailDelete('DeleteSecurityGroup');
			if (!this.securityGroups.has(input.GroupId!)) throw awsError('InvalidGroup.NotFound', 'no such group');
			if ([...this.instances.values()].some((i) => i.securityGroups.includes(input.GroupId!) && this.eniAttached(i)))
				throw awsError('DependencyViolation', `resource ${input.GroupId} has a dependent object`);
			this.securityGroups.delete(input.GroupId!);
			return {};
		});
		on(ec2.DeleteKeyPairCommand, 'DeleteKeyPair', (input: ec2.DeleteKeyPairCommandInput) => {
			this.maybeFailDelete('DeleteKeyPair');
			for (const [id, key] of this.keyPairs)
				if (id === input.KeyPairId || key.name === input.KeyName) this.keyPairs.delete(id);
			return {};
		});
		on(
			ec2.DescribePlacementGroupsCommand,
			'DescribePlacementGroups',
			(input: ec2.DescribePlacementGroupsCommandInput) => ({
				PlacementGroups: [...this.placementGroups]
					.filter(([, group]) => hasTagKey(group.tags, input.Filters))
					.map(([name, group]) => ({GroupName: name, State: 'available' as const, Tags: [...group.tags]})),
			}),
		);
		on(
			ec2.DescribeSecurityGroupsCommand,
			'DescribeSecurityGroups',
			(input: ec2.DescribeSecurityGroupsCommandInput) => ({
				SecurityGroups: [...this.securityGroups]
					.filter(([, group]) => hasTagKey(group.tags, input.Filters))
					.map(([id, group]) => ({GroupId: id, GroupName: group.name, Tags: [...group.tags]})),
			}),
		);
		on(ec2.DescribeKeyPairsCommand, 'DescribeKeyPairs', (input: ec2.DescribeKeyPairsCommandInput) => ({
			KeyPairs: [...this.keyPairs]
				.filter(([, key]) => hasTagKey(key.tags, input.Filters))
				.map(([id, key]) => ({KeyPairId: id, KeyName: key.name, Tags: [...key.tags]})),
		}));
	}

	/** An instance's ENI: attached while it lives, and for `eniLinger` reads after it is terminated. */
	private eniAttached(instance: FakeInstance): boolean {
		return instance.state !== 'terminated' || instance.eniReadsLeft > 0;
	}

	live(): FakeInstance[] {
		return [...this.instances.values()].filter((instance) => instance.state !== 'terminated');
	}

	/** Everything a run created that still exists. */
	get resourceCount(): number {
		return this.live().length + this.placementGroups.size + this.securityGroups.size + this.keyPairs.size;
	}

	callsOf<T = Record<string, unknown>>(command: string): T[] {
		return this.calls.filter((call) => call.command === command).map((call) => call.input as T);
	}

	private maybeFailDelete(command: string): void {
		if (this.failDeletes.has(command)) throw awsError('InternalError', `injected ${command} failure`);
		if (this.armedDeletes) {
			const index = this.deletePoints.length;
			this.deletePoints.push(command);
			if (this.transientDeleteAt === index) throw awsError('Unavailable', `injected 503 at ${command}`, 503);
		}
	}

	private async enter(command: string, input: object): Promise<void> {
		this.calls.push({command, input: input as Record<string, unknown>});
		if (this.failEverything) throw this.failEverything;
		const lagging = this.lag.find((entry) => entry.command === command && entry.times > 0);
		if (lagging) {
			lagging.times--;
			throw awsError(lagging.code, lagMessages[lagging.code] ?? `${lagging.code}`);
		}

		if (this.armed) {
			const index = this.faultable.length;
			this.faultable.push(command);
			this.onFaultable?.(index, command);
			if (this.latencyMs > 0) await this.wait();
			if (this.failAt === index) throw awsError('InvalidParameterValue', `injected failure at ${command} (#${index})`);
			if (this.transientAt === index) throw awsError('RequestLimitExceeded', 'Request limit exceeded.', 503);
			return;
		}

		if (this.latencyMs > 0) await this.wait();
	}
	/** Waits out the latency, counting the calls that wait at once. */
	private async wait(): Promise<void> {
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		try {
			await delay(this.latencyMs);
		} finally {
			this.inFlight--;
		}
	}
}
