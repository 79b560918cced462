// What one AWS provider holds between calls: its options, one EC2 client per region (made on first use),
// the Service Quotas client, the waiter and eventual-consistency timing, and the last plan's hold time
// (for the TTL guard when provisioning does not say).

import type {EC2Client} from '@aws-sdk/client-ec2';
import type {ServiceQuotasClient} from '@aws-sdk/client-service-quotas';
import type {CloudFactoryOptions} from '../cloud/backend.js';
import {type RetryPolicy, retryPolicy} from '../cloud/retry.js';
import type {ProbeTarget} from '../provider.js';
import {makeEc2Client, type RetryTiming, resolveRegion} from './aws-client.js';
import type {WaiterTiming} from './instance-tracker.js';
import {makeQuotasClient} from './quota.js';
import {retryingAwsClient} from './retrying-client.js';

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

export interface AwsState {
	readonly options: AwsProviderOptions;
	readonly policy: RetryPolicy;
	readonly waiters: WaiterTiming;
	readonly retry: RetryTiming;
	/** EC2 clients made here, by region. */
	readonly clients: Map<string, EC2Client>;
	lastHoldSeconds?: number;
}

export function newAwsState(options: AwsProviderOptions): AwsState {
	const timing = options.timing ?? {};
	return {
		options,
		policy: retryPolicy(options.retry),
		waiters: {minDelaySeconds: 5, maxDelaySeconds: 30, maxWaitSeconds: 900, ...timing.waiters},
		// 2, 4, 8, … up to 60 s: about three minutes over 8 attempts (EC2 API guide, eventual consistency).
		retry: {baseMs: timing.dependencyRetryMs ?? 2000, attempts: 8},
		clients: new Map(),
	};
}

/** The region's client, every call retried (retrying-client.ts); `signal` cuts a pause short. */
export function clientFor(state: AwsState, region: string, signal?: AbortSignal): EC2Client {
	let client = state.options.clients?.ec2 ?? state.clients.get(region);
	if (!client) {
		client = makeEc2Client(region);
		state.clients.set(region, client);
	}

	return retryingAwsClient(client, state.policy, signal);
}

/** --region, else AWS_REGION or the profile's, else the provider's default. */
export async function regionOf(state: AwsState, target?: Partial<ProbeTarget>): Promise<string> {
	return resolveRegion(target?.region, state.options.region);
}

/** The Service Quotas client for the region, retried; null when the caller turned the preflight off. */
export async function quotasFor(state: AwsState, region: string): Promise<ServiceQuotasClient | null> {
	const quotas = state.options.clients?.quotas;
	return quotas === null ? null : retryingAwsClient(quotas ?? (await makeQuotasClient(region)), state.policy);
}
