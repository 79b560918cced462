// Read-only lookups before anything is created: the zone offering the shape, the newest Ubuntu 24.04 image
// for its architecture, the default VPC and its subnet in that zone.

import {
	DescribeImagesCommand,
	DescribeInstanceTypeOfferingsCommand,
	DescribeSubnetsCommand,
	DescribeVpcsCommand,
	type EC2Client,
} from '@aws-sdk/client-ec2';
import {RuntimeError} from '../../errors.js';
import {call} from './aws-client.js';

const ubuntuOwner = '099720109477';

export async function defaultNetwork(client: EC2Client, zone: string): Promise<{vpcId: string; subnetId: string}> {
	const vpcs = await call('DescribeVpcs', async () =>
		client.send(new DescribeVpcsCommand({Filters: [{Name: 'is-default', Values: ['true']}]})),
	);
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

export async function pickZone(client: EC2Client, shape: string, wanted: string | undefined): Promise<string> {
	const offerings = await call('DescribeInstanceTypeOfferings', async () =>
		client.send(
			new DescribeInstanceTypeOfferingsCommand({
				LocationType: 'availability-zone',
				Filters: [{Name: 'instance-type', Values: [shape]}],
			}),
		),
	);
	const zones = (offerings.InstanceTypeOfferings ?? [])
		.map((offering) => offering.Location ?? '')
		.filter(Boolean)
		.sort();
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

export async function ubuntuImage(client: EC2Client, architecture: 'arm64' | 'x86_64'): Promise<string> {
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

	return newest.ImageId;
}

/** SSH from the caller's CIDR only; iperf3 and ICMP from members of the group only. */
