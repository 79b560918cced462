// The AWS provider: EC2 through @aws-sdk/client-ec2 (imported only under source/providers/aws/, loaded
// lazily by the probe command). Provision -> SSH -> teardown is the shared cloud skeleton's; this file
// wires EC2 into it.

import type {EC2Client} from '@aws-sdk/client-ec2';
import type {ServiceQuotasClient} from '@aws-sdk/client-service-quotas';
import {UserError} from '../../domain/errors.js';
import {type CloudFactoryOptions, skeletonOptions} from '../cloud/backend.js';
import {createCloudProvider} from '../cloud/cloud-provider.js';
import {retryPolicy} from '../cloud/retry.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import {validateShape, validateSshCidr} from '../cloud/validate.js';
import type {ProbeTarget, Provider} from '../provider.js';
import {makeEc2Client, type RetryTiming, resolveRegion, silenceSdkWarnings, validateRegionFlag} from './aws-client.js';
import {enaCounterReader} from './ena-counters.js';
import {InstanceTracker, type WaiterTiming} from './instance-tracker.js';
import {describeShape, placementSupportFromInstanceType, publishedFromInstanceType} from './instance-types.js';
import {deleteAwsOrphans, findAwsOrphans} from './orphans.js';
import {planAws} from './plan.js';
import {createAwsPairs} from './provision.js';
import {makeQuotasClient} from './quota.js';
import {retryingAwsClient} from './retrying-client.js';

silenceSdkWarnings();

/** One EC2 client for every region, and the Service Quotas client (null skips the vCPU preflight). */
export interface AwsClients {
	readonly ec2: EC2Client;
	readonly quotas?: ServiceQuotasClient | null;
}

export interface AwsTiming {
	/** Instance state waiters. */
	readonly waiters: Partial<WaiterTiming>;
	/** First backoff pause for eventual-consistency retries and ENI waits (default 2 s, doubling). */
	readonly dependencyRetryMs: number;
}

export interface AwsProviderOptions extends CloudFactoryOptions<AwsClients, AwsTiming> {
	/** When neither --region nor AWS_REGION says. */
	readonly region?: string;
	/** Skip the Ubuntu 24.04 image lookup. */
	readonly imageId?: string;
	/** Hosts power themselves off after this; default: the probe's hold time (or the last plan's) plus 15 min. */
	readonly ttlMinutes?: number;
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
	const policy = retryPolicy(options.retry);
	/** The region's client, every call retried (retrying-client.ts); `signal` cuts a pause short. */
	const clientFor = (region: string, signal?: AbortSignal): EC2Client => {
		let client = options.clients?.ec2 ?? clients.get(region);
		if (!client) {
			client = makeEc2Client(region);
			clients.set(region, client);
		}

		return retryingAwsClient(client, policy, signal);
	};

	const regionOf = async (target?: Partial<ProbeTarget>): Promise<string> =>
		resolveRegion(target?.region, options.region);
	const timing = options.timing ?? {};
	const waiters: WaiterTiming = {minDelaySeconds: 5, maxDelaySeconds: 30, maxWaitSeconds: 900, ...timing.waiters};
	// 2, 4, 8, … up to 60 s: about three minutes over 8 attempts (EC2 API guide, eventual consistency).
	const retry: RetryTiming = {baseMs: timing.dependencyRetryMs ?? 2000, attempts: 8};
	const quotas = options.clients?.quotas;
	const quotasFor = async (region: string): Promise<ServiceQuotasClient | null> =>
		quotas === null ? null : retryingAwsClient(quotas ?? (await makeQuotasClient(region)), policy);
	let lastHoldSeconds: number | undefined;

	const cloudOptions = skeletonOptions(options);

	const provider = createCloudProvider(
		{
			id: 'aws',
			async publishedBandwidth(target) {
				validateShape('aws', target.shape);
				return publishedFromInstanceType(await describeShape(clientFor(await regionOf(target)), target.shape));
			},
			async placementSupport(target) {
				validateShape('aws', target.shape);
				return placementSupportFromInstanceType(await describeShape(clientFor(await regionOf(target)), target.shape));
			},
			async plan(target, holdSeconds, prices) {
				validateAwsTarget(target);
				validateRegionFlag(target.region);
				lastHoldSeconds = holdSeconds;
				return planAws(target, '<run-id>', await regionOf(target), holdSeconds, {
					ttlMinutes: options.ttlMinutes ?? ttlMinutesFor(holdSeconds),
					...(prices ? {prices} : {}),
				});
			},
			validate(target) {
				// The region (which may come from the AWS profile) is resolved in createPairs, before anything exists.
				validateAwsTarget(target);
				validateRegionFlag(target.region);
			},
			async createPairs(target, context) {
				const region = await regionOf(target);
				const client = clientFor(region, context.signal);
				// Teardown retries its deletes whatever the signal did.
				const removalClient = clientFor(region);
				const tracker = new InstanceTracker(removalClient, waiters, retry);
				const ttlMinutes = options.ttlMinutes ?? ttlMinutesFor(context.holdSeconds ?? lastHoldSeconds ?? 3600);
				return createAwsPairs(
					target,
					context,
					{
						client,
						removalClient,
						region,
						ttlMinutes,
						waiters,
						retry,
						quotas: await quotasFor(region),
						...(options.imageId ? {imageId: options.imageId} : {}),
					},
					tracker,
				);
			},
			async findOrphans(target) {
				const region = await regionOf(target);
				return findAwsOrphans(clientFor(region), region);
			},
			async deleteOrphans(orphans) {
				return deleteAwsOrphans(clientFor, await regionOf().catch(() => null), orphans, waiters, retry);
			},
		},
		cloudOptions,
	);
	// The ENA allowance counters, over the same SSH exec (ena-counters.ts).
	return {...provider, readLimitCounters: enaCounterReader(provider.exec)};
}
