// What an AWS run is built on, read before anything is created: the shape (and ENA Express support), the
// network (VPC and subnets), the zones offering the shape, the Ubuntu image and the vCPU quota.

import type {InstanceTypeInfo} from '@aws-sdk/client-ec2';
import {UserError} from '../../domain/errors.js';
import type {PublishedBandwidth} from '../provider.js';
import type {AwsRun} from './aws-run.js';
import {architectureOf, describeShape, publishedFromInstanceType} from './instance-types.js';
import {throwIfAborted} from './instance-wait.js';
import {type AwsImage, type AwsNetwork, candidateZones, resolveNetwork, ubuntuImage} from './lookups.js';
import {checkVcpuQuota} from './quota.js';

export interface RunBasis {
	readonly published: PublishedBandwidth;
	readonly network: AwsNetwork;
	/** Zones to try, in order. */
	readonly zones: readonly string[];
	/** Whether --zone or the subnet fixed the zone (no other zone is tried). */
	readonly pinned: boolean;
	readonly image: AwsImage;
	/** Notes every pair carries (network, image, quota). */
	readonly notes: readonly string[];
}

export async function runBasis(run: AwsRun): Promise<RunBasis> {
	const {target, settings} = run;
	const {client} = settings;
	const info = await describeShape(client, target.shape);
	checkEnaExpress(run, info);
	throwIfAborted(run.context.signal);
	const network = await resolveNetwork(client, target);
	const [zones, image, quota] = await Promise.all([
		candidateZones(client, target.shape, target.zone ?? network.fixedZone),
		settings.imageId ? {id: settings.imageId, name: settings.imageId} : ubuntuImage(client, architectureOf(info)),
		settings.quotas
			? checkVcpuQuota(settings.quotas, target.shape, info.VCpuInfo?.DefaultVCpus, target.placements.length * 2)
			: {note: 'vCPU quota not checked'},
	]);
	const pinned = target.zone !== undefined || network.fixedZone !== null;
	const notes = [`network: ${network.source}`, `image: ${image.name} (${image.id})`, quota.note];
	return {published: publishedFromInstanceType(info), network, zones, pinned, image, notes};
}

function checkEnaExpress(run: AwsRun, info: InstanceTypeInfo): void {
	if (run.target.enaExpress && info.NetworkInfo?.EnaSrdSupported !== true) {
		throw new UserError(
			`${run.target.shape} does not support ENA Express`,
			'drop --ena-express, or pick a shape that supports it (e.g. c8gn.4xlarge)',
		);
	}
}
