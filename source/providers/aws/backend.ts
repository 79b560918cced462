// The AWS backend of the shared cloud skeleton: published bandwidth and placement support from
// DescribeInstanceTypes, the plan, the run's pairs (provision.ts), and what earlier runs left, region by region.

import type {InstanceTypeInfo} from '@aws-sdk/client-ec2';
import {UserError} from '../../domain/errors.js';
import type {CloudBackend, CloudPair, CloudRunContext} from '../cloud/backend.js';
import {ttlMinutesFor} from '../cloud/startup-script.js';
import {validateShape, validateSshCidr} from '../cloud/validate.js';
import type {PriceBook, ProbePlanEstimate, ProbeTarget} from '../provider.js';
import {validateRegionFlag} from './aws-client.js';
import {type AwsState, clientFor, quotasFor, regionOf} from './aws-state.js';
import {InstanceTracker} from './instance-tracker.js';
import {describeShape, placementSupportFromInstanceType, publishedFromInstanceType} from './instance-types.js';
import {deleteAwsOrphans, findAwsOrphans} from './orphans.js';
import {planAws} from './plan.js';
import {createAwsPairs} from './provision.js';

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

export function awsBackend(state: AwsState): CloudBackend {
	return {
		id: 'aws',
		publishedBandwidth: async (target) => publishedFromInstanceType(await instanceType(state, target)),
		placementSupport: async (target) => placementSupportFromInstanceType(await instanceType(state, target)),
		plan: async (target, holdSeconds, prices) => plan(state, target, holdSeconds, prices),
		validate: (target) => {
			// The region (which may come from the AWS profile) is resolved in createPairs, before anything exists.
			validateAwsTarget(target);
			validateRegionFlag(target.region);
		},
		createPairs: async (target, context) => createPairs(state, target, context),
		findOrphans: async (target) => {
			const region = await regionOf(state, target);
			return findAwsOrphans(clientFor(state, region), region);
		},
		deleteOrphans: async (orphans) => {
			const defaultRegion = await regionOf(state).catch(() => null);
			return deleteAwsOrphans((region) => clientFor(state, region), defaultRegion, orphans, state.waiters, state.retry);
		},
	};
}

async function instanceType(state: AwsState, target: ProbeTarget): Promise<InstanceTypeInfo> {
	validateShape('aws', target.shape);
	return describeShape(clientFor(state, await regionOf(state, target)), target.shape);
}

async function plan(
	state: AwsState,
	target: ProbeTarget,
	holdSeconds: number,
	prices?: PriceBook,
): Promise<ProbePlanEstimate> {
	validateAwsTarget(target);
	validateRegionFlag(target.region);
	state.lastHoldSeconds = holdSeconds;
	return planAws(target, '<run-id>', await regionOf(state, target), holdSeconds, {
		ttlMinutes: state.options.ttlMinutes ?? ttlMinutesFor(holdSeconds),
		...(prices ? {prices} : {}),
	});
}

async function createPairs(state: AwsState, target: ProbeTarget, context: CloudRunContext): Promise<CloudPair[]> {
	const {options, waiters, retry} = state;
	const region = await regionOf(state, target);
	const client = clientFor(state, region, context.signal);
	// Teardown retries its deletes whatever the signal did.
	const removalClient = clientFor(state, region);
	const tracker = new InstanceTracker(removalClient, waiters, retry);
	const ttlMinutes = options.ttlMinutes ?? ttlMinutesFor(context.holdSeconds ?? state.lastHoldSeconds ?? 3600);
	const quotas = await quotasFor(state, region);
	const imageId = options.imageId ? {imageId: options.imageId} : {};
	return createAwsPairs(
		target,
		context,
		{client, removalClient, region, ttlMinutes, waiters, retry, quotas, ...imageId},
		tracker,
	);
}
