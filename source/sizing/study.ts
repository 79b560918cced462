// The study's measured efficiencies, read from the reference catalogue (source/advice), never typed in:
// what share of a documented limit the study's shapes delivered, per placement. The model carries them to
// other shapes as `modelled`. Pure.

import {gbps, percent} from '../domain/format.js';
import {remembered} from '../domain/remembered.js';
import {referenceCell, studyShapes} from '../domain/study-cells.js';
import type {Placement, RealCloud} from '../domain/types.js';
import {awsClusterFlowCap, awsFlowCap} from './documented-limits.js';

/** A measured share of a documented figure, with the line that says where it comes from. */
export interface Efficiency {
	/** Measured / documented; may exceed 1 (the study's GCP single flow, OCI's aggregate). */
	readonly share: number;
	/** The documented figure the share was measured against (the x of an interpolation). */
	readonly overGbps: number;
	readonly basis: string;
}

function cellFigures(cloud: RealCloud, shape: string, placement: Placement) {
	const cell = referenceCell(cloud, shape, placement);
	if (cell === undefined) throw new Error(`the study catalogue has no ${cloud}/${shape}/${placement} cell`);
	return {
		cell,
		single: cell.singleFlowGbps.value,
		aggregate: cell.aggregateGbps.value,
		published: cell.published.figure.value,
	};
}

function share(measured: number | null, over: number | null, what: string): Efficiency {
	if (measured === null || over === null || over <= 0) throw new Error(`the study gives no figure for ${what}`);
	return {
		share: measured / over,
		overGbps: over,
		basis: `${what}: ${gbps(measured)} of ${gbps(over)} Gbps (${percent(measured / over, 1)}), one sample`,
	};
}

// Efficiencies are constants of the study: each is worked out (and its line written) once per key (remembered).

/** One constant of the study, worked out on first use. */
function constant(make: () => Efficiency): () => Efficiency {
	let value: Efficiency | undefined;
	return () => {
		value ??= make();
		return value;
	};
}

type StudiedPlacement = 'default' | 'cluster' | 'spread';

/** The study's AWS placement for an efficiency: partition was not measured and reads as default. */
function awsStudyPlacement(placement: Placement): StudiedPlacement {
	return placement === 'cluster' || placement === 'spread' ? placement : 'default';
}

/** AWS one flow: the study's single flow over the documented cap at this placement (same on both shapes). */
export const awsFlowEfficiency = remembered((placement: Placement): Efficiency => {
	const studied = awsStudyPlacement(placement);
	const {single} = cellFigures('aws', studyShapes.awsGeneral, studied);
	const cap = studied === 'cluster' ? awsClusterFlowCap : awsFlowCap;
	return share(single, cap.gbps, `one flow, ${studyShapes.awsGeneral} ${studied}`);
});

/**
 * AWS instance efficiency over the published figure, at this placement, for a shape publishing
 * `publishedGbps`: read only from the study's cells where the instance ceiling was hit (an eight-stream
 * aggregate well under eight single flows). A flow-bound cell (c8gn.4xlarge default, 8 x 4.96 = 39.7 against
 * 39.72 measured; spread 38.12) says nothing about the instance: no placement penalty is inferred from it.
 * Where two shapes hit the ceiling at a placement (cluster: c8g.4xlarge at 15, c8gn.4xlarge at 50) the share
 * is interpolated by published Gbps, held flat outside them; where one did (default, spread: c8g.4xlarge),
 * its share stands.
 */
export function awsAggregateEfficiency(placement: Placement, publishedGbps: number): Efficiency {
	return awsAggregateByFigure(placement)(publishedGbps);
}

/** AWS aggregate efficiencies by placement, then published Gbps (asked once per configuration the search tries). */
const awsAggregateByFigure = remembered((placement: Placement) =>
	remembered((publishedGbps: number) => awsAggregateAt(placement, publishedGbps)),
);

/** A measured aggregate this close to N x the single flow was bounded by the flows, not the instance. */
export const flowBoundShare = 0.95;

/** Whether a study cell's aggregate hit the instance's ceiling (not its flows'). */
function instanceBound(shape: string, studied: StudiedPlacement): boolean {
	const {cell, single, aggregate} = cellFigures('aws', shape, studied);
	return single === null || aggregate === null || aggregate < flowBoundShare * cell.streams * single;
}

