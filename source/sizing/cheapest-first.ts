// The answer is the `limit` best configurations by the ranking's key (with a target: the price of those
// that meet it; without: $ per Gbps-hour), and each cloud's best. A shape's least key is bounded before it
// is predicted: with a target, its least price (a shape that cannot carry the target is left out); without,
// its least price over the most it can carry. A shape whose bound is above the limit-th key found, of a
// cloud that already has a better one, cannot enter the answer, and the keys found only get better: such
// shapes are never predicted, in whatever order they come. Shapes come grouped by cloud and a loose ceiling
// (aggregateCeiling, cheap), each group in price order (priceOrder, sorted once) and so in order of its
// loose bound: the first shape of a group that cannot enter ends it. A shape reached is bounded again by its
// streams ceiling (tight: the per-flow cap and the instance) before it is predicted. Groups are taken by
// their first bound. Flex shapes (priced per OCPU) are always predicted; unpriced ones come last. The
// candidates come back in the catalogue's order, so ties rank as in the whole search. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import {round} from '../advisor/format.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {enumerator} from './enumerate.js';
import {aggregateCeiling, type CeilingScope, streamsCeiling} from './model.js';
import {type PricedShape, priceOrder} from './price-order.js';
import {type Candidate, meets, pricePerGbpsHour} from './rank.js';
import type {ShapeRecord} from './types.js';

interface Bounded {
	readonly shape: PricedShape;
	/** The least key any configuration of the shape can have (infinite when unpriced). */
	readonly bound: number;
}

/** The key the ranking puts first (lower is better), or null for a configuration ranked after every keyed one. */
function keyOf(candidate: Candidate, target: number | null): number | null {
	if (target === null) return pricePerGbpsHour(candidate);
	return meets(candidate, target) ? candidate.price.perHour : null;
}

/** A shape's least key from its price and what it can carry, or null when it cannot meet the target. */
function leastKey(price: number, ceiling: number, target: number | null): number | null {
	if (target !== null) return ceiling < target ? null : price;
	return ceiling > 0 ? price / ceiling : Number.POSITIVE_INFINITY;
}

/**
 * The fixed shapes, grouped by cloud and aggregateCeiling (a loose bound, cheap to work out), each group in
 * price order and so in order of its loose least key; groups taken by their first key.
 */
function looseGroups(workload: Workload, shapes: readonly ShapeRecord[], evidence: EvidenceView): Bounded[][] {
	const groups = new Map<string, Bounded[]>();
	for (const shape of priceOrder(shapes, workload.region)) {
		if (shape.record.flex !== null) continue;
		const ceiling = round(aggregateCeiling(shape.record, evidence), 2);
		const bound = leastKey(shape.leastPrice ?? Number.POSITIVE_INFINITY, ceiling, workload.minGbps);
		if (bound === null) continue;
		const key = `${shape.record.cloud}/${String(ceiling)}`;
		const group = groups.get(key);
		if (group === undefined) groups.set(key, [{shape, bound}]);
		else group.push({shape, bound});
	}

	return [...groups.values()].sort((a, b) => (a[0] as Bounded).bound - (b[0] as Bounded).bound);
}

/** The options the workload leaves open, for the streams ceiling (the tight bound of a shape reached). */
function ceilingScope(workload: Workload): CeilingScope {
	const isolated = workload.faultIsolation || (workload.placement !== null && workload.placement !== 'cluster');
	return {
		streams: workload.streams,
		path: workload.path,
		region: workload.region,
		sustained: workload.sustained,
		cluster: isolated ? false : undefined,
		enaExpress: workload.enaExpress === false ? false : undefined,
		tier1: workload.tier1 ?? undefined,
	};
}

/** The candidates the answer can come from, or null when fewer than `limit` have a key. */
export function cheapestFirst(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit: number,
): Candidate[] | null {
	const target = workload.minGbps;
	const configurationsOf = enumerator(workload, evidence);
	const found = new Map<number, Candidate[]>();
	const keys: number[] = [];
	const bestOf = new Map<RealCloud, number>();
	const predictShape = (record: ShapeRecord, index: number) => {
		const candidates = configurationsOf(record);
		found.set(index, candidates);
		for (const candidate of candidates) {
			const key = keyOf(candidate, target);
			if (key === null) continue;
			keepSmallest(keys, key, limit);
			const cloud = candidate.configuration.cloud;
			if (key < (bestOf.get(cloud) ?? Number.POSITIVE_INFINITY)) bestOf.set(cloud, key);
		}
	};
	const cannotEnter = (bound: number, cloud: RealCloud) =>
		keys.length >= limit &&
		(keys[limit - 1] as number) < bound &&
		(bestOf.get(cloud) ?? Number.POSITIVE_INFINITY) < bound;

	shapes.forEach((record, index) => {
		if (record.flex !== null) predictShape(record, index);
	});
	const scope = ceilingScope(workload);
	for (const group of looseGroups(workload, shapes, evidence)) {
		for (const {shape, bound} of group) {
			const {record} = shape;
			if (cannotEnter(bound, record.cloud)) break;
			const tight = leastKey(
				shape.leastPrice ?? Number.POSITIVE_INFINITY,
				streamsCeiling(record, evidence, scope),
				target,
			);
			if (tight === null || cannotEnter(tight, record.cloud)) continue;
			predictShape(record, shape.index);
		}
	}

	// A cloud with no keyed configuration had every shape predicted: its best is exact too.
	if (keys.length < limit) return null;
	return [...found.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, candidates]) => candidates);
}

/** Keep the `count` smallest values, ascending. */
function keepSmallest(values: number[], value: number, count: number): void {
	let at = values.length;
	while (at > 0 && (values[at - 1] as number) > value) at--;
	if (at >= count) return;
	values.splice(at, 0, value);
	if (values.length > count) values.pop();
}
