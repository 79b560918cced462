// The answer is the `limit` best configurations by the ranking's key (with a target: the price of those
// that meet it; without: $ per Gbps-hour), and each cloud's best. A shape's least key is bounded before it
// is predicted: with a target, its least price (shapes whose streams ceiling is below the target cannot
// meet it and are left out); without, its least price over its streams ceiling. A shape whose bound is
// above the limit-th key found, of a cloud that already has a better one, cannot enter the answer, and the
// keys found only get better: such shapes are never predicted, in whatever order they come. Shapes come
// grouped by cloud and ceiling, each group in price order (priceOrder, sorted once), so the first skipped
// shape of a group ends it; groups are taken by their first bound. Flex shapes (priced per OCPU) are always
// predicted; unpriced ones come last. The candidates come back in the catalogue's order, so ties rank as
// in the whole search. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {enumerator} from './enumerate.js';
import {streamsCeiling} from './model.js';
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

/** The fixed shapes that can enter the answer, grouped by cloud and ceiling, each group in price order. */
function boundedGroups(workload: Workload, shapes: readonly ShapeRecord[], evidence: EvidenceView): Bounded[][] {
	const target = workload.minGbps;
	const isolated = workload.faultIsolation || (workload.placement !== null && workload.placement !== 'cluster');
	const scope = {
		streams: workload.streams,
		path: workload.path,
		region: workload.region,
		sustained: workload.sustained,
		cluster: isolated ? false : undefined,
		enaExpress: workload.enaExpress === false ? false : undefined,
		tier1: workload.tier1 ?? undefined,
	};
	const groups = new Map<string, Bounded[]>();
	for (const shape of priceOrder(shapes, workload.region)) {
		if (shape.record.flex !== null) continue;
		const ceiling = streamsCeiling(shape.record, evidence, scope);
		if (target !== null && ceiling < target) continue;
		const price = shape.leastPrice ?? Number.POSITIVE_INFINITY;
		const bound = target !== null ? price : ceiling > 0 ? price / ceiling : Number.POSITIVE_INFINITY;
		const key = `${shape.record.cloud}/${String(ceiling)}`;
		const group = groups.get(key);
		if (group === undefined) groups.set(key, [{shape, bound}]);
		else group.push({shape, bound});
	}

	return [...groups.values()].sort((a, b) => (a[0] as Bounded).bound - (b[0] as Bounded).bound);
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

	shapes.forEach((record, index) => {
		if (record.flex !== null) predictShape(record, index);
	});
	for (const group of boundedGroups(workload, shapes, evidence)) {
		for (const {shape, bound} of group) {
			const enough = keys.length >= limit && (keys[limit - 1] as number) < bound;
			if (enough && (bestOf.get(shape.record.cloud) ?? Number.POSITIVE_INFINITY) < bound) break;
			predictShape(shape.record, shape.index);
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
