// DescribeInstanceTypes -> the published bandwidth and which placement strategies the shape supports.
// The translation is pure; only describeShape talks to EC2.

import {
	type _InstanceType,
	DescribeInstanceTypesCommand,
	type EC2Client,
	type InstanceTypeInfo,
} from '@aws-sdk/client-ec2';
import {UserError} from '../../domain/errors.js';
import type {Placement} from '../../domain/types.js';
import type {PlacementSupport, PublishedBandwidth} from '../provider.js';
import {mapAwsError} from './aws-client.js';

/** "Up to 15 Gigabit" -> 15, "50 Gigabit" -> 50, "100 Gigabit x2"-> null (cards say better). */
function gbpsFromText(text: string | undefined): number | null {
	const match = /([\d.]+)\s*Gigabit/i.exec(text ?? '');
	return match?.[1] ? Number(match[1]) : null;
}

/**
 * The published figure of the network card the probe path uses. A probe's pair of ENIs are each instance's
 * primary interface (DeviceIndex 0), which sits on network card 0; shapes with several cards
 * (NetworkInfo.NetworkCards, e.g. 2 x 100 Gbps) reach the total only with ENIs spread over every card, so
 * the total is reported beside the per-card figures and never used as the denominator.
 */
export function publishedFromInstanceType(info: InstanceTypeInfo): PublishedBandwidth {
	const network = info.NetworkInfo;
	const cards = [...(network?.NetworkCards ?? [])].sort(
		(a, b) => (a.NetworkCardIndex ?? 0) - (b.NetworkCardIndex ?? 0),
	);
	const round = (value: number): number => Math.round(value * 1000) / 1000;
	const probeCard = cards.find((card) => (card.NetworkCardIndex ?? 0) === 0) ?? cards[0];
	const baseline = probeCard?.BaselineBandwidthInGbps ?? null;
	const peak = probeCard?.PeakBandwidthInGbps ?? baseline ?? gbpsFromText(network?.NetworkPerformance);
	const perCard = cards
		.map((card) => card.PeakBandwidthInGbps ?? card.BaselineBandwidthInGbps)
		.filter((value): value is number => typeof value === 'number');
	const multi = perCard.length > 1;
	const total = multi ? round(perCard.reduce((sum, value) => sum + value, 0)) : null;
	const cardsText = multi
		? `; ${perCard.length} network cards (${perCard.join(' + ')} = ${total} Gbps in total, reached only with ENIs on every card): the probe's primary ENIs use card 0`
		: '';
	const ena = network?.EnaSrdSupported ? ', ENA Express supported' : '';
	const performance = network?.NetworkPerformance ? ` ("${network.NetworkPerformance}")` : '';
	const upTo = /^\s*up to/i.test(network?.NetworkPerformance ?? '');
	const cardFields = multi ? {perCardGbps: perCard, totalGbps: total} : {};
	if ((baseline !== null && peak !== null && baseline < peak) || (baseline === null && upTo)) {
		return {
			gbps: peak,
			kind: 'peak-over-baseline',
			baselineGbps: baseline,
			detail: `DescribeInstanceTypes NetworkCards[0]: baseline ${baseline ?? 'unpublished'}, peak ${peak ?? 'unknown'} Gbps${performance}${ena}${cardsText}`,
			...cardFields,
		};
	}

	return {
		gbps: peak ?? baseline,
		kind: 'base-and-peak',
		baselineGbps: baseline ?? peak,
		detail: `DescribeInstanceTypes NetworkCards[0]: ${peak ?? baseline ?? 'unknown'} Gbps${performance}${ena}${cardsText}`,
		...cardFields,
	};
}

const strategyFor: Record<Placement, string | null> = {
	default: null,
	cluster: 'cluster',
	spread: 'spread',
	partition: 'partition',
	collocated: null,
};

export function placementSupportFromInstanceType(info: InstanceTypeInfo): PlacementSupport[] {
	const strategies = new Set<string>(info.PlacementGroupInfo?.SupportedStrategies ?? []);
	return (['default', 'cluster', 'spread', 'partition', 'collocated'] as const).map((placement): PlacementSupport => {
		if (placement === 'default') {
			return {placement, available: true};
		}

		if (placement === 'collocated') {
			return {
				placement,
				available: false,
				reason: 'a GCP placement; on AWS a cluster placement group is the equivalent',
			};
		}

		const strategy = strategyFor[placement] ?? placement;
		return strategies.has(strategy)
			? {
					placement,
					available: true,
					...(placement === 'cluster' ? {reason: 'one AZ, shared hardware: gives up fault isolation'} : {}),
				}
			: {
					placement,
					available: false,
					reason: `${info.InstanceType ?? 'this shape'} does not support ${strategy} placement groups`,
				};
	});
}

/** The architecture to pick an image for (arm64 for Graviton, else x86_64). */
export function architectureOf(info: InstanceTypeInfo): 'arm64' | 'x86_64' {
	const supported = info.ProcessorInfo?.SupportedArchitectures ?? [];
	return supported.includes('arm64') && !supported.includes('x86_64') ? 'arm64' : 'x86_64';
}

export async function describeShape(client: EC2Client, shape: string): Promise<InstanceTypeInfo> {
	let info: InstanceTypeInfo | undefined;
	try {
		const answer = await client.send(new DescribeInstanceTypesCommand({InstanceTypes: [shape as _InstanceType]}));
		info = answer.InstanceTypes?.[0];
	} catch (error: unknown) {
		if (/InvalidInstanceType/.test(error instanceof Error ? error.name : '')) {
			throw new UserError(`aws has no instance type ${shape} in this region`, 'check the name, e.g. c8gn.4xlarge');
		}

		throw mapAwsError('DescribeInstanceTypes', error);
	}

	if (!info) {
		throw new UserError(`aws has no instance type ${shape} in this region`, 'check the name, e.g. c8gn.4xlarge');
	}

	return info;
}
