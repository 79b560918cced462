// Shared by the benches: the median, and one loop that times each case in turn, round after round
// (interleaved, so a busy moment on the machine hits every case alike), dropping the warm-ups; the load
// average printed beside the figures; and the environment the timed processes get.

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

/**
 * Settings in the environment that change how every Node process starts, whatever it runs. They are left
 * out of what a bench times, so a ratio to bare Node is netplace's own cost:
 * - NODE_EXTRA_CA_CERTS: Node reads and parses the named certificate file before a script's first line. On
 *   the development machines it names the system's whole bundle (144 certificates), which took 85 to
 *   95 ms of every start, a bare `node -e 0` included: 47 ms without it, 133 ms with it (30 runs each,
 *   hyperfine, 2026-12-02). Every start-up ratio measured with it in the environment was too low.
 * - NODE_OPTIONS: flags or preloaded modules for every process.
 */
export const startupSettings = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];

/** The environment for a timed process: the machine's without `startupSettings`, no cloud metadata look-ups, no colour, then `extra`. */
export function benchEnv(extra = {}) {
	const env = {...process.env, AWS_EC2_METADATA_DISABLED: 'true', METADATA_SERVER_DETECTION: 'none', NO_COLOR: '1'};
	for (const name of startupSettings) delete env[name];
	return {...env, ...extra};
}

/** A line for the figures: which start-up settings this machine has that the timed processes do not get. */
export function environmentNote() {
	const removed = startupSettings.filter((name) => process.env[name] !== undefined);
	return removed.length === 0
		? 'environment: no Node start-up settings to leave out'
		: `environment: ${removed.join(' and ')} left out of the timed processes (set on this machine)`;
}
