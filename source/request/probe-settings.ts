// How a probe runs, as a validated request carries it (probe-request.ts builds it; probe/ runs it).

import {describeBound, requestBounds} from '../domain/bounds.js';
import type {CongestionControl} from '../domain/types.js';
import type {ProblemList} from './request-errors.js';

/** How a probe runs: stream counts x repeats per pair, plus ping and an optional sustained run. */
export interface ProbeSettings {
	/** Stream counts to test, in order (default [1, 8]). */
	readonly streams: readonly number[];
	/** Seconds per iperf3 test, excluding the 1 s omitted warm-up (default 20). */
	readonly durationSeconds: number;
	/** Repeats per stream count (default 1). */
	readonly repeat: number;
	/** Seconds of the sustained single-flow run (`-i 1`), or null for none. */
	readonly sustainedSeconds: number | null;
	/** Ping packets (at 0.02 s spacing) for the RTT median (default 50). */
	readonly pingCount: number;
	/** Also test the other direction (iperf3 -R: the server sends), as `reverseResults` (default false). */
	readonly reverse?: boolean;
	/**
	 * iperf3 processes per test: 'auto' (several where iperf3 < 3.16 runs all streams on one thread, or where one
	 * process was CPU-bound) or a fixed count (1 = always one process). Default 'auto'.
	 */
	readonly processes?: 'auto' | number;
	/** The congestion control each test's sender runs (`--cc`, iperf3 -C); absent: the host's own default. */
	readonly congestionControl?: CongestionControl;
}

export const defaultProbeSettings: ProbeSettings = {
	streams: [1, 8],
	durationSeconds: 20,
	repeat: 1,
	sustainedSeconds: null,
	pingCount: 50,
};

/** The tests' seconds together, each placement (ping and per-step overheads left out: a floor of the hold). */
export function totalTestSeconds(settings: ProbeSettings, placements: number): number {
	const directions = settings.reverse === true ? 2 : 1;
	const tests = settings.streams.length * settings.repeat * settings.durationSeconds * directions;
	return placements * (tests + (settings.sustainedSeconds ?? 0));
}

/** Each flag is in its bounds; together they must be too (20 repeats of 5 stream counts for an hour is 100 h). */
export function checkTotalTests(settings: ProbeSettings, placements: number, problems: ProblemList): void {
	const bound = requestBounds.totalTests;
	const total = totalTestSeconds(settings, placements);
	if (total <= bound.max) return;
	const parts = `${settings.streams.length} stream count(s) x ${settings.repeat} repeat(s) x ${settings.durationSeconds} s${settings.reverse === true ? ' x 2 directions' : ''}${settings.sustainedSeconds === null ? '' : ` + ${settings.sustainedSeconds} s sustained`}, ${placements} placement(s)`;
	problems.add(
		'duration',
		`the tests would take ${total} s (${(total / 3600).toFixed(1)} h) together (${parts}): all tests must be ${describeBound(bound)}`,
		'fewer stream counts or repeats, or a shorter --duration',
	);
}
