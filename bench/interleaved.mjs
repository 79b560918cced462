// Shared by the start-up benches: the median, and one loop that times each case in turn, round after
// round (interleaved, so a busy moment on the machine hits every case alike), dropping the warm-ups.

export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Map of case name -> milliseconds per measured round. `timeOnce(entry)` may return a number or a promise. */
export async function timeInterleaved(cases, {warmups, runs, timeOnce}) {
	const times = new Map(cases.map((entry) => [entry.name, []]));
	for (let round = 0; round < warmups + runs; round++) {
		for (const entry of cases) {
			const elapsed = await timeOnce(entry);
			if (round >= warmups) times.get(entry.name).push(elapsed);
		}
	}

	return times;
}
