// The answer is the `limit` best configurations by the ranking's key (with a target: the price of those
// that meet it; without: $ per Gbps-hour), and each cloud's best. Shapes walked in order of the least key
// they could have (their price; their price over their ceiling) can stop being predicted once both are
// known: a shape whose least key is above the limit-th key found, of a cloud that already has a better one,
// cannot enter the answer. Flex shapes (priced per OCPU) are always predicted; unpriced ones come last.
// The candidates come back in the catalogue's order, so ties rank as in the whole search. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {enumerator} from './enumerate.js';
import {aggregateCeiling} from './model.js';
import {shapePricePerHour} from './price.js';
import {type Candidate, meets, pricePerGbpsHour} from './rank.js';
import type {ShapeRecord} from './types.js';

interface Walked {
	readonly record: ShapeRecord;
	readonly index: number;
	/** The least key any configuration of the shape can have (infinite when unpriced). */
	readonly bound: number;
}

/** The key the ranking puts first (lower is better), or null for a configuration ranked after every keyed one. */
function keyOf(candidate: Candidate, target: number | null): number | null {
	if (target === null) return pricePerGbpsHour(candidate);
	return meets(candidate, target) ? candidate.price.perHour : null;
}

function boundOf(record: ShapeRecord, workload: Workload, evidence: EvidenceView): number {
	const perHour = shapePricePerHour(record, workload.region);
	if (perHour === null) return Number.POSITIVE_INFINITY;
	if (workload.minGbps !== null) return perHour;
	const ceiling = aggregateCeiling(record, evidence);
	return ceiling > 0 ? perHour / ceiling : Number.POSITIVE_INFINITY;
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
	const walked: Walked[] = [];
	shapes.forEach((record, index) => {
		if (record.flex !== null) found.set(index, configurationsOf(record));
		else walked.push({record, index, bound: boundOf(record, workload, evidence)});
	});
	const keys: number[] = [];
	const bestOf = new Map<RealCloud, number>();
	const note = (candidates: readonly Candidate[]) => {
		for (const candidate of candidates) {
			const key = keyOf(candidate, target);
			if (key === null) continue;
			keepSmallest(keys, key, limit);
			const cloud = candidate.configuration.cloud;
			if (key < (bestOf.get(cloud) ?? Number.POSITIVE_INFINITY)) bestOf.set(cloud, key);
		}
	};

	for (const candidates of found.values()) note(candidates);
	for (const {record, index, bound} of walked.sort((a, b) => a.bound - b.bound)) {
		const enough = keys.length >= limit && (keys[limit - 1] as number) < bound;
		if (enough && (bestOf.get(record.cloud) ?? Number.POSITIVE_INFINITY) < bound) continue;
		const candidates = configurationsOf(record);
		found.set(index, candidates);
		note(candidates);
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
