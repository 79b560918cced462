// The advice's what-ifs ask for "the best configuration that passes this test" many times over the relaxed
// workload. Each question walks the shapes in an order that bounds the answer and stops when no shape left
// can beat it. Each shape is bounded by the most it can carry with the user's streams in the configurations
// the question's scope leaves open (streamsCeiling: on AWS the per-flow cap, so shapes that tie on it are
// known to tie before they are predicted) and by its least price. With a target: priced shapes that can
// reach it, cheapest first, until a priced configuration meeting it is found that no later shape can
// undercut; then, if none was, the rest by ceiling. Without one: by ceiling, highest first, stopping at a
// shape that can carry no more than the best found and costs no less. A shape is predicted once, the first
// time a question reaches it. The answer is the one a stable sort of every configuration would put first
// (ties keep the catalogue's order). Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {allowedOptions, placementAllowed, scopeClouds, shapeAllowed} from './constraints.js';
import {enumerator} from './enumerate.js';
import {streamsCeiling} from './model.js';
import {type PricedShape, priceOrder} from './price-order.js';
import {type Candidate, compareCandidates, meets, pricePerGbpsHour} from './rank.js';
import type {ShapeRecord} from './types.js';

export interface LazyCandidates {
	/**
	 * The best candidate in `only` passing `keep`: meeting the target cheapest, else (or with no target)
	 * carrying the most. `only` limits the walk to a cloud, a shape and options: no other shape is walked.
	 */
	best(keep: (candidate: Candidate) => boolean, only?: WalkScope): Candidate | undefined;
	/** Every configuration of one shape, in enumeration order. */
	ofShape(cloud: RealCloud, shape: string): readonly Candidate[];
}

/** The configurations a question is about: a cloud, optionally one shape, and options on or off. */
export interface WalkScope {
	readonly cloud: RealCloud;
	readonly shape?: string;
	/** In a cluster group (true) or not (false). */
	readonly cluster?: boolean;
	readonly enaExpress?: boolean;
	readonly tier1?: boolean;
}

interface Entry {
	readonly record: ShapeRecord;
	/** Position in the catalogue (ties rank in this order). */
	readonly index: number;
}

/** An entry with its bounds for one scope. */
interface Bounded {
	readonly entry: Entry;
	readonly ceiling: number;
	/** Null: no configuration in scope has a price. */
	readonly leastPrice: number | null;
}

interface Walk {
	/** Priced entries that can reach the target, cheapest first (with a target only). */
	readonly byPrice: readonly Bounded[];
	/** Every entry in scope, highest ceiling first, then cheapest (in price order within a ceiling). */
	readonly byCeiling: readonly Bounded[];
}

interface Placed {
	readonly candidate: Candidate;
	readonly index: number;
	readonly position: number;
}

const aggregate = (candidate: Candidate) => candidate.prediction.aggregateGbps ?? -1;

export function lazyCandidates(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	target: number | null,
): LazyCandidates {
	const configurationsOf = enumerator(workload, evidence);
	const clouds = scopeClouds(workload);
	const entries: Entry[] = [];
	shapes.forEach((record, index) => {
		if (shapeAllowed(record, workload, clouds)) entries.push({record, index});
	});
	const allowed = new Set(entries.map((entry) => entry.index));
	const enumerated = new Map<number, Candidate[]>();
	const candidatesOf = ({record, index}: Entry) => {
		let candidates = enumerated.get(index);
		if (candidates === undefined) {
			candidates = configurationsOf(record);
			enumerated.set(index, candidates);
		}

		return candidates;
	};

	const compare =
		target !== null
			? (a: Candidate, b: Candidate) => compareCandidates(a, b, target)
			: (a: Candidate, b: Candidate) => aggregate(b) - aggregate(a) || compareCandidates(a, b, null);
	const before = (a: Placed, b: Placed) =>
		(compare(a.candidate, b.candidate) || a.index - b.index || a.position - b.position) < 0;
	const walks = walksOf(shapes, allowed, workload, evidence, target);

	return {
		best(keep, only) {
			let top: Placed | undefined;
			const considered = new Set<Bounded>();
			const consider = (bounded: Bounded) => {
				considered.add(bounded);
				candidatesOf(bounded.entry).forEach((candidate, position) => {
					if ((only !== undefined && !candidateInScope(candidate, only)) || !keep(candidate)) return;
					const placed = {candidate, index: bounded.entry.index, position};
					if (top === undefined || before(placed, top)) top = placed;
				});
			};

			const walk = walks(only);
			if (target !== null) {
				for (const bounded of walk.byPrice) {
					if (cheapestMeeting(top?.candidate, target) < (bounded.leastPrice as number)) break;
					consider(bounded);
				}

				// A priced configuration meeting the target: nothing unpriced, or short of it, ranks above.
				if (cheapestMeeting(top?.candidate, target) < Number.POSITIVE_INFINITY) return top?.candidate;
			}

			for (const bounded of walk.byCeiling) {
				if (considered.has(bounded)) continue;
				if (top !== undefined && cannotBeat(bounded, top.candidate, target)) break;
				consider(bounded);
			}

			return top?.candidate;
		},
		ofShape(cloud, shape) {
			const entry = entries.find((candidate) => candidate.record.cloud === cloud && candidate.record.shape === shape);
			return entry === undefined ? [] : candidatesOf(entry);
		},
	};
}

