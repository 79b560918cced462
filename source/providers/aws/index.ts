// The AWS provider: EC2 through @aws-sdk/client-ec2 (imported only under source/providers/aws/, loaded
// lazily by the probe command). Provision -> SSH -> teardown is the shared cloud skeleton's; this file
// wires EC2 into it.

import type {EC2Client} from '@aws-sdk/client-ec2';
import {UserError} from '../../errors.js';
import {type CloudProviderOptions, createCloudProvider, type SshFactory} from '../cloud/cloud-provider.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import {validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget, Provider} from '../provider.js';
import {makeEc2Client, resolveRegion, silenceSdkWarnings} from './aws-client.js';
import {InstanceTracker, type WaiterTiming} from './instance-tracker.js';
import {describeShape, placementSupportFromInstanceType, publishedFromInstanceType} from './instance-types.js';
import {deleteAwsOrphans, findAwsOrphans} from './orphans.js';
import {planAws} from './plan.js';
import {createAwsPairs} from './provision.js';

silenceSdkWarnings();

export interface AwsProviderOptions {
	/** One client for every region (tests pass a mocked one). Default: a client per region. */
	readonly client?: EC2Client;
	/** How to open SSH to a host (tests pass a fake). */
	readonly ssh?: SshFactory;
	/** When neither --region nor AWS_REGION says. */
	readonly region?: string;
	/** Skip the Ubuntu 24.04 image lookup. */
	readonly imageId?: string;
	/** Hosts power themselves off after this; default: the probe's hold time (or the last plan's) plus 15 min. */
	readonly ttlMinutes?: number;
	readonly waiters?: Partial<WaiterTiming>;
	readonly dependencyRetryMs?: number;
	readonly sshRetries?: number;
	readonly sshDelayMs?: number;
	readonly readyPolls?: number;
	readonly readyDelayMs?: number;
}

export {placementSupportFromInstanceType, publishedFromInstanceType} from './instance-types.js';
export {awsNames, lookupPrice, planAws} from './plan.js';
export {ingressRules} from './provision.js';

function validateAwsTarget(target: ProbeTarget): void {
	validateShape('aws', target.shape);
	validateSshCidr(target.sshCidr);
	if (target.placements.length === 0) {
		throw new UserError('no placement to probe', 'e.g. --placement default,cluster');
	}

	if (target.placements.includes('collocated')) {
		throw new UserError('--placement collocated is a GCP placement', 'on AWS use --placement cluster');
	}

	if (new Set(target.placements).size !== target.placements.length) {
		throw new UserError('a placement is given twice', `got ${target.placements.join(',')}`);
	}
}

export function createAwsProvider(options: AwsProviderOptions = {}): Provider {
	const clients = new Map<string, EC2Client>();
	const clientFor = (region: string): EC2Client => {
		if (options.client) return options.client;
		let client = clients.get(region);
		if (!client) {
			client = makeEc2Client(region);
			clients.set(region, client);
		}

		return client;
	};

	const regionOf = (target?: Partial<ProbeTarget>): string => resolveRegion(target?.region, options.region);
	const waiters: WaiterTiming = {minDelaySeconds: 5, maxDelaySeconds: 30, maxWaitSeconds: 900, ...options.waiters};
	const dependencyRetryMs = options.dependencyRetryMs ?? 5000;
	let lastHoldSeconds: number | undefined;

	const cloudOptions: CloudProviderOptions = {
		...(options.ssh ? {ssh: options.ssh} : {}),
		...(options.sshRetries === undefined ? {} : {sshRetries: options.sshRetries}),
		...(options.sshDelayMs === undefined ? {} : {sshDelayMs: options.sshDelayMs}),
		...(options.readyPolls === undefined ? {} : {readyPolls: options.readyPolls}),
		...(options.readyDelayMs === undefined ? {} : {readyDelayMs: options.readyDelayMs}),
	};

	return createCloudProvider(
		{
			id: 'aws',
			async publishedBandwidth(target) {
				validateShape('aws', target.shape);
				return publishedFromInstanceType(await describeShape(clientFor(regionOf(target)), target.shape));
			},
			async placementSupport(target) {
				validateShape('aws', target.shape);
				return placementSupportFromInstanceType(await describeShape(clientFor(regionOf(target)), target.shape));
			},
			async plan(target, holdSeconds) {
				validateAwsTarget(target);
				lastHoldSeconds = holdSeconds;
				return planAws(target, '<run-id>', regionOf(target), holdSeconds);
			},
			validate(target) {
				validateAwsTarget(target);
				regionOf(target);
			},
			async createPairs(target, context) {
				const region = regionOf(target);
				const client = clientFor(region);
				const tracker = new InstanceTracker(client, waiters);
				const ttlMinutes = options.ttlMinutes ?? ttlMinutesFor(context.holdSeconds ?? lastHoldSeconds ?? 3600);
				return createAwsPairs(
					target,
					context,
					{
						client,
						region,
						ttlMinutes,
						waiters,
						dependencyRetryMs,
						...(options.imageId ? {imageId: options.imageId} : {}),
					},
					tracker,
				);
			},
			async findOrphans(target) {
				const region = regionOf(target);
				return findAwsOrphans(clientFor(region), region);
			},
			async deleteOrphans(orphans) {
				return deleteAwsOrphans(clientFor, () => regionOf(), orphans, waiters, dependencyRetryMs);
			},
		},
		cloudOptions,
	);
}
