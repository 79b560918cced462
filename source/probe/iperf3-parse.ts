// iperf3 3.12 `-J` output -> figures. Hardened on LAB-NOTES' failure shapes: exit 0 with an `error` string,
// "the server has terminated" with partial intervals and a filled `end`, text after the JSON (only the first
// JSON object is read), omitted (`-O`) intervals left in the array. Version, CPU and per-stream figures:
// iperf3-figures.ts (3.9, 3.12, 3.16 and 3.17 shapes).

import {
	cpuOf,
	type Iperf3Cpu,
	type Iperf3Stream,
	type Iperf3Version,
	isObject,
	type Json,
	numberAt,
	reverseOf,
	streamsOf,
	versionOf,
} from './iperf3-figures.js';

/** One reporting interval of the whole test (all streams summed). */
export interface Iperf3Interval {
	readonly start: number;
	readonly end: number;
	readonly gbps: number;
}

export type Iperf3Report =
	| {
			readonly ok: true;
			/** Receiver side: `end.sum_received.bits_per_second` / 1e9. */
			readonly gbps: number;
			/** Sender side: `end.sum_sent.bits_per_second` / 1e9. */
			readonly sentGbps: number | null;
			/** `end.sum_sent.retransmits` (0 when the kernel does not report them). */
			readonly retransmits: number;
			readonly seconds: number;
			readonly streams: number;
			/** Non-omitted intervals only. */
			readonly intervals: readonly Iperf3Interval[];
			/** `start.version`, null when absent. */
			readonly version: Iperf3Version | null;
			/** Both ends' CPU; null when the report has none. */
			readonly cpu: Iperf3Cpu | null;
			/** Per stream, in `end.streams` order. */
			readonly streamFigures: readonly Iperf3Stream[];
			/** `-R`: the server sent, the client received. */
			readonly reverse: boolean;
	  }
	| {
			readonly ok: false;
			readonly error: string;
			/** Non-omitted intervals measured before the failure (e.g. "the server has terminated"). */
			readonly intervals: readonly Iperf3Interval[];
	  };

/** The first complete JSON object in `text` (string-aware brace matching), or null. */
export function firstJsonObject(text: string): string | null {
	const start = text.indexOf('{');
	if (start < 0) return null;
	let depth = 0;
	let inString = false;
	let escaped = false;
	for (let i = start; i < text.length; i++) {
		const ch = text[i];
		if (inString) {
			if (escaped) escaped = false;
			else if (ch === '\\') escaped = true;
			else if (ch === '"') inString = false;
			continue;
		}

		if (ch === '"') inString = true;
		else if (ch === '{') depth++;
		else if (ch === '}') {
			depth--;
			if (depth === 0) return text.slice(start, i + 1);
		}
	}

	return null;
}

function intervalsOf(report: Json): Iperf3Interval[] {
	const raw = report['intervals'];
	if (!Array.isArray(raw)) return [];
	const out: Iperf3Interval[] = [];
	for (const interval of raw) {
		if (!isObject(interval)) continue;
		const sum = interval['sum'];
		if (!isObject(sum) || sum['omitted'] === true) continue;
		const bps = numberAt(sum, 'bits_per_second');
		const start = numberAt(sum, 'start');
		const end = numberAt(sum, 'end');
		if (bps === null || start === null || end === null) continue;
		out.push({start, end, gbps: bps / 1e9});
	}

	return out;
}

function lastLine(text: string): string {
	const lines = text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line.length > 0);
	return lines.at(-1) ?? '';
}

/**
 * Parse one iperf3 client run. `stdout` is its `-J` output (anything after the first JSON object is
 * ignored); `stderr` and `exitCode` only improve the message when there is no JSON at all.
 */
export function parseIperf3(stdout: string, stderr = '', exitCode: number | null = 0): Iperf3Report {
	const jsonText = firstJsonObject(stdout);
	if (jsonText === null) {
		const why = lastLine(stderr) || lastLine(stdout) || `exit code ${String(exitCode)}`;
		return {ok: false, error: `iperf3 gave no JSON output: ${why}`, intervals: []};
	}

	let report: unknown;
	try {
		report = JSON.parse(jsonText);
	} catch (error: unknown) {
		const message = error instanceof Error ? error.message : String(error);
		return {ok: false, error: `iperf3 output is not valid JSON: ${message}`, intervals: []};
	}

	if (!isObject(report)) return {ok: false, error: 'iperf3 output is not a JSON object', intervals: []};
	const intervals = intervalsOf(report);
	const error = report['error'];
	if (typeof error === 'string' && error.length > 0) return {ok: false, error, intervals};

	return finishedReport(report, intervals);
}

/** A run that ended: its end sums, streams, version, CPU and direction; failed when the receiver sum is missing. */
function finishedReport(report: Json, intervals: Iperf3Interval[]): Iperf3Report {
	const end = report['end'];
	const received = isObject(end) ? end['sum_received'] : undefined;
	const sent = isObject(end) ? end['sum_sent'] : undefined;
	const receivedBps = numberAt(received, 'bits_per_second');
	if (receivedBps === null) {
		return {ok: false, error: 'iperf3 reported no end.sum_received (test did not finish)', intervals};
	}

	const sentBps = numberAt(sent, 'bits_per_second');
	const start = report['start'];
	const testStart = isObject(start) ? start['test_start'] : undefined;
	const streams =
		numberAt(testStart, 'num_streams') ?? (isObject(end) && Array.isArray(end['streams']) ? end['streams'].length : 1);
	return {
		ok: true,
		gbps: receivedBps / 1e9,
		sentGbps: sentBps === null ? null : sentBps / 1e9,
		retransmits: numberAt(sent, 'retransmits') ?? 0,
		seconds: numberAt(received, 'seconds') ?? numberAt(sent, 'seconds') ?? 0,
		streams,
		intervals,
		version: versionOf(report),
		cpu: cpuOf(end),
		streamFigures: streamsOf(end),
		reverse: reverseOf(report),
	};
}
