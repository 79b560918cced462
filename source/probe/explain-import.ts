// A file's text -> the tests `netplace explain` attributes, whichever format it is: iperf3 `-J` (text after the
// JSON object is left, as the probe's parser does), iperf3 `--json-stream` (one event a line: start, interval,
// end, error; esnet/iperf pull request 1098, released in 3.17), a netplace result, or k8s-netperf's `--json`.
// Anything else, and anything malformed, truncated or implausible, is one UserError naming the file. Strings
// lose their control characters as they are parsed (domain/printable.ts). Pure.

import {isSaid} from '../domain/errors.js';
import type {ImportedTest} from '../domain/imported.js';
import {printable} from '../domain/printable.js';
import {iperf3Tests, isIperf3Report} from './explain-iperf3.js';
import {isK8sNetperf, k8sNetperfTests} from './explain-k8s-netperf.js';
import {isKnb, knbTests} from './explain-knb.js';
import {netplaceRunOf, netplaceTests} from './explain-netplace.js';
import {importError} from './explain-read.js';
import {isObject, type Json} from './iperf3-figures.js';
import {firstJsonObject} from './iperf3-parse.js';
import {probeRunProblem} from './results-validate.js';

export interface ImportedFile {
	readonly file: string;
	readonly tests: readonly ImportedTest[];
	/** Said beside the tests, e.g. "3 k8s-netperf documents are not TCP_STREAM tests: left out". */
	readonly notes: readonly string[];
}

/** Above this a figure is not a network's (10 Tbps): a file claiming more is refused, not explained. */
export const maxPlausibleGbps = 10_000;

class NotFinite extends Error {}

/** JSON.parse's reviver: strings printable; a number JSON overflows to Infinity (1e999) is refused. */
function reviver(_key: string, value: unknown): unknown {
	if (typeof value === 'number' && !Number.isFinite(value)) throw new NotFinite('a number too large for a figure');
	return typeof value === 'string' ? printable(value) : value;
}

function parseJson(text: string, file: string): unknown {
	try {
		return JSON.parse(text, reviver);
	} catch (error: unknown) {
		if (error instanceof NotFinite) throw importError(file, error.message);
		const object = firstJsonObject(text);
		if (object !== null && object.length < text.trim().length) return parseJson(object, file);
		throw importError(file, `not valid JSON (${truncatedOrNot(text)})`);
	}
}

function truncatedOrNot(text: string): string {
	const trimmed = text.trimEnd();
	const last = trimmed.at(-1);
	return last === '}' || last === ']' ? 'malformed' : 'truncated: it ends before its closing brace';
}

function streamEvents(text: string, file: string): Json {
	const report: Json = {intervals: [] as unknown[]};
	const lines = text.split('\n').filter((line) => line.trim().length > 0);
	for (const [index, line] of lines.entries()) {
		let event: unknown;
		try {
			event = JSON.parse(line, reviver);
		} catch (error: unknown) {
			const why = error instanceof NotFinite ? error.message : 'not a JSON event (cut short?)';
			throw importError(file, `--json-stream line ${index + 1}: ${why}`);
		}

		if (!isObject(event)) throw importError(file, `--json-stream line ${index + 1}: not a JSON event`);
		const data = event['data'];
		if (event['event'] === 'start') report['start'] = data;
		else if (event['event'] === 'interval') (report['intervals'] as unknown[]).push(data);
		else if (event['event'] === 'end') report['end'] = data;
		else if (event['event'] === 'error') report['error'] = typeof data === 'string' ? data : 'iperf3 reported an error';
	}

	if (!('end' in report) && !('error' in report))
		throw importError(file, 'iperf3 --json-stream output without an end event: the run was cut short');
	return report;
}

const isStream = (text: string): boolean => /^\s*\{\s*"event"\s*:/.test(text);

function readFormat(text: string, file: string): ImportedFile {
	if (isStream(text)) return {file, tests: iperf3Tests(streamEvents(text, file), file, 'iperf3-stream'), notes: []};
	const value = parseJson(text, file);
	if (isK8sNetperf(value)) {
		const {tests, skipped} = k8sNetperfTests(value, file);
		const notes =
			skipped === 0 ? [] : [`${skipped} k8s-netperf document(s) are not TCP_STREAM throughput tests: left out`];
		return {file, tests, notes};
	}

	if (isKnb(value)) {
		const {tests, skipped} = knbTests(value, file);
		return {
			file,
			tests,
			notes: skipped === 0 ? [] : [`${skipped} knb UDP test(s) are not TCP throughput tests: left out`],
		};
	}

	const run = netplaceRunOf(value);
	if (run !== null) {
		const problem = probeRunProblem(run);
		if (problem !== null) throw importError(file, `not a valid netplace result: ${problem}`);
		return {file, tests: netplaceTests(run, file), notes: []};
	}

	if (isIperf3Report(value)) return {file, tests: iperf3Tests(value, file), notes: []};
	throw importError(
		file,
		'not a format explain reads (iperf3 -J or --json-stream, netplace results show --json, k8s-netperf --json, knb -o json)',
	);
}

function implausible(test: ImportedTest): string | null {
	const figures = [test.gbps, ...test.perStreamGbps, ...test.intervals.map((interval) => interval.gbps)];
	const bad = figures.find((gbps) => gbps !== null && (gbps < 0 || gbps > maxPlausibleGbps));
	if (bad !== undefined && bad !== null)
		return `${Number(bad.toPrecision(3))} Gbps is not a plausible figure (0 to ${maxPlausibleGbps})`;
	if (test.streams > 100_000) return `${test.streams} streams is not a plausible test`;
	return null;
}

/** The tests of one file's text, or a UserError naming the file. */
export function parseImport(text: string, file: string): ImportedFile {
	if (text.trim().length === 0) throw importError(file, 'empty');
	if (text.includes('\u0000')) throw importError(file, 'not text (it holds NUL bytes)');
	let imported: ImportedFile;
	try {
		imported = readFormat(text, file);
	} catch (error: unknown) {
		if (isSaid(error)) throw error;
		throw importError(file, `not a file explain can read (${printable(String(error)).slice(0, 120)})`);
	}

	if (imported.tests.length === 0) throw importError(file, 'it holds no throughput test');
	for (const test of imported.tests) {
		const why = implausible(test);
		if (why !== null) throw importError(file, why);
	}

	return imported;
}
