// The GCP backend of the shared cloud skeleton: published bandwidth from the machine type, the placements
// GCP offers (default, COLLOCATED, spread), the plan, the run's pairs (create-pairs.ts), and what earlier
// runs left in the project's zone.

import type {CloudBackend} from '../cloud/backend.js';
import {planPrice} from '../cloud/cost.js';
import {cloudCallError} from '../cloud/credentials.js';
import type {
	Orphan,
	PlacementSupport,
	PriceBook,
	ProbePlanEstimate,
	ProbeTarget,
	PublishedBandwidth,
} from '../provider.js';
import {createGcpPairs} from './create-pairs.js';
import {type GcpState, gcpClients} from './gcp-state.js';
import {publishedFor} from './machine-type.js';
import {deleteGcpOrphans, findGcpOrphans} from './orphans.js';
import {gcpPlan} from './plan.js';
import {validateGcpTarget, validateProject, validateZone} from './target.js';

const gcpPlacements: readonly PlacementSupport[] = [
	{placement: 'default', available: true},
	{
		placement: 'collocated',
		available: true,
		reason: 'COLLOCATED resource policy; needs onHostMaintenance=TERMINATE, so it gives up live migration',
	},
	{placement: 'cluster', available: false, reason: 'AWS only: on GCP use collocated'},
	{
		placement: 'spread',
		available: true,
		reason: 'spread resource policy: the two instances in different availability domains; live migration kept',
	},
];

export function gcpBackend(state: GcpState): CloudBackend {
	return {
		id: 'gcp',
		validate: (target) => {
			validateGcpTarget(target, state.defaults);
		},
		publishedBandwidth: async (target) => publishedBandwidth(state, target),
		placementSupport: async () => gcpPlacements,
		plan: async (target, holdSeconds, prices) => plan(state, target, holdSeconds, prices),
		createPairs: async (target, context) => createGcpPairs(state, target, context),
		findOrphans: async (target = {}) => findOrphans(state, target),
		deleteOrphans: async (orphans) => deleteGcpOrphans(await gcpClients(state), orphans, state.policy),
	};
}

async function publishedBandwidth(state: GcpState, target: ProbeTarget): Promise<PublishedBandwidth> {
	const gcp = validateGcpTarget({...target, sshCidr: target.sshCidr ?? '0.0.0.0/0'}, state.defaults);
	const {cpus: _cpus, ...figure} = await publishedFor(state, gcp);
	return figure;
}

async function plan(
	state: GcpState,
	target: ProbeTarget,
	holdSeconds: number,
	prices?: PriceBook,
): Promise<ProbePlanEstimate> {
	const gcp = validateGcpTarget(target, state.defaults);
	const query = {shape: gcp.shape, region: gcp.region, ocpus: null, tier1: gcp.tier1 !== null};
	return gcpPlan(gcp, holdSeconds, planPrice(target.pricePerHour, prices, query));
}

async function findOrphans(state: GcpState, target: Partial<ProbeTarget>): Promise<readonly Orphan[]> {
	const project = validateProject(target.project ?? state.defaults.project);
	const {zone, region} = validateZone(target.zone ?? state.defaults.zone);
	const api = await gcpClients(state);
	try {
		return await findGcpOrphans(api, {project, zone, region});
	} catch (error: unknown) {
		throw cloudCallError('gcp', 'listing leftovers', error);
	}
}
