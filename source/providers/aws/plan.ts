// What a probe on AWS creates and what it costs. Pure: no EC2 call, so `--dry-run` works without credentials.

import {referenceMeasurements} from '../../domain/study-cells.js';
import type {Placement} from '../../domain/types.js';
import {estimateCost, planPrice, unknownPriceWarning} from '../cloud/cost.js';
import {portRangeText} from '../cloud/probe-ports.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import type {PlannedResource, PlanSetup, PriceBook, ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {quotaClassOf} from './quota.js';

export const sshUser = 'ubuntu';

/** Names every run uses, so plan, provision and cleanup agree. */
export const awsNames = {
	keyPair: (runId: string) => `netplace-${runId}`,
	securityGroup: (runId: string) => `netplace-${runId}`,
	placementGroup: (runId: string, placement: Placement) => `netplace-${runId}-${placement}`,
	instance: (runId: string, placement: Placement, role: 'server' | 'client') =>
		`netplace-${runId}-${placement}-${role}`,
} as const;

/** Placements that need a placement group (default needs none). */
export function needsPlacementGroup(placement: Placement): placement is 'cluster' | 'spread' | 'partition' {
	return placement === 'cluster' || placement === 'spread' || placement === 'partition';
}

export interface PriceLookup {
	readonly pricePerHour: number | null;
	readonly priceSource: string | null;
	readonly warning?: string;
}

/**
 * --price wins; else the study's price for the shape (noting its region); else the shape catalogue's (`prices`,
 * from the probe session); else unknown.
 */
export function lookupPrice(target: ProbeTarget, region: string, prices?: PriceBook): PriceLookup {
	if (target.pricePerHour !== undefined) {
		return {pricePerHour: target.pricePerHour, priceSource: '--price'};
	}

	const reference = referenceMeasurements().find(
		(measurement) =>
			measurement.cloud === 'aws' && measurement.shape === target.shape && measurement.pricePerHour !== null,
	);
	if (!reference || reference.pricePerHour === null) {
		const query = {shape: target.shape, region, ocpus: null, tier1: false};
		const price = planPrice(undefined, prices, query);
		return price.perHour === null
			? {pricePerHour: null, priceSource: null, warning: unknownPriceWarning(target.shape, price).join('')}
			: {pricePerHour: price.perHour, priceSource: price.source};
	}

	const where = reference.region ?? 'the study region';
	return {
		pricePerHour: reference.pricePerHour,
		priceSource: `catalogue (the study, ${where} on-demand)`,
		...(reference.region && reference.region !== region
			? {warning: `catalogue price is for ${reference.region}; ${region} may differ`}
			: {}),
	};
}

/** How the run is set up, for the plan: network, login, TTL guard, quota check, capacity, image. */
export function awsSetup(target: ProbeTarget, ttlMinutes: number, instances: number): PlanSetup[] {
	const quota = quotaClassOf(target.shape);
	return [
		{
			label: 'network',
			text: target.subnet
				? `--subnet ${target.subnet} (its VPC and zone)`
				: target.vpc
					? `--vpc ${target.vpc}, a subnet of it in the zone`
					: 'the default VPC and its default subnet in the zone (none: pass --vpc / --subnet)',
		},
		{label: 'login', text: `SSH as ${sshUser} with the run's ephemeral key (imported EC2 key pair)`},
		{
			label: 'ttl',
			text: `each instance runs shutdown -h +${ttlMinutes} at boot; shutdown behaviour terminate, so it terminates itself`,
		},
		{
			label: 'quota',
			text: quota
				? `Service Quotas ${quota.code} (${quota.name}) read before anything is created: ${instances} x the shape's vCPUs must fit`
				: `no On-Demand vCPU quota known for ${target.shape}: not checked`,
		},
		{
			label: 'capacity',
			text:
				target.zone || target.subnet
					? 'the zone is pinned: InsufficientInstanceCapacity ends the run'
					: "the region's standard Availability Zones only; InsufficientInstanceCapacity tries the next one",
		},
		{label: 'image', text: 'Ubuntu 24.04 server (Canonical, newest build), recorded with the run'},
	];
}

export function planAws(
	target: ProbeTarget,
	runIdHint: string,
	region: string,
	holdSeconds: number,
	options: {readonly ttlMinutes?: number; readonly prices?: PriceBook} = {},
): ProbePlanEstimate {
	const ttlMinutes = options.ttlMinutes ?? ttlMinutesFor(holdSeconds);
	const instances = target.placements.length * 2;
	const price = lookupPrice(target, region, options.prices);
	const cost = estimateCost(price.pricePerHour, instances, holdSeconds);
	const warnings = [
		...(price.warning ? [price.warning] : []),
		`${cost.instanceHours} instance-hours (${instances} instances for ${Math.ceil(holdSeconds / 60)} min)`,
	];
	return {
		provider: 'aws',
		shape: target.shape,
		region,
		zone: target.zone ?? null,
		resources: [
			...runResources(target, runIdHint),
			...target.placements.flatMap((placement) => placementResources(target, runIdHint, placement)),
		],
		holdSeconds,
		instances,
		pricePerHour: price.pricePerHour,
		priceSource: price.priceSource,
		estimatedCostUsd: cost.usd,
		warnings,
		setup: awsSetup(target, ttlMinutes, instances),
	};
}

/** What the run creates once, whatever its placements: the key pair and the security group with its rules. */
function runResources(target: ProbeTarget, runIdHint: string): PlannedResource[] {
	return [
		{
			kind: 'key-pair',
			name: awsNames.keyPair(runIdHint),
			detail: 'ephemeral ed25519, imported; private half in a temp folder',
		},
		{
			kind: 'security-group',
			name: awsNames.securityGroup(runIdHint),
			detail: target.subnet || target.vpc ? 'in the given VPC' : 'default VPC',
		},
		{kind: 'security-group-rule', name: 'ssh', detail: `TCP 22 from ${target.sshCidr ?? '--ssh-cidr'} only`},
		{kind: 'security-group-rule', name: 'iperf3', detail: `TCP ${portRangeText()} from the group itself only`},
		{kind: 'security-group-rule', name: 'icmp', detail: 'ICMP from the group itself only'},
	];
}

/** What one placement creates: its placement group, when it needs one, and a server and a client. */
function placementResources(target: ProbeTarget, runIdHint: string, placement: Placement): PlannedResource[] {
	const group: PlannedResource[] = needsPlacementGroup(placement)
		? [{kind: 'placement-group', name: awsNames.placementGroup(runIdHint, placement), detail: `strategy ${placement}`}]
		: [];
	const instances = (['server', 'client'] as const).map((role) => ({
		kind: 'instance',
		name: awsNames.instance(runIdHint, placement, role),
		detail: `${target.shape}, ${placement}${target.enaExpress ? ', ENA Express' : ''}, terminates itself after the TTL`,
	}));
	return [...group, ...instances];
}
