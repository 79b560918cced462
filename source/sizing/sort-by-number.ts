// A stable ascending sort by a numeric key, without a comparator: the keys are sorted as numbers (a typed
// array's sort), each distinct key's run in that order is found in a Map (its first place), and each item
// goes to the next free place of its key's run. The search sorts every shape of the catalogue a few times
// per question, mostly in code still cold: a comparator called some 20,000 times was most of that, then
// grouping the items in arrays per key, then a binary search per item. NaN keys come last (as a typed array
// sorts them), in the order given; -0 and 0 share a run. Pure.

export function sortByNumber<T>(items: readonly T[], key: (item: T) => number): T[] {
	const count = items.length;
	const keys = new Float64Array(count);
	for (let at = 0; at < count; at++) keys[at] = key(items[at] as T);
	const sorted = keys.slice().sort();
	// Each key's next free place: first the start of its run (walking down leaves the first place set).
	const next = new Map<number, number>();
	for (let at = count - 1; at >= 0; at--) next.set(sorted[at] as number, at);
	const result = new Array<T>(count);
	for (let at = 0; at < count; at++) {
		const value = keys[at] as number;
		const place = next.get(value) as number;
		result[place] = items[at] as T;
		next.set(value, place + 1);
	}

	return result;
}
