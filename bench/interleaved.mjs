// Shared by the start-up benches: the median, and one loop that times each case in turn, round after
// round (interleaved, so a busy moment on the machine hits every case alike), dropping the warm-ups; and
// the load average printed beside the figures.

import {availableParallelism, loadavg} from 'node:os';

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

/** The machine's 1-, 5- and 15-minute load averages, for the line beside each figure (a shared machine). */
export function loadAverage() {
	const [one, five, fifteen] = loadavg();
	return `load average ${one.toFixed(2)}, ${five.toFixed(2)}, ${fifteen.toFixed(2)} (${availableParallelism()} cores)`;
}
