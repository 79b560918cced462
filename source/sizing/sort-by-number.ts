// A stable ascending sort by a numeric key, without a comparator: the keys are sorted as numbers (a typed
// array's sort), then each item goes to the first free place of its key's run in that order, found by a
// binary search. The search sorts every shape of the catalogue a few times per question; a comparator
// called some 20,000 times was most of that, and grouping the items in a Map by key most of what was left.
// NaN keys come last (as a typed array sorts them), in the order given. Pure.

export function sortByNumber<T>(items: readonly T[], key: (item: T) => number): T[] {
	const count = items.length;
	const keys = new Float64Array(count);
	let numbered = count;
	for (let at = 0; at < count; at++) {
		const value = key(items[at] as T);
		keys[at] = value;
		if (Number.isNaN(value)) numbered--;
	}

	const sorted = keys.slice().sort();
	// How many items have gone to the run that starts at each place.
	const placed = new Uint32Array(count);
	const result = new Array<T>(count);
	for (let at = 0; at < count; at++) {
		const value = keys[at] as number;
		const run = Number.isNaN(value) ? numbered : firstNotBelow(sorted, value, numbered);
		result[run + (placed[run] as number)] = items[at] as T;
		placed[run] = (placed[run] as number) + 1;
	}

	return result;
}

/** The first place in `sorted[0, end)` whose value is not below `value` (a run of equal keys starts there). */
function firstNotBelow(sorted: Float64Array, value: number, end: number): number {
	let low = 0;
	let high = end;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if ((sorted[middle] as number) < value) low = middle + 1;
		else high = middle;
	}

	return low;
}
