// Whether a test's figure stands for the network (pure). A test is set aside, with the figure that decided it,
// when it is partial (fewer repeats finished than asked, or iperf3 measured less time than asked), too short,
// CPU-bound on either end (it measured the host, not the network) or retransmit-heavy (it measured loss, not
// capacity). Only valid tests make the headline, the per-flow verdict, the sweep and the advice; every test is
// kept with its validity. Runs saved before validity was recorded get it derived from what they stored.

import type {ProbeSettings, StreamResult, TestValidity} from './types.js';

/**
 * The version of these rules. The store's derived files (its index and the per-cell medians) carry the one they
 * were made under and are rebuilt from the run files under any other (stores/results-derived.ts): bump it when
 * a rule or threshold here changes, so stored runs are judged again. 1: the rules as first recorded.
 */
export const validityRulesVersion = 1;

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

function partialFigure(result: Judged, asked: Asked | null): string | null {
	if (asked === null) return null;
	if (result.samples < asked.repeat) return `${result.samples} of ${asked.repeat} repeats finished`;
	const seconds = result.seconds;
	if (seconds !== undefined && seconds < partialSecondsShare * asked.durationSeconds)
		return `iperf3 measured ${seconds} s of the ${asked.durationSeconds} s asked`;
	return null;
}

function cpuValidity(result: Judged): TestValidity | null {
	const cpu = result.cpu;
	if (!cpu?.bound) return null;
	const why = cpu.boundBy ?? [];
	const ends =
		cpu.boundEnds ?? (['client', 'server'] as const).filter((end) => why.some((line) => line.startsWith(`${end} `)));
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

/** A test's validity, from its figures and what was asked (null: not known, as in some older runs). */
export function judgeTest(result: Judged, asked: Asked | null): TestValidity {
	const partial = partialFigure(result, asked);
	if (partial !== null) return {kind: 'partial', figure: partial};
	if (asked !== null && asked.durationSeconds < minTestSeconds)
		return {
			kind: 'too-short',
			figure: `${asked.durationSeconds} s test (the shortest stable one is ${minTestSeconds} s)`,
		};
	const cpu = cpuValidity(result);
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

const streamsWord = (streams: number): string => `${streams} stream${streams === 1 ? '' : 's'}`;

/** One line per test set aside: "set aside 8 streams: CPU-bound (client): client host: busiest core …". */
export function setAsideLines(results: readonly StreamResult[], asked: Asked | null = null, direction = ''): string[] {
	return results.flatMap((result) => {
		const validity = validityOf(result, asked);
		if (validity.kind === 'valid') return [];
		return [`set aside ${streamsWord(result.streams)}${direction}: ${validityLabel(validity)}: ${validity.figure}`];
	});
}
