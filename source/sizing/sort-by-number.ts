// A stable ascending sort by a numeric key, without a comparator: the distinct keys are sorted as numbers
// (a typed array's sort), each with its items in the order given. The search sorts every shape of the
// catalogue once per question; a comparator called some 20,000 times was most of that. Pure.

import {groupBy} from '../group-by.js';

export function sortByNumber<T>(items: readonly T[], key: (item: T) => number): T[] {
	const byKey = groupBy(items, key);
	return Array.from(Float64Array.from(byKey.keys()).sort(), (value) => byKey.get(value) ?? []).flat();
}
