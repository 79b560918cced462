// The advice's what-ifs ask for "the best configuration that passes this test" many times over the relaxed
// workload, each within a scope (a cloud; a shape; a cluster group or not; ENA Express or Tier_1 on or off).
// Each question walks the shapes in an order that bounds the answer and stops when no shape left can beat
// it. A shape is bounded by the most it can carry with the user's streams (streamsCeiling: on AWS the
// per-flow cap, so shapes that tie on it are known to tie before they are predicted) and by its least
// price. With a target: shapes cheapest first, passing over those whose ceiling in the scope is below it,
// until a priced configuration meeting it is found that no later shape can undercut; then, if none was,
// the rest by ceiling. Without one: by ceiling over every option, highest first, passing over a shape whose
// ceiling in the scope cannot beat the best found and stopping at one whose ceiling over every option
// cannot. The two orders are made once per cloud; a shape is predicted once, the first time a question
// reaches it. The answer is the one a stable sort of every configuration would put first (ties keep the
// catalogue's order). Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {groupBy} from '../domain/group-by.js';
import type {ShapeRecord} from '../domain/model-types.js';
import {remembered} from '../domain/remembered.js';
import type {RealCloud, Workload} from '../domain/types.js';
import {type CeilingScope, quickCeiling, streamsCeiling, workloadCeilingScope} from './ceilings.js';
import {allowedOptions, placementAllowed, scopeClouds, shapeAllowed} from './constraints.js';
import {enumerator} from './enumerate.js';
import {leastPricePerHour} from './price.js';
import {type Candidate, compareCandidates, meets, pricePerGbpsHour} from './rank.js';
import {reaches} from './resolution.js';
import {sortByNumber} from './sort-by-number.js';

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
	/**
	 * Only configurations priced below this $/h: a shape whose least price is not below it (or that has
	 * none) is not walked (`keep` still judges each configuration's own price).
	 */
	readonly cheaperThan?: number;
}

interface Entry {
	readonly record: ShapeRecord;
	/** Position in the catalogue (ties rank in this order). */
	readonly index: number;
}

/** What a shape can carry with the user's streams and its least price, over every option or in a scope. */
interface Bounded {
	readonly ceiling: number;
	/** Null: no configuration in scope has a price. */
	readonly leastPrice: number | null;
}

interface Placed {
	readonly candidate: Candidate;
	readonly index: number;
	readonly position: number;
}

const aggregate = (candidate: Candidate) => candidate.prediction.aggregateGbps ?? -1;

/**
 * What the questions over one workload's shapes share, whichever way they rank: the shapes it allows with
 * their least prices, the two walk orders, and each shape's configurations once predicted. The advice asks
 * cheapest-first and most-first questions over the same workload (what-ifs/context.ts): one of these serves both.
 */
export interface ShapeWalks {
	readonly workload: Workload;
	readonly evidence: EvidenceView;
	readonly ceilingScope: CeilingScope;
	readonly orders: WalkOrders;
	candidatesOf(shape: Entry): readonly Candidate[];
}

export function shapeWalks(workload: Workload, shapes: readonly ShapeRecord[], evidence: EvidenceView): ShapeWalks {
	const configurationsOf = enumerator(workload, evidence);
	const clouds = scopeClouds(workload);
	const allowed: PricedShape[] = [];
	const region = workload.region;
	shapes.forEach((record, index) => {
		if (shapeAllowed(record, workload, clouds))
			allowed.push({record, index, leastPrice: leastPricePerHour(record, region)});
	});
	const enumerated = new Map<number, Candidate[]>();
	const ceilingScope = workloadCeilingScope(workload);
	return {
		workload,
		evidence,
		ceilingScope,
		orders: walksOf(allowed, ceilingScope, evidence),
		candidatesOf({record, index}) {
			let candidates = enumerated.get(index);
			if (candidates === undefined) {
				candidates = configurationsOf(record);
				enumerated.set(index, candidates);
			}

			return candidates;
		},
	};
}

export function lazyCandidates(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	target: number | null,
): LazyCandidates {
	return lazyCandidatesOver(shapeWalks(workload, shapes, evidence), target);
}

/** The questions of `lazyCandidates` over walks another ranking may share. */
export function lazyCandidatesOver(shared: ShapeWalks, target: number | null): LazyCandidates {
	const compare =
		target !== null
			? (a: Candidate, b: Candidate) => compareCandidates(a, b, target)
			: (a: Candidate, b: Candidate) => aggregate(b) - aggregate(a) || compareCandidates(a, b, null);
	const before = (a: Placed, b: Placed) =>
		(compare(a.candidate, b.candidate) || a.index - b.index || a.position - b.position) < 0;

	return {
		best: (keep, only) => bestOver(shared, target, new BestSoFar(shared, before, keep, only), only),
		ofShape(cloud, shape) {
			const entry = shared.orders.byPrice(cloud).find((candidate) => candidate.record.shape === shape);
			return entry === undefined ? [] : shared.candidatesOf(entry);
		},
	};
}

/** The best configuration found so far in one question, and the shapes whose configurations it weighed. */
class BestSoFar {
	top: Placed | undefined;
	readonly considered = new Set<PricedShape>();

	constructor(
		private readonly shared: ShapeWalks,
		private readonly before: (a: Placed, b: Placed) => boolean,
		private readonly keep: (candidate: Candidate) => boolean,
		private readonly only: WalkScope | undefined,
	) {}

	/** Weighs every configuration of the shape in the scope that `keep` passes. */
	consider(shape: PricedShape): void {
		this.considered.add(shape);
		this.shared.candidatesOf(shape).forEach((candidate, position) => {
			if ((this.only !== undefined && !candidateInScope(candidate, this.only)) || !this.keep(candidate)) return;
			const placed = {candidate, index: shape.index, position};
			if (this.top === undefined || this.before(placed, this.top)) this.top = placed;
		});
	}
}

