// The OCI backend of the shared cloud skeleton: published bandwidth from listShapes, placement support
// (a cluster placement group where the tenancy has them), the plan, the run's pairs (create-pairs.ts), and
// what earlier runs left, found and deleted region by region.

import {firstLineOf} from '../../domain/errors.js';
import type {CloudBackend} from '../cloud/backend.js';
import {planPrice} from '../cloud/cost.js';
import {cloudCallError, credentialsError, isCredentialsError} from '../cloud/credentials.js';
import type {
	LeftResource,
	Orphan,
	PlacementSupport,
	PriceBook,
	ProbePlanEstimate,
	ProbeTarget,
	PublishedBandwidth,
	TeardownReport,
} from '../provider.js';
import {ociPublishedBandwidth} from './bandwidth.js';
import {createOciPairs} from './create-pairs.js';
import {isCpgUnavailable} from './lifecycle.js';
import {compartmentOf, type OciState, ociSession, retried} from './oci-state.js';
import {deleteOciOrphans, findOciOrphans} from './orphans.js';
import {ociPlan} from './plan.js';
import {cpgUnavailableReason} from './provision.js';
import {validateCompartment, validateOciRegion, validateOciTarget} from './resources.js';
import {prepareTarget} from './shape-lookup.js';

export function ociBackend(state: OciState): CloudBackend {
	return {
		id: 'oci',
		validate: (target) => {
			validateOciTarget(target);
		},
		publishedBandwidth: async (target) => publishedBandwidth(state, target),
		placementSupport: async (target) => placementSupport(state, target),
		plan: async (target, holdSeconds, prices) => plan(state, target, holdSeconds, prices),
		createPairs: async (target, context) => createOciPairs(state, target, context),
		findOrphans: async (target = {}) => findOrphans(state, target),
		deleteOrphans: async (orphans) => deleteOrphans(state, orphans),
	};
}

async function publishedBandwidth(state: OciState, target: ProbeTarget): Promise<PublishedBandwidth> {
	const oci = validateOciTarget({...target, sshCidr: target.sshCidr ?? '0.0.0.0/0'});
	try {
		const {shape} = await prepareTarget(state, oci);
		return ociPublishedBandwidth(shape, oci.ocpus ?? undefined);
	} catch (error: unknown) {
		throw cloudCallError('oci', 'listShapes', error);
	}
}

async function placementSupport(state: OciState, target: ProbeTarget): Promise<readonly PlacementSupport[]> {
	return [
		{placement: 'default', available: true},
		await clusterSupport(state, target),
		{placement: 'spread', available: false, reason: 'AWS only in netplace'},
		{placement: 'collocated', available: false, reason: 'GCP only'},
	];
}

/** Whether the compartment can list cluster placement groups (a credentials problem is one line, not a "no"). */
async function clusterSupport(state: OciState, target: ProbeTarget): Promise<PlacementSupport> {
	const oci = await ociSession(state, validateOciRegion(target.region));
	const compartmentId = compartmentOf(state, {compartment: validateCompartment(target.compartment)}, oci);
	try {
		await retried(state, oci).clusterPlacementGroups.listClusterPlacementGroups({compartmentId, limit: 1});
		return {placement: 'cluster', available: true, reason: 'cluster placement group'};
	} catch (error: unknown) {
		if (isCredentialsError(error)) {
			throw credentialsError('oci', error);
		}

		const reason = isCpgUnavailable(error) ? cpgUnavailableReason : `cluster placement groups: ${firstLineOf(error)}`;
		return {placement: 'cluster', available: false, reason};
	}
}

async function plan(
	state: OciState,
	target: ProbeTarget,
	holdSeconds: number,
	prices?: PriceBook,
): Promise<ProbePlanEstimate> {
	const oci = validateOciTarget(target);
	const configured = state.options.region ?? null;
	const query = {shape: oci.shape, region: oci.region ?? configured, ocpus: oci.ocpus, tier1: false};
	return ociPlan(oci, holdSeconds, planPrice(target.pricePerHour, prices, query), configured);
}

async function findOrphans(state: OciState, target: Partial<ProbeTarget>): Promise<readonly Orphan[]> {
	const oci = await ociSession(state, validateOciRegion(target.region));
	const compartmentId = compartmentOf(state, {compartment: validateCompartment(target.compartment)}, oci);
	try {
		return await findOciOrphans(retried(state, oci), compartmentId, oci.region);
	} catch (error: unknown) {
		throw cloudCallError('oci', 'listing leftovers', error);
	}
}

/** OCIDs are regional: each orphan is deleted through a session for the region it was found in. */
async function deleteOrphans(state: OciState, orphans: readonly Orphan[]): Promise<TeardownReport> {
	const byRegion = new Map<string | null, Orphan[]>();
	for (const orphan of orphans) {
		const region = orphan.region ?? null;
		byRegion.set(region, [...(byRegion.get(region) ?? []), orphan]);
	}

	const left: LeftResource[] = [];
	for (const [region, list] of byRegion) {
		const oci = await ociSession(state, region);
		left.push(...(await deleteOciOrphans(retried(state, oci), list, state.timing)).left);
	}

	return {complete: left.length === 0, left};
}
