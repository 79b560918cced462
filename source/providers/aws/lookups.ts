// Read-only lookups before anything is created: the standard zones offering the shape, the newest Ubuntu
// 24.04 image for its architecture, the network (default VPC, or --vpc / --subnet) and its subnet per zone.

import {
	DescribeAvailabilityZonesCommand,
	DescribeImagesCommand,
	DescribeInstanceTypeOfferingsCommand,
	DescribeSubnetsCommand,
	type DescribeSubnetsCommandInput,
	DescribeVpcsCommand,
	type EC2Client,
} from '@aws-sdk/client-ec2';
import {RuntimeError, UserError} from '../../domain/errors.js';
import {call} from './aws-client.js';

const ubuntuOwner = '099720109477';

/** The VPC and subnets a run uses: the default VPC, or the user's --vpc / --subnet. */
export interface AwsNetwork {
	readonly vpcId: string;
	/** How the plan and the notes name it. */
	readonly source: string;
	/** A --subnet fixes the zone (a subnet lives in one AZ). */
	readonly fixedZone: string | null;
	subnetFor(zone: string): Promise<string>;
}

const describeSubnets = async (client: EC2Client, input: DescribeSubnetsCommandInput) =>
	(await call('DescribeSubnets', async () => client.send(new DescribeSubnetsCommand(input)))).Subnets ?? [];

/**
 * --subnet: that subnet (its VPC and AZ); --vpc: a subnet of that VPC in the zone; neither: the default VPC
 * and its default-for-az subnet. A region without a default VPC (deleted, or an account made without one)
 * says so and names the flags, before anything is created.
 */
export async function resolveNetwork(
	client: EC2Client,
	target: {readonly vpc?: string; readonly subnet?: string},
): Promise<AwsNetwork> {
	if (target.subnet) return subnetNetwork(client, target.subnet, target.vpc);
	if (target.vpc) return vpcNetwork(client, target.vpc);
	return defaultNetwork(client);
}

/** --subnet: that subnet, its VPC (which must be --vpc when both are given) and its zone. */
async function subnetNetwork(client: EC2Client, wanted: string, vpc: string | undefined): Promise<AwsNetwork> {
	const subnets = await describeSubnets(client, {SubnetIds: [wanted]}).catch((error: unknown) => {
		throw /InvalidSubnetID/.test(String((error as Error).message))
			? new UserError(`--subnet ${wanted} does not exist in this region`)
			: error;
	});
	const subnet = subnets[0];
	if (!subnet?.VpcId || !subnet.AvailabilityZone) {
		throw new UserError(`--subnet ${wanted} does not exist in this region`);
	}

	if (vpc && vpc !== subnet.VpcId) {
		throw new UserError(`--subnet ${wanted} is in ${subnet.VpcId}, not --vpc ${vpc}`);
	}

	const subnetId = subnet.SubnetId ?? wanted;
	return {
		vpcId: subnet.VpcId,
		source: `--subnet ${subnetId} (${subnet.VpcId}, ${subnet.AvailabilityZone})`,
		fixedZone: subnet.AvailabilityZone,
		subnetFor: async () => subnetId,
	};
}

/** --vpc: the first subnet of that VPC (by id) in the zone tried. */
function vpcNetwork(client: EC2Client, vpcId: string): AwsNetwork {
	return {
		vpcId,
		source: `--vpc ${vpcId}`,
		fixedZone: null,
		subnetFor: async (zone) => {
			const filters = [
				{Name: 'vpc-id', Values: [vpcId]},
				{Name: 'availability-zone', Values: [zone]},
			];
			const found = (await describeSubnets(client, {Filters: filters}))
				.map((subnet) => subnet.SubnetId ?? '')
				.filter(Boolean)
				.sort()[0];
			if (!found) throw new UserError(`--vpc ${vpcId} has no subnet in ${zone}`, 'pass --subnet SUBNET-ID');
			return found;
		},
	};
}

