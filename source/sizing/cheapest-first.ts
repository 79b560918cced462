// With a target, the answer is the `limit` cheapest configurations that meet it, and each cloud's cheapest
// that does. Shapes taken in order of price can stop being predicted once both are known: a shape dearer
// than the limit-th meeting price, of a cloud that already has a cheaper meeting configuration, cannot
// enter the answer. Shapes whose price is not one number per shape (Flex, unpriced) are always predicted.
// The candidates come back in the catalogue's order, so ties rank as in the whole search. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {priceIn} from './catalogue.js';
import {enumerator} from './enumerate.js';
import {type Candidate, meets} from './rank.js';
import type {ShapeRecord} from './types.js';

interface Priced {
	readonly record: ShapeRecord;
	readonly index: number;
	readonly perHour: number | null;
}

function pricedShapes(shapes: readonly ShapeRecord[], region: string | null): Priced[] {
	return shapes.map((record, index) => ({
		record,
		index,
		perHour: record.flex === null ? (priceIn(record, region)?.perHour ?? null) : null,
	}));
}

/** The candidates the answer can come from, or null when fewer than `limit` priced ones meet the target. */
export function cheapestFirst(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit: number,
): Candidate[] | null {
	const target = workload.minGbps;
	if (target === null) return null;
	const configurationsOf = enumerator(workload, evidence);
	const priced = pricedShapes(shapes, workload.region);
	const byPrice = priced
		.filter((entry) => entry.perHour !== null)
		.sort((a, b) => (a.perHour as number) - (b.perHour as number));
	const found = new Map<number, Candidate[]>();
	for (const entry of priced) if (entry.perHour === null) found.set(entry.index, configurationsOf(entry.record));
	const meetingPrices: number[] = [];
	const cheapestOf = new Map<RealCloud, number>();
	for (const {record, index, perHour} of byPrice) {
		const price = perHour as number;
		const enough = meetingPrices.length >= limit && (meetingPrices[limit - 1] as number) < price;
		const cloudHas = (cheapestOf.get(record.cloud) ?? Number.POSITIVE_INFINITY) < price;
		if (enough && cloudHas) continue;
		const candidates = configurationsOf(record);
		found.set(index, candidates);
		for (const candidate of candidates) {
			const candidatePrice = candidate.price.perHour;
			if (candidatePrice === null || !meets(candidate, target)) continue;
			insertSorted(meetingPrices, candidatePrice, limit);
			if (candidatePrice < (cheapestOf.get(record.cloud) ?? Number.POSITIVE_INFINITY)) {
				cheapestOf.set(record.cloud, candidatePrice);
			}
		}
	}

	// A cloud with no priced configuration meeting the target had every shape predicted: its best is exact too.
	if (meetingPrices.length < limit) return null;
	return [...found.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, candidates]) => candidates);
}

/** Keep the `keep` smallest values, ascending. */
function insertSorted(values: number[], value: number, keep: number): void {
	let at = values.length;
	while (at > 0 && (values[at - 1] as number) > value) at--;
	if (at >= keep) return;
	values.splice(at, 0, value);
	if (values.length > keep) values.pop();
}
