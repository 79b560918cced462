// The advice's what-ifs ask for "the best configuration that passes this test" many times over the relaxed
// workload. Each question walks the shapes in an order that bounds the answer and stops when no shape left
// can beat it: with a target, cheapest first (nothing dearer than the cheapest meeting configuration can
// rank above it); without one, by ceiling, highest first (nothing can carry more than its ceiling). A shape
// is predicted once, the first time a question reaches it. The answer is the one a stable sort of every
// configuration would put first (ties keep the catalogue's order). Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {RealCloud, Workload} from '../advisor/types.js';
import {scopeClouds, shapeAllowed} from './constraints.js';
import {enumerator} from './enumerate.js';
import {aggregateCeiling} from './model.js';
import {shapePricePerHour} from './price.js';
import {type Candidate, compareCandidates, meets} from './rank.js';
import type {ShapeRecord} from './types.js';

export interface LazyCandidates {
	/**
	 * The best candidate passing `keep`: meeting the target cheapest, else (or with no target) carrying the
	 * most. `only` names the cloud (and shape) `keep` is limited to, so no other shape is walked.
	 */
	best(keep: (candidate: Candidate) => boolean, only?: WalkScope): Candidate | undefined;
	/** Every configuration of one shape, in enumeration order. */
	ofShape(cloud: RealCloud, shape: string): readonly Candidate[];
}

/** The cloud, and optionally the one shape, a question is about. */
export interface WalkScope {
	readonly cloud: RealCloud;
	readonly shape?: string;
}

interface Entry {
	readonly record: ShapeRecord;
	/** Position in the catalogue (ties rank in this order). */
	readonly index: number;
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
	const orders = walkOrders(entries, workload.region, evidence);

	return {
		best(keep, only) {
			let top: Placed | undefined;
			const consider = (entry: Entry) => {
				if (only !== undefined && !inScope(entry.record, only)) return;
				candidatesOf(entry).forEach((candidate, position) => {
					if (!keep(candidate)) return;
					const placed = {candidate, index: entry.index, position};
					if (top === undefined || before(placed, top)) top = placed;
				});
			};

			if (target !== null) {
				for (const entry of orders.unpriced()) consider(entry);
				for (const {entry, perHour} of orders.byPrice()) {
					const found = top?.candidate;
					const cheapest = found !== undefined && meets(found, target) ? found.price.perHour : null;
					if (cheapest !== null && perHour > cheapest) break;
					consider(entry);
				}
			} else {
				for (const {entry, ceiling} of orders.byCeiling()) {
					if (top !== undefined && aggregate(top.candidate) > ceiling) break;
					consider(entry);
				}
			}

			return top?.candidate;
		},
		ofShape(cloud, shape) {
			const entry = entries.find((candidate) => candidate.record.cloud === cloud && candidate.record.shape === shape);
			return entry === undefined ? [] : candidatesOf(entry);
		},
	};
}

function inScope(record: ShapeRecord, only: WalkScope): boolean {
	return record.cloud === only.cloud && (only.shape === undefined || record.shape === only.shape);
}

/** The walk orders, each worked out on first use. */
function walkOrders(entries: readonly Entry[], region: string | null, evidence: EvidenceView) {
	let priced: {byPrice: Array<{entry: Entry; perHour: number}>; unpriced: Entry[]} | undefined;
	let byCeiling: Array<{entry: Entry; ceiling: number}> | undefined;
	const pricing = () => {
		if (priced === undefined) {
			const byPrice: Array<{entry: Entry; perHour: number}> = [];
			const unpriced: Entry[] = [];
			for (const entry of entries) {
				// A Flex shape's price depends on its OCPUs: it is always walked.
				const perHour = shapePricePerHour(entry.record, region);
				if (perHour === null) unpriced.push(entry);
				else byPrice.push({entry, perHour});
			}

			priced = {byPrice: byPrice.sort((a, b) => a.perHour - b.perHour), unpriced};
		}

		return priced;
	};

	return {
		byPrice: () => pricing().byPrice,
		unpriced: () => pricing().unpriced,
		byCeiling: () => {
			byCeiling ??= entries
				.map((entry) => ({entry, ceiling: aggregateCeiling(entry.record, evidence)}))
				.sort((a, b) => b.ceiling - a.ceiling);
			return byCeiling;
		},
	};
}
