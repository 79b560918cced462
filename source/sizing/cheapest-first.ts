// The answer is the `limit` best configurations by the ranking's key (with a target: the price of those
// that meet it; without: $ per Gbps-hour), and each cloud's best. A shape's least key is bounded before it
// is predicted: with a target, its least price (size() has left out shapes that cannot carry it); without,
// its least price over the most it can carry. A shape whose bound is above the limit-th key found, of a
// cloud that already has a better one, cannot enter the answer, and the keys found only get better: such
// shapes are never predicted, in whatever order they come. Shapes are taken by a loose bound (their price
// over aggregateCeiling, cheap for every shape); a shape reached is bounded again by its streams ceiling
// (tight: the per-flow cap and the instance, which also leaves out a shape that cannot meet the target)
// before it is predicted. A Flex shape is bounded by its price at its fewest OCPUs (it grows with them) and
// the most its largest carries; unpriced shapes come last. The candidates come back in the catalogue's
// order, so ties rank as in the whole search. Pure.

import type {EvidenceView} from '../domain/evidence.js';
import type {ShapeRecord} from '../domain/model-types.js';
import type {RealCloud, Workload} from '../domain/types.js';
import {type CeilingScope, streamsCeiling, workloadCeilingScope} from './ceilings.js';
import {enumerator} from './enumerate.js';
import {aggregateCeiling} from './model.js';
import {leastPlanKey, type PlanRule, planOf, planRule} from './plan.js';
import {leastPricePerHour} from './price.js';
import type {Candidate} from './rank.js';
import {sortByNumber} from './sort-by-number.js';

/**
 * The key the ranking puts first (lower is better; plan.ts), or null for a plan ranked after every keyed one:
 * short of the target, or more streams than vCPUs (those rank after every plan without the risk).
 */
function keyOf(candidate: Candidate, rule: PlanRule): number | null {
	const plan = planOf(candidate, rule);
	return plan.meets && !plan.cpuRisk ? plan.key : null;
}

interface Walked {
	readonly record: ShapeRecord;
	readonly index: number;
	readonly price: number;
	/** The least key from a loose ceiling (aggregateCeiling: cheap to work out for every shape). */
	readonly bound: number;
}

/** The shapes by their loose least key (the caller leaves out those that cannot reach a target). */
function walkOrder(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	rule: PlanRule,
): Walked[] {
	const walked: Walked[] = [];
	shapes.forEach((record, index) => {
		const price = leastPricePerHour(record, workload.region) ?? Number.POSITIVE_INFINITY;
		const loose = leastPlanKey(rule, price, aggregateCeiling(record, evidence), record.cloud);
		walked.push({record, index, price, bound: loose ?? Number.POSITIVE_INFINITY});
	});
	return sortByNumber(walked, (shape) => shape.bound);
}

/** The options the workload leaves open, for the streams ceiling (the tight bound of a shape reached). */
function ceilingScope(workload: Workload): CeilingScope {
	const isolated = workload.faultIsolation || (workload.placement !== null && workload.placement !== 'cluster');
	return {
		...workloadCeilingScope(workload),
		cluster: isolated ? false : undefined,
		enaExpress: workload.enaExpress ?? undefined,
		tier1: workload.tier1 ?? undefined,
	};
}

/** The candidates the answer can come from, or null when fewer than `limit` have a key. */
export function cheapestFirst(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit: number,
	rule: PlanRule = planRule(workload),
): Candidate[] | null {
	const configurationsOf = enumerator(workload, evidence);
	const found = new Map<number, Candidate[]>();
	const keys: number[] = [];
	const bestOf = new Map<RealCloud, number>();
	const predictShape = (record: ShapeRecord, index: number) => {
		const candidates = configurationsOf(record);
		found.set(index, candidates);
		for (const candidate of candidates) {
			const key = keyOf(candidate, rule);
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

	const scope = ceilingScope(workload);
	for (const {record, index, price, bound} of walkOrder(workload, shapes, evidence, rule)) {
		if (cannotEnter(bound, record.cloud)) continue;
		const tight = leastPlanKey(rule, price, streamsCeiling(record, evidence, scope), record.cloud);
		if (tight === null || cannotEnter(tight, record.cloud)) continue;
		predictShape(record, index);
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