/** One question: one shape's own configurations; else the price walk (with a target), then the ceiling walk. */
function bestOver(
	shared: ShapeWalks,
	target: number | null,
	found: BestSoFar,
	only: WalkScope | undefined,
): Candidate | undefined {
	if (only?.shape !== undefined) {
		// One shape: its own configurations decide.
		const shape = shared.orders.byPrice(only.cloud).find((entry) => entry.record.shape === only.shape);
		if (shape !== undefined) found.consider(shape);
		return found.top?.candidate;
	}

	const scoped = scopedBound(shared, only);
	if (target !== null) {
		walkByPrice(shared, target, found, scoped, only);
		// A priced configuration meeting the target: nothing unpriced, or short of it, ranks above.
		if (cheapestMeeting(found.top?.candidate, target) < Number.POSITIVE_INFINITY) return found.top?.candidate;
	}

	walkByCeiling(shared, target, found, scoped, only);
	return found.top?.candidate;
}

type ScopedBound = (shape: PricedShape) => Bounded | null;

/** What a shape can carry in the question's scope, or null when it has no configuration there. */
function scopedBound(shared: ShapeWalks, only: WalkScope | undefined): ScopedBound {
	const {workload, evidence, ceilingScope} = shared;
	const scope = {
		...ceilingScope,
		cluster: only?.cluster,
		enaExpress: only?.enaExpress ?? ceilingScope.enaExpress,
		tier1: only?.tier1,
	};
	return (shape) =>
		recordInScope(shape.record, only) && optionsInScope(shape.record, workload, only)
			? {ceiling: streamsCeiling(shape.record, evidence, scope), leastPrice: leastPrice(shape, only)}
			: null;
}

/** Cheapest first, passing over shapes whose ceiling is short of the target, until none left can undercut. */
function walkByPrice(
	shared: ShapeWalks,
	target: number,
	found: BestSoFar,
	scoped: ScopedBound,
	only: WalkScope | undefined,
): void {
	for (const shape of shared.orders.byPrice(only?.cloud)) {
		if (only?.tier1 === true || shape.leastPrice === null || !cheaper(shape, only)) break;
		if (cheapestMeeting(found.top?.candidate, target) < shape.leastPrice) break;
		const bounded = scoped(shape);
		if (bounded !== null && reaches(bounded.ceiling, target)) found.consider(shape);
	}
}

/**
 * Highest ceiling first over every option (a quick bound): a shape whose bound cannot beat the best found
 * ends the walk; one whose ceiling in the scope cannot is passed over.
 */
function walkByCeiling(
	shared: ShapeWalks,
	target: number | null,
	found: BestSoFar,
	scoped: ScopedBound,
	only: WalkScope | undefined,
): void {
	for (const {shape, ceiling} of shared.orders.byCeiling(only?.cloud)) {
		if (found.considered.has(shape) || !cheaper(shape, only)) continue;
		const any = {ceiling, leastPrice: leastPrice(shape, only)};
		if (found.top !== undefined && cannotBeat(any, found.top.candidate, target)) break;
		const bounded = scoped(shape);
		if (bounded === null || (found.top !== undefined && cannotBeat(bounded, found.top.candidate, target))) continue;
		found.consider(shape);
	}
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

/** Whether the shape may have a configuration under the scope's price (always, when it sets none). */
function cheaper(shape: PricedShape, only: WalkScope | undefined): boolean {
	const limit = only?.cheaperThan;
	return limit === undefined || (shape.leastPrice !== null && shape.leastPrice < limit);
}

/** The least $/h of a shape's configurations in the scope (Tier_1 has none: an unpriced SKU). */
function leastPrice(shape: PricedShape, only: WalkScope | undefined): number | null {
	return only?.tier1 === true ? null : shape.leastPrice;
}

/** An allowed shape, its place in the catalogue and its least $/h. */
interface PricedShape extends Entry {
	/** Null: no source prices the shape. */
	readonly leastPrice: number | null;
}

const priceKey = (shape: PricedShape) => shape.leastPrice ?? Number.POSITIVE_INFINITY;

/**
 * The two walk orders over the allowed shapes (given in catalogue order), per cloud (and over all clouds),
 * each worked out on first use: by least price, and by a quick ceiling over every option (quickCeiling),
 * highest first, in price order within a ceiling (few distinct values, on AWS the per-flow caps).
 */
type WalkOrders = ReturnType<typeof walksOf>;

function walksOf(allowed: readonly PricedShape[], scope: CeilingScope, evidence: EvidenceView) {
	const base = byCloud(allowed);
	const byPrice = remembered((key: RealCloud | 'all') => sortByNumber(base.get(key) ?? [], priceKey));
	// Stable: the price order within each ceiling (and the catalogue's within a price).
	const byCeiling = remembered((key: RealCloud | 'all') =>
		sortByNumber(
			byPrice(key).map((shape) => ({shape, ceiling: quickCeiling(shape.record, evidence, scope)})),
			(entry) => -entry.ceiling,
		),
	);
	return {
		byPrice: (cloud: RealCloud | undefined) => byPrice(cloud ?? 'all'),
		byCeiling: (cloud: RealCloud | undefined) => byCeiling(cloud ?? 'all'),
	};
}

/** The shapes of each cloud, and all of them, keeping their order. */
function byCloud<T extends {readonly record: ShapeRecord}>(shapes: readonly T[]): Map<RealCloud | 'all', T[]> {
	return new Map<RealCloud | 'all', T[]>([['all', [...shapes]], ...groupBy(shapes, (shape) => shape.record.cloud)]);
}