/** The region's default VPC and, per zone, its default subnet. */
async function defaultNetwork(client: EC2Client): Promise<AwsNetwork> {
	const vpcs = await call('DescribeVpcs', async () =>
		client.send(new DescribeVpcsCommand({Filters: [{Name: 'is-default', Values: ['true']}]})),
	);
	const vpcId = vpcs.Vpcs?.[0]?.VpcId;
	if (!vpcId) {
		throw new UserError(
			'this region has no default VPC',
			'pass --vpc VPC-ID (and --subnet SUBNET-ID) of a VPC with an internet gateway, or run `aws ec2 create-default-vpc`',
		);
	}

	return {
		vpcId,
		source: `default VPC ${vpcId}`,
		fixedZone: null,
		subnetFor: async (zone) => defaultSubnet(client, vpcId, zone),
	};
}

async function defaultSubnet(client: EC2Client, vpcId: string, zone: string): Promise<string> {
	const found = await describeSubnets(client, {
		Filters: [
			{Name: 'vpc-id', Values: [vpcId]},
			{Name: 'availability-zone', Values: [zone]},
			{Name: 'default-for-az', Values: ['true']},
		],
	});
	const subnetId = found[0]?.SubnetId;
	if (!subnetId) {
		throw new UserError(`the default VPC has no default subnet in ${zone}`, 'pick another --zone, or pass --subnet');
	}

	return subnetId;
}

/**
 * The region's standard Availability Zones (DescribeAvailabilityZones, filter zone-type=availability-zone):
 * Local Zones (`us-west-2-lax-1a`) and Wavelength Zones also offer shapes and sort before `us-west-2a`.
 */
async function standardZones(client: EC2Client): Promise<Set<string>> {
	const answer = await call('DescribeAvailabilityZones', async () =>
		client.send(
			new DescribeAvailabilityZonesCommand({
				Filters: [
					{Name: 'zone-type', Values: ['availability-zone']},
					{Name: 'state', Values: ['available']},
				],
			}),
		),
	);
	return new Set(
		(answer.AvailabilityZones ?? [])
			.filter((zone) => (zone.ZoneType ?? 'availability-zone') === 'availability-zone')
			.map((zone) => zone.ZoneName ?? '')
			.filter(Boolean),
	);
}

/**
 * Zones to try, in order: the one asked for (--zone, or the --subnet's), else every standard AZ offering the
 * shape (a later one is tried when EC2 answers InsufficientInstanceCapacity).
 */
export async function candidateZones(client: EC2Client, shape: string, wanted: string | null): Promise<string[]> {
	const [offerings, standard] = await Promise.all([
		call('DescribeInstanceTypeOfferings', async () =>
			client.send(
				new DescribeInstanceTypeOfferingsCommand({
					LocationType: 'availability-zone',
					Filters: [{Name: 'instance-type', Values: [shape]}],
				}),
			),
		),
		standardZones(client),
	]);
	const offered = (offerings.InstanceTypeOfferings ?? []).map((offering) => offering.Location ?? '').filter(Boolean);
	if (wanted) {
		if (offered.length > 0 && !offered.includes(wanted)) {
			throw new UserError(`${shape} is not offered in ${wanted}`, `offered in ${offered.sort().join(', ')}`);
		}

		return [wanted];
	}

	const zones = offered.filter((zone) => standard.has(zone)).sort();
	if (zones.length === 0) {
		throw new RuntimeError(`${shape} is not offered in any standard Availability Zone of this region`);
	}

	return zones;
}

export interface AwsImage {
	readonly id: string;
	readonly name: string;
}

/** Pinned to Canonical's Ubuntu 24.04 server images (owner 099720109477); the newest build of that line. */
export async function ubuntuImage(client: EC2Client, architecture: 'arm64' | 'x86_64'): Promise<AwsImage> {
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
	const newest = [...(images.Images ?? [])].sort((a, b) =>
		(b.CreationDate ?? '').localeCompare(a.CreationDate ?? ''),
	)[0];
	if (!newest?.ImageId) {
		throw new RuntimeError(`no Ubuntu 24.04 ${arch} image found in this region`);
	}

	return {id: newest.ImageId, name: newest.Name ?? newest.ImageId};
}
