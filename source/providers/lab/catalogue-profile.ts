// A lab profile from any catalogue configuration (`--lab-profile aws/c6in.8xlarge/cluster`), not only the
// study's cells: the model's single flow and aggregate for it (predict(), same zone), scaled, become the lab's
// per-flow and aggregate caps. Latency is not known for such a configuration: only `--rtt` adds one.

import type {Configuration, ShapeRecord} from '../../domain/model-types.js';
import {clouds, type Placement, placements, type RealCloud} from '../../domain/types.js';
import {findShape, loadCatalogue} from '../../sizing/catalogue.js';
import {predict} from '../../sizing/model.js';

/** Streams at which the model's aggregate is the instance's (more than any per-flow cap can fill). */
const manyStreams = 64;
/** One flow below this share of the aggregate: the profile gets a per-flow cap (aggregate.ts perFlowCeilingRatio). */
const perFlowShare = 0.9;

export interface CatalogueProfile {
	readonly id: string;
	readonly singleFlowGbps: number;
	readonly aggregateGbps: number;
	readonly perFlowCap: boolean;
	readonly basis: readonly string[];
}

/** `cloud/shape[/placement]` with the pair's placement when none is named; null when it is no catalogue shape. */
export function catalogueProfile(
	profile: string,
	placement: Placement,
): CatalogueProfile | {readonly error: string} | null {
	const [cloud, shape, named, ...rest] = profile.split('/');
	if (!cloud || !shape || rest.length > 0 || !(clouds as readonly string[]).includes(cloud)) return null;
	const record = findShape(loadCatalogue(), cloud as RealCloud, shape);
	if (!record) return null;
	const where = (named ?? placement) as Placement;
	if (!placements.includes(where)) return {error: `unknown placement "${named}" in lab profile "${profile}"`};
	if (!record.placements.includes(where)) {
		return {error: `${record.cloud} ${record.shape} cannot be launched in ${where} placement: no lab profile for it`};
	}

	return profileFrom(record, where);
}

/** The model's single flow and aggregate for the shape in that placement, as the lab's caps. */
function profileFrom(record: ShapeRecord, where: Placement): CatalogueProfile | {readonly error: string} {
	const single = predictAt(record, where, 1);
	const aggregate = predictAt(record, where, manyStreams);
	if (single.singleFlowGbps === null || aggregate.aggregateGbps === null) {
		return {error: `the model has no bandwidth figure for ${record.cloud} ${record.shape}: no lab profile can be made`};
	}

	return {
		id: `${record.cloud}/${record.shape}/${where}`,
		singleFlowGbps: single.singleFlowGbps,
		aggregateGbps: aggregate.aggregateGbps,
		perFlowCap: single.singleFlowGbps < perFlowShare * aggregate.aggregateGbps,
		basis: [
			`the model (predict) for ${record.cloud} ${record.shape} ${where}: ${single.singleFlowGbps} Gbps one flow, ${aggregate.aggregateGbps} Gbps aggregate`,
			...aggregate.basis,
		],
	};
}

/** predict() for the shape at its smallest size, same zone, with this many streams. */
function predictAt(record: ShapeRecord, where: Placement, streams: number): ReturnType<typeof predict> {
	const configuration: Configuration = {
		cloud: record.cloud,
		shape: record.shape,
		placement: where,
		ocpus: record.flex?.minOcpus ?? null,
		options: {enaExpress: false, tier1: false},
		streams,
	};
	return predict(configuration, 'same-zone', record);
}
