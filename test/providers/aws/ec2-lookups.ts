// The region facts the HTTP fake EC2 answers (us-west-2, a c8gn.4xlarge region with a Local Zone that
// sorts before the AZs): read-only lookups, as the EC2 API reference shapes their responses.

import type {MockReply} from '../cloud/http-mock.js';
import {el, escapeXml, items, type QueryForm, raw} from './ec2-wire.js';

/** What a handler may use of the fake: its region and its error answer. */
export interface Ec2Context {
	readonly region: string;
	error(code: string, message: string): MockReply;
}

export type Ec2Handler = (form: QueryForm, fake: Ec2Context) => string | MockReply;

export const lookupHandlers: Record<string, Ec2Handler> = {
	DescribeInstanceTypes: (form, fake) =>
		form.list('InstanceType').includes('c8gn.4xlarge')
			? items(
					'instanceTypeSet',
					[0],
					() =>
						el('instanceType', 'c8gn.4xlarge') +
						raw('vCpuInfo', el('defaultVCpus', 16)) +
						raw(
							'processorInfo',
							items('supportedArchitectures', ['arm64'], (arch) => escapeXml(arch)),
						) +
						raw(
							'networkInfo',
							el('networkPerformance', '50 Gigabit') +
								el('enaSrdSupported', true) +
								items(
									'networkCards',
									[0],
									() => el('networkCardIndex', 0) + el('baselineBandwidthInGbps', 50) + el('peakBandwidthInGbps', 50),
								),
						) +
						raw(
							'placementGroupInfo',
							items('supportedStrategies', ['cluster', 'partition', 'spread'], (s) => s),
						),
				)
			: fake.error(
					'InvalidInstanceType',
					`The following supplied instance types do not exist: [${form.list('InstanceType').join(', ')}]`,
				),
	DescribeVpcs: () => items('vpcSet', ['vpc-0default'], (id) => el('vpcId', id) + el('isDefault', true)),
	DescribeSubnets: (form) => {
		const zone = form.filter('availability-zone')?.[0];
		const zones = ['us-west-2a', 'us-west-2b'].filter((candidate) => !zone || candidate === zone);
		return items(
			'subnetSet',
			zones,
			(z) =>
				el('subnetId', `subnet-${z.slice(-2)}`) +
				el('vpcId', 'vpc-0default') +
				el('availabilityZone', z) +
				el('defaultForAz', true),
		);
	},
	DescribeAvailabilityZones: (form, fake) => {
		const types = form.filter('zone-type');
		const zones = [
			['us-west-2-lax-1a', 'local-zone'],
			['us-west-2a', 'availability-zone'],
			['us-west-2b', 'availability-zone'],
		].filter(([, type]) => !types || types.includes(type!));
		return items(
			'availabilityZoneInfo',
			zones,
			([name, type]) =>
				el('zoneName', name) + el('zoneState', 'available') + el('zoneType', type) + el('regionName', fake.region),
		);
	},
	DescribeInstanceTypeOfferings: () =>
		items(
			'instanceTypeOfferingSet',
			['us-west-2b', 'us-west-2-lax-1a', 'us-west-2a'],
			(zone) => el('instanceType', 'c8gn.4xlarge') + el('locationType', 'availability-zone') + el('location', zone),
		),
	DescribeImages: () =>
		items(
			'imagesSet',
			[
				['ami-0old', 'ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-arm64-server-20250101', '2025-01-01T00:00:00.000Z'],
				['ami-0new', 'ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-arm64-server-20260601', '2026-06-01T00:00:00.000Z'],
			],
			([id, name, date]) =>
				el('imageId', id) + el('name', name) + el('creationDate', date) + el('imageState', 'available'),
		),
};
