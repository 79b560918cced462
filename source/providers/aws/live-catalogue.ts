// AWS's live-catalogue adapter (`netplace shapes --live`): DescribeInstanceTypes, filtered by instance type
// and paged, once the SDK's credential chain loads. The client is injected in tests (aws-sdk-client-mock).

import type {DescribeInstanceTypesCommandOutput, EC2Client, InstanceTypeInfo} from '@aws-sdk/client-ec2';
import {firstLineOf} from '../../domain/errors.js';
import type {LiveFigures} from '../../sizing/catalogue-live.js';
import {type LiveOpener, type LiveSession, nothingCalled} from '../live-catalogue.js';
import {publishedFromInstanceType} from './instance-types.js';

export interface AwsLive {
	readonly client: EC2Client;
	readonly region: string;
}

export function awsFigures(info: InstanceTypeInfo): LiveFigures {
	const published = publishedFromInstanceType(info);
	const memory = info.MemoryInfo?.SizeInMiB;
	const strategies = info.PlacementGroupInfo?.SupportedStrategies;
	return {
		cloud: 'aws',
		shape: info.InstanceType ?? '',
		baselineGbps: published.baselineGbps ?? null,
		peakGbps: published.gbps,
		vcpus: info.VCpuInfo?.DefaultVCpus ?? null,
		memoryGib: memory === undefined ? null : memory / 1024,
		enaExpress: info.NetworkInfo?.EnaSrdSupported ?? null,
		cluster: strategies === undefined ? null : strategies.includes('cluster'),
	};
}

/** DescribeInstanceTypes with an instance-type filter (unknown names are left out, not an error), paged. */
async function figures(live: AwsLive, shapes: readonly string[]): Promise<LiveFigures[]> {
	const {DescribeInstanceTypesCommand} = await import('@aws-sdk/client-ec2');
	const found: LiveFigures[] = [];
	let token: string | undefined;
	do {
		const page: DescribeInstanceTypesCommandOutput = await live.client.send(
			new DescribeInstanceTypesCommand({
				Filters: [{Name: 'instance-type', Values: [...shapes]}],
				...(token ? {NextToken: token} : {}),
			}),
		);
		found.push(...(page.InstanceTypes ?? []).map(awsFigures));
		token = page.NextToken;
	} while (token);
	return found;
}

export function awsLiveSession(live: AwsLive): LiveSession {
	return {calledAs: `DescribeInstanceTypes ${live.region}`, figures: async (shapes) => figures(live, shapes)};
}

export const openAwsLive: LiveOpener = async (where) => {
	const {makeEc2Client, resolveRegion} = await import('./aws-client.js');
	let region: string;
	try {
		region = await resolveRegion(where.region);
	} catch (error: unknown) {
		return `${firstLineOf(error)}; ${nothingCalled}`;
	}

	const client = makeEc2Client(region);
	try {
		await client.config.credentials();
	} catch {
		return `no AWS credentials (environment, AWS_PROFILE, ~/.aws); ${nothingCalled}`;
	}

	return awsLiveSession({client, region});
};
