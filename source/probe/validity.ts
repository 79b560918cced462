// Whether a test's figure stands for the network (pure). A test is set aside, with the figure that decided it,
// when it is partial (fewer repeats finished than asked, or iperf3 measured less time than asked), too short,
// CPU-bound on either end (it measured the host, not the network) or retransmit-heavy (it measured loss, not
// capacity). Only valid tests make the headline, the per-flow verdict, the sweep and the advice; every test is
// kept with its validity. Runs saved before validity was recorded get it derived from what they stored.

import {streamsLabel} from '../domain/format.js';
import {saturated} from './host-cpu.js';
import type {ProbeSettings, StreamResult, TestValidity} from './types.js';

/**
 * The version of these rules. The store's derived files (its index and the per-cell medians) carry the one they
 * were made under and are rebuilt from the run files under any other (stores/results-derived.ts): bump it when
 * a rule or threshold here changes, so stored runs are judged again. 1: the rules as first recorded. 2: a test
 * no core of which was saturated is not set aside for the machine's load when its figure reached what was
 * expected of it (the prediction held to the hosts' window) or sits at the window bound (issue 37). 3: a k8s
 * pod-network run is the pod network's evidence (its own cell, by CNI), never the node's (issue 41).
 */
export const validityRulesVersion = 3;

/**
 * Tests shorter than this are too short: in the lab `-t 2 -O 1` is already stable to 0.3% (LAB-NOTES.md), and
 * shorter ones are dominated by the first second's ramp.
 */
export const minTestSeconds = 2;
/** iperf3 measuring less than this share of the seconds asked: the test was cut short. */
export const partialSecondsShare = 0.9;
/**
 * Retransmitted segments at or above this share: TCP is loss-limited (Mathis et al. 1997: rate ≈ MSS / RTT ×
 * 1.22 / √p, at 1% some 12 segments per RTT), so the figure measured the loss, not the capacity.
 */
export const retransmitHeavyShare = 0.01;
/** The segment size the retransmit share is counted in (1500-byte MTU less TCP/IP headers and timestamps). */
export const segmentBytes = 1448;

type Judged = Pick<StreamResult, 'streams' | 'gbps' | 'samples' | 'retransmits' | 'seconds' | 'cpu'>;
type Asked = Pick<ProbeSettings, 'durationSeconds' | 'repeat'>;

/**
 * What the test was expected to reach, where a limit names it: the prediction held to the hosts' window (N
 * streams: min(aggregate, N x one flow)) and the window bound itself (N x window / RTT). A test the CPU did not
 * bind (no core saturated) that reaches one of them measured that limit, however busy the machine was.
 */
export interface Expectation {
	/** What `streams` streams were expected to carry, Gbps (the held prediction), or null. */
	readonly expectedGbps: (streams: number) => number | null;
	/** One flow's window / RTT when it holds the flow below the model (path-check.ts), or null. */
	readonly windowGbps: number | null;
}

/** The band around an expected figure a test reaches it within (test-mode.ts reachedShare, path-check.ts windowBand). */
const reachedShare = 0.9;
const windowBand = 0.15;

/** Whether a core of either host was saturated: the host rule, not the machine's overall load. */
function coreSaturated(cpu: NonNullable<Judged['cpu']>): boolean {
	const hosts = [cpu.host?.client ?? null, cpu.host?.server ?? null];
	return hosts.some((host) => host !== null && saturated(host.busiest));
}

/** The readings that bound the test, less the machine's load when no core was saturated and a named limit explains the figure. */
function bindingReadings(result: Judged, expectation: Expectation | null): readonly string[] {
	const why = result.cpu?.boundBy ?? [];
	if (expectation === null || result.cpu === undefined || coreSaturated(result.cpu)) return why;
	const expected = expectation.expectedGbps(result.streams);
	const window = expectation.windowGbps === null ? null : result.streams * expectation.windowGbps;
	const reached = expected !== null && result.gbps >= reachedShare * expected;
	const atWindow = window !== null && Math.abs(result.gbps - window) <= windowBand * window;
	if (!reached && !atWindow) return why;
	// Only iperf3's own reading (its process at its share of a core) still binds.
	return why.filter((line) => !/^(client|server) host: /.test(line));
}