/** The study's AWS aggregate share of one shape at a placement. */
function awsAggregateEnd(shape: string, studied: StudiedPlacement): Efficiency {
	const figures = cellFigures('aws', shape, studied);
	return share(figures.aggregate, figures.published, `${shape} ${studied}`);
}

/** The study's instance-bound AWS aggregate shares at a placement, lowest published figure first (worked out once). */
const awsAggregateEnds = remembered((studied: StudiedPlacement): readonly Efficiency[] =>
	[studyShapes.awsGeneral, studyShapes.awsNetwork]
		.filter((shape) => instanceBound(shape, studied))
		.map((shape) => awsAggregateEnd(shape, studied)),
);

function awsAggregateAt(placement: Placement, publishedGbps: number): Efficiency {
	const studied = awsStudyPlacement(placement);
	const ends = awsAggregateEnds(studied);
	const lowShare = ends[0];
	if (lowShare === undefined) throw new Error(`the study hit no AWS instance ceiling at ${studied}`);
	const highShare = ends[ends.length - 1] ?? lowShare;
	const span = highShare.overGbps - lowShare.overGbps;
	const t = span <= 0 ? 0 : Math.min(1, Math.max(0, (publishedGbps - lowShare.overGbps) / span));
	const value = lowShare.share + (highShare.share - lowShare.share) * t;
	return {
		share: value,
		overGbps: publishedGbps,
		// Written when a basis is: the search asks for hundreds of published figures and shows a few.
		get basis() {
			const how =
				t === 0
					? `as ${lowShare.basis}`
					: t === 1
						? `as ${highShare.basis}`
						: `between ${lowShare.basis} and ${highShare.basis}`;
			const unmeasured = studied === placement ? '' : ` (${placement} unmeasured: read as ${studied})`;
			return `aggregate at ${percent(value, 1)} of published, ${how}${unmeasured}`;
		},
	};
}

/** The study's lower AWS single-flow efficiency (default or cluster): what ENA Express's documented 25 Gbps is carried at. */
export const awsLeastFlowEfficiency = constant(() => {
	const [low, high] = [awsFlowEfficiency('default'), awsFlowEfficiency('cluster')];
	return low.share <= high.share ? low : high;
});

/** GCP aggregate over the derived per-VM egress figure; COLLOCATED measured, spread read as default. */
export const gcpAggregateEfficiency = remembered((placement: Placement): Efficiency => {
	const studied = placement === 'collocated' ? 'collocated' : 'default';
	const {aggregate, published} = cellFigures('gcp', studyShapes.gcp, studied);
	return share(aggregate, published, `aggregate, ${studyShapes.gcp} ${studied}`);
});

/** The study's measured single flow on a cloud (GCP 21.69, OCI 15.5): known up to it, a lower bound above. */
export const measuredSingleFlow = remembered((cloud: 'gcp' | 'oci') => {
	const shape = studyShapes[cloud];
	const {single, aggregate} = cellFigures(cloud, shape, 'default');
	if (single === null || aggregate === null) throw new Error(`the study gives no ${cloud} single flow`);
	return {
		gbps: single,
		overGbps: aggregate,
		basis: `${shape}: one flow ${gbps(single)} Gbps on a ${gbps(aggregate)} Gbps link, one sample`,
	};
});

/** GCP one flow over the eight-stream aggregate (the study: 103%, no per-flow ceiling detected). */
export const gcpFlowShare = constant(() => {
	const {single, aggregate} = cellFigures('gcp', studyShapes.gcp, 'default');
	return share(single, aggregate, `one flow over eight, ${studyShapes.gcp}`);
});

/** OCI aggregate over the published per-OCPU figure (the study: 102%). */
export const ociAggregateEfficiency = constant(() => {
	const {aggregate, published} = cellFigures('oci', studyShapes.oci, 'default');
	return share(aggregate, published, `aggregate, ${studyShapes.oci}`);
});

/** OCI one flow over the eight-stream aggregate (the study: 95%). */
export const ociFlowShare = constant(() => {
	const {single, aggregate} = cellFigures('oci', studyShapes.oci, 'default');
	return share(single, aggregate, `one flow over eight, ${studyShapes.oci}`);
});
