// A stable ascending sort by a numeric key, without a comparator: the distinct keys are sorted as numbers
// (a typed array's sort), each with its items in the order given. The search sorts every shape of the
// catalogue once per question; a comparator called some 20,000 times was most of that. Pure.

export function sortByNumber<T>(items: readonly T[], key: (item: T) => number): T[] {
	const byKey = new Map<number, T[]>();
	for (const item of items) {
		const value = key(item);
		const same = byKey.get(value);
		if (same === undefined) byKey.set(value, [item]);
		else same.push(item);
	}

	return Array.from(Float64Array.from(byKey.keys()).sort(), (value) => byKey.get(value) ?? []).flat();
}
