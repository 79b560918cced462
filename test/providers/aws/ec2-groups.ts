// Key pairs, security groups (and the ENIs that hold them) and placement groups in the HTTP fake EC2, as
// the EC2 API reference shapes their requests and answers. DeleteSecurityGroup answers DependencyViolation
// ("resource sg-… has a dependent object") while a terminated instance's ENI is still attached, and
// DeletePlacementGroup InvalidPlacementGroup.InUse while a live instance is in it. A create whose name is
// taken answers the EC2 API's Duplicate code (InvalidKeyPair.Duplicate, InvalidGroup.Duplicate,
// InvalidPlacementGroup.Duplicate: "Error codes for the Amazon EC2 API").

import type {Ec2Context, Ec2Handler} from './ec2-lookups.js';
import {el, hasTagKeys, items, raw, type Tags, tagSet} from './ec2-wire.js';

export interface FakeInstance {
	readonly id: string;
	state: 'pending' | 'running' | 'shutting-down' | 'terminated';
	readonly tags: Tags;
	readonly zone: string;
	readonly groups: readonly string[];
	readonly placementGroup: string | undefined;
	readonly n: number;
	/** DescribeNetworkInterfaces reads its ENI stays attached after termination. */
	eniReadsLeft: number;
}

/** The fake's bookkeeping, as the handlers here read and change it. */
export interface Ec2State extends Ec2Context {
	readonly instances: ReadonlyMap<string, FakeInstance>;
	readonly placementGroups: Map<string, Tags>;
	readonly securityGroups: Map<string, {name: string; tags: Tags}>;
	readonly keyPairs: Map<string, {name: string; tags: Tags}>;
	nextNumber(): number;
}

/** An instance's ENI: attached while it lives, and for `eniReadsLeft` reads after it is terminated. */
export function eniAttached(instance: FakeInstance): boolean {
	return instance.state !== 'terminated' || instance.eniReadsLeft > 0;
}

/** A Describe call's names (KeyName.N, GroupName.N, the group-name filter): none given matches all. */
const named = (wanted: readonly string[] | undefined, name: string): boolean =>
	wanted === undefined || wanted.length === 0 || wanted.includes(name);

export const groupHandlers: Record<
	string,
	(form: Parameters<Ec2Handler>[0], fake: Ec2State) => ReturnType<Ec2Handler>
> = {
	ImportKeyPair: (form, fake) => {
		const name = form.get('KeyName') ?? '';
		if ([...fake.keyPairs.values()].some((key) => key.name === name))
			return fake.error('InvalidKeyPair.Duplicate', `The keypair '${name}' already exists.`);
		const id = `key-0${fake.nextNumber().toString(16)}`;
		fake.keyPairs.set(id, {name: form.get('KeyName') ?? '', tags: form.tags('key-pair')});
		return (
			el('keyFingerprint', 'd1:fa:4e:41:65:72:a8:a9:63:37:9e:c0:21:f8:d8:1b') +
			el('keyName', form.get('KeyName')) +
			el('keyPairId', id)
		);
	},
	CreateSecurityGroup: (form, fake) => {
		const name = form.get('GroupName') ?? '';
		if ([...fake.securityGroups.values()].some((group) => group.name === name))
			return fake.error(
				'InvalidGroup.Duplicate',
				`The security group '${name}' already exists for VPC '${form.get('VpcId') ?? 'vpc-0default'}'`,
			);
		const id = `sg-0${fake.nextNumber().toString(16)}`;
		fake.securityGroups.set(id, {name: form.get('GroupName') ?? '', tags: form.tags('security-group')});
		return el('return', true) + el('groupId', id);
	},
	AuthorizeSecurityGroupIngress: (form, fake) =>
		fake.securityGroups.has(form.get('GroupId') ?? '')
			? el('return', true)
			: fake.error('InvalidGroup.NotFound', `The security group '${form.get('GroupId')}' does not exist`),
	CreatePlacementGroup: (form, fake) => {
		const name = form.get('GroupName') ?? '';
		if (fake.placementGroups.has(name))
			return fake.error('InvalidPlacementGroup.Duplicate', `The placement group '${name}' already exists.`);
		fake.placementGroups.set(form.get('GroupName') ?? '', form.tags('placement-group'));
		return raw(
			'placementGroup',
			el('groupName', form.get('GroupName')) + el('state', 'available') + el('strategy', form.get('Strategy')),
		);
	},
	DescribeNetworkInterfaces: (form, fake) => {
		const group = form.filter('group-id')?.[0] ?? '';
		const attached = [...fake.instances.values()].filter(
			(instance) => instance.groups.includes(group) && eniAttached(instance),
		);
		for (const instance of attached) if (instance.state === 'terminated') instance.eniReadsLeft--;
		return items(
			'networkInterfaceSet',
			attached,
			(instance) =>
				el('networkInterfaceId', `eni-0${instance.n}`) +
				el('status', 'in-use') +
				raw('attachment', el('instanceId', instance.id) + el('status', 'detaching')),
		);
	},
	DeleteSecurityGroup: (form, fake) => {
		const id = form.get('GroupId') ?? '';
		if (!fake.securityGroups.has(id))
			return fake.error('InvalidGroup.NotFound', `The security group '${id}' does not exist`);
		if ([...fake.instances.values()].some((instance) => instance.groups.includes(id) && eniAttached(instance)))
			return fake.error('DependencyViolation', `resource ${id} has a dependent object`);
		fake.securityGroups.delete(id);
		return el('return', true);
	},
	DeletePlacementGroup: (form, fake) => {
		const name = form.get('GroupName') ?? '';
		if (!fake.placementGroups.has(name))
			return fake.error('InvalidPlacementGroup.Unknown', `The Placement Group '${name}' is unknown.`);
		if (
			[...fake.instances.values()].some(
				(instance) => instance.placementGroup === name && instance.state !== 'terminated',
			)
		)
			return fake.error('InvalidPlacementGroup.InUse', `The placement group '${name}' is in use.`);
		fake.placementGroups.delete(name);
		return el('return', true);
	},
	DeleteKeyPair: (form, fake) => {
		for (const [id, key] of fake.keyPairs)
			if (id === form.get('KeyPairId') || key.name === form.get('KeyName')) fake.keyPairs.delete(id);
		return el('return', true);
	},
	DescribePlacementGroups: (form, fake) =>
		items(
			'placementGroupSet',
			[...fake.placementGroups].filter(
				([name, tags]) => hasTagKeys(tags, form.filter('tag-key')) && named(form.list('GroupName'), name),
			),
			([name, tags]) => el('groupName', name) + el('state', 'available') + tagSet(tags),
		),
	DescribeSecurityGroups: (form, fake) =>
		items(
			'securityGroupInfo',
			[...fake.securityGroups].filter(
				([, group]) => hasTagKeys(group.tags, form.filter('tag-key')) && named(form.filter('group-name'), group.name),
			),
			([id, group]) => el('groupId', id) + el('groupName', group.name) + tagSet(group.tags),
		),
	DescribeKeyPairs: (form, fake) =>
		items(
			'keySet',
			[...fake.keyPairs].filter(
				([, key]) => hasTagKeys(key.tags, form.filter('tag-key')) && named(form.list('KeyName'), key.name),
			),
			([id, key]) => el('keyPairId', id) + el('keyName', key.name) + tagSet(key.tags),
		),
};