/** The price of `found` when it is a priced configuration meeting the target, else infinite. */
function cheapestMeeting(found: Candidate | undefined, target: number): number {
	const price = found !== undefined && meets(found, target) ? found.price.perHour : null;
	return price ?? Number.POSITIVE_INFINITY;
}

/**
 * Whether no configuration of the entry can rank above `top`, which every entry before it in the ceiling
 * walk could not beat: it carries less, or as much (at most) and costs more. Ties on what is carried rank
 * by $ per Gbps-hour without a target and by $/h with one (short of it): the same keys, worked the same way.
 */
function cannotBeat(bounded: Bounded, top: Candidate, target: number | null): boolean {
	const carried = aggregate(top);
	if (bounded.ceiling !== carried) return bounded.ceiling < carried;
	if (carried <= 0 || bounded.leastPrice === null) return false;
	const topKey = (target === null ? pricePerGbpsHour(top) : top.price.perHour) ?? Number.POSITIVE_INFINITY;
	return (target === null ? bounded.leastPrice / carried : bounded.leastPrice) > topKey;
}

function candidateInScope(candidate: Candidate, only: WalkScope): boolean {
	const {placement, options} = candidate.configuration;
	if (only.cluster !== undefined && (placement === 'cluster') !== only.cluster) return false;
	if (only.enaExpress !== undefined && options.enaExpress !== only.enaExpress) return false;
	return only.tier1 === undefined || options.tier1 === only.tier1;
}

/** Whether the enumeration gives the shape any configuration with the options the scope asks for. */
function optionsInScope(record: ShapeRecord, workload: Workload, only: WalkScope | undefined): boolean {
	if (only?.cluster === true && !placementAllowed(record, workload, 'cluster')) return false;
	if (only?.enaExpress === true && !allowedOptions(record, workload).some((options) => options.enaExpress))
		return false;
	return only?.tier1 !== true || allowedOptions(record, workload).some((options) => options.tier1);
}

function recordInScope(record: ShapeRecord, only: WalkScope | undefined): boolean {
	return (
		only === undefined || (record.cloud === only.cloud && (only.shape === undefined || record.shape === only.shape))
	);
}

/**
 * The walk of each scope, worked out the first time a question asks it: the allowed shapes in price order
 * (priceOrder, sorted once), bounded for the scope, and grouped by ceiling (few distinct values: on AWS the
 * per-flow caps), each group keeping the price order.
 */
function walksOf(
	shapes: readonly ShapeRecord[],
	allowed: ReadonlySet<number>,
	workload: Workload,
	evidence: EvidenceView,
	target: number | null,
): (only: WalkScope | undefined) => Walk {
	const made = new Map<string, Walk>();
	const ceilingScope = {
		streams: workload.streams,
		path: workload.path,
		region: workload.region,
		sustained: workload.sustained,
	};
	let base: Map<RealCloud | 'all', PricedShape[]> | undefined;
	return (only) => {
		const key = only === undefined ? '' : JSON.stringify(only);
		let walk = made.get(key);
		if (walk !== undefined) return walk;
		base ??= byCloud(priceOrder(shapes, workload.region).filter((shape) => allowed.has(shape.index)));
		const scope = {...ceilingScope, cluster: only?.cluster, enaExpress: only?.enaExpress, tier1: only?.tier1};
		const groups = new Map<number, Bounded[]>();
		const byPrice: Bounded[] = [];
		for (const shape of base.get(only?.cloud ?? 'all') ?? []) {
			if (!recordInScope(shape.record, only) || !optionsInScope(shape.record, workload, only)) continue;
			const bounded: Bounded = {
				entry: shape,
				ceiling: streamsCeiling(shape.record, evidence, scope),
				leastPrice: only?.tier1 === true ? null : shape.leastPrice,
			};
			const group = groups.get(bounded.ceiling);
			if (group === undefined) groups.set(bounded.ceiling, [bounded]);
			else group.push(bounded);
			if (target !== null && bounded.leastPrice !== null && bounded.ceiling >= target) byPrice.push(bounded);
		}

		const ceilings = [...groups.keys()].sort((a, b) => b - a);
		walk = {byPrice, byCeiling: ceilings.flatMap((ceiling) => groups.get(ceiling) ?? [])};
		made.set(key, walk);
		return walk;
	};
}

/** The shapes of each cloud, and all of them, keeping their order. */
function byCloud<T extends {readonly record: ShapeRecord}>(shapes: readonly T[]): Map<RealCloud | 'all', T[]> {
	const clouds = new Map<RealCloud | 'all', T[]>([['all', [...shapes]]]);
	for (const shape of shapes) {
		const list = clouds.get(shape.record.cloud);
		if (list === undefined) clouds.set(shape.record.cloud, [shape]);
		else list.push(shape);
	}

	return clouds;
}
