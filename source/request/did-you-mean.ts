// "Did you mean …?" for a mistyped command, flag or region: the closest of the names that exist, by edit
// distance (a swap of two neighbours counts one), when it is close enough to be a typo. Pure.

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(a: string, b: string): number {
	const rows: number[][] = Array.from({length: a.length + 1}, (_, i) =>
		Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
	);
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const row = rows[i]!;
			const above = rows[i - 1]!;
			let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, rows[i - 2]![j - 2]! + 1);
			row[j] = best;
		}
	}

	return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `typed` within a typo's reach (one edit in four letters, at least 1, at most 3;
 * a flag's dashes not counted), or the one candidate that starts with it; null when none is that close.
 */
export function closestName(typed: string, candidates: readonly string[]): string | null {
	const needle = typed.toLowerCase();
	const letters = needle.replace(/^-+/, '').length;
	const reach = Math.min(3, Math.max(1, Math.floor(letters / 4)));
	let best: {readonly name: string; readonly distance: number} | null = null;
	for (const name of candidates) {
		const distance = editDistance(needle, name.toLowerCase());
		if (distance <= reach && (best === null || distance < best.distance)) best = {name, distance};
	}

	if (best) return best.name;
	const prefixed = candidates.filter((name) => needle.length >= 3 && name.toLowerCase().startsWith(needle));
	return prefixed.length === 1 ? (prefixed[0] ?? null) : null;
}

/** "did you mean size?", or undefined. */
export function didYouMean(typed: string, candidates: readonly string[]): string | undefined {
	const name = closestName(typed, candidates);
	return name === null ? undefined : `did you mean ${name}?`;
}