function partialFigure(result: Judged, asked: Asked | null): string | null {
	if (asked === null) return null;
	if (result.samples < asked.repeat) return `${result.samples} of ${asked.repeat} repeats finished`;
	const seconds = result.seconds;
	if (seconds !== undefined && seconds < partialSecondsShare * asked.durationSeconds)
		return `iperf3 measured ${seconds} s of the ${asked.durationSeconds} s asked`;
	return null;
}

function cpuValidity(result: Judged, expectation: Expectation | null): TestValidity | null {
	const cpu = result.cpu;
	if (!cpu?.bound) return null;
	const why = bindingReadings(result, expectation);
	if (why.length === 0 && (cpu.boundBy ?? []).length > 0) return null;
	const derived = (['client', 'server'] as const).filter((end) => why.some((line) => line.startsWith(`${end} `)));
	const ends = why.length === (cpu.boundBy ?? []).length ? (cpu.boundEnds ?? derived) : derived;
	const end = ends.length === 2 ? 'both' : ends[0];
	const figure =
		why.length > 0
			? why.join('; ')
			: `iperf3 CPU client ${Math.round(cpu.client ?? 0)}% / server ${Math.round(cpu.server ?? 0)}%`;
	return {kind: 'cpu-bound', ...(end === undefined ? {} : {end}), figure};
}

/** Retransmitted share of the segments the test carried (segments counted at 1448 bytes); null = unknown. */
export function retransmitShare(result: Judged, seconds: number | null): number | null {
	if (seconds === null || seconds <= 0 || result.gbps <= 0) return null;
	const segments = (result.gbps * 1e9 * seconds) / 8 / segmentBytes;
	return result.retransmits / segments;
}

/**
 * A test's validity, from its figures and what was asked (null: not known, as in some older runs), and what it
 * was expected to reach (null: nothing known; the machine's load then counts as the CPU's).
 */
export function judgeTest(result: Judged, asked: Asked | null, expectation: Expectation | null = null): TestValidity {
	const partial = partialFigure(result, asked);
	if (partial !== null) return {kind: 'partial', figure: partial};
	if (asked !== null && asked.durationSeconds < minTestSeconds)
		return {
			kind: 'too-short',
			figure: `${asked.durationSeconds} s test (the shortest stable one is ${minTestSeconds} s)`,
		};
	const cpu = cpuValidity(result, expectation);
	if (cpu !== null) return cpu;
	const share = retransmitShare(result, result.seconds ?? asked?.durationSeconds ?? null);
	if (share !== null && share >= retransmitHeavyShare) {
		const percent = Math.round(share * 1000) / 10;
		return {
			kind: 'retransmit-heavy',
			figure: `${result.retransmits} retransmits, ${percent}% of segments (heavy from ${retransmitHeavyShare * 100}%)`,
		};
	}

	return {kind: 'valid', figure: 'not partial, long enough, neither end CPU-bound, few retransmits'};
}

/** The stored validity, or one derived for a run saved before it was recorded. */
export function validityOf(result: StreamResult, asked: Asked | null = null): TestValidity {
	return result.validity ?? judgeTest(result, asked);
}

export function isValid(result: StreamResult, asked: Asked | null = null): boolean {
	return validityOf(result, asked).kind === 'valid';
}

/** The tests whose figures stand for the network. */
export function validResults(results: readonly StreamResult[], asked: Asked | null = null): StreamResult[] {
	return results.filter((result) => isValid(result, asked));
}

/** "CPU-bound (client)", "retransmit-heavy", "too short", "partial", "valid". */
export function validityLabel(validity: TestValidity): string {
	switch (validity.kind) {
		case 'cpu-bound': {
			return validity.end === undefined ? 'CPU-bound' : `CPU-bound (${validity.end})`;
		}

		case 'too-short': {
			return 'too short';
		}

		default: {
			return validity.kind;
		}
	}
}

/** One line per test set aside: "set aside 8 streams: CPU-bound (client): client host: busiest core …". */
export function setAsideLines(results: readonly StreamResult[], asked: Asked | null = null, direction = ''): string[] {
	return results.flatMap((result) => {
		const validity = validityOf(result, asked);
		if (validity.kind === 'valid') return [];
		return [`set aside ${streamsLabel(result.streams)}${direction}: ${validityLabel(validity)}: ${validity.figure}`];
	});
}
