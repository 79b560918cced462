// Where probe results live and how one is read. Each run is its own file, `results/<runId>.json`, written
// once by an atomic rename (two probes finishing together write two files: nothing to lose). Beside the
// folder, `results-index.json` lists every run (what `results list` reads) and `results-cells.json` holds
// one median row per cell (all `table` and `advise` read: a few rows however many runs are stored). Both
// are derived, rebuilt under the lock on every change, and carry the runs folder's mtime: a reader whose
// folder has moved on (a crash between a run's file and its index) rebuilds from the run files.

import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {printableJson} from '../domain/printable.js';
import type {Measurement, Placement} from '../domain/types.js';
import type {ProbeTarget} from '../providers/provider.js';
import {readTextOrNull} from '../stores/atomic-file.js';
import {type ResultsPaths, resultsVersion, runsMtime} from '../stores/results-derived.js';
import {errnoCode, storeAccessError} from '../stores/store-access.js';
import {type CellMeasurement, cellMeasurements, type RunStatus, runStatus} from './results-cells.js';
import {probeRunProblem} from './results-validate.js';
import {toMeasurements} from './to-measurements.js';
import type {ProbeRun} from './types.js';
import {validityRulesVersion} from './validity.js';

export interface StoredProbeRun {
	readonly savedAt: string;
	readonly run: ProbeRun;
	/** What was asked for (shape, placements, lab shaping…), when known. */
	readonly target?: ProbeTarget;
}

/** One line per stored run (`results list`). */
export interface RunSummary {
	readonly id: string;
	readonly path: string;
	readonly savedAt: string;
	readonly finishedAt: string | null;
	readonly provider: ProbeRun['provider'];
	readonly shape: string;
	readonly placements: readonly Placement[];
	readonly status: RunStatus;
	/** Per pair, cell-named; only complete runs' measurements become evidence. */
	readonly measurements: readonly Measurement[];
}

export interface ResultsIndex {
	readonly version: number;
	readonly runsMtimeMs: number;
	/** The validity rules its measurements were judged under (validity.ts). */
	readonly rules: number;
	readonly runs: readonly RunSummary[];
	readonly problems: readonly string[];
}

export interface ResultsCells {
	readonly version: number;
	readonly runsMtimeMs: number;
	readonly rules: number;
	readonly cells: readonly CellMeasurement[];
	readonly problems: readonly string[];
}

/** Run ids are file names: letters, digits, `.`, `_`, `-` only (no path can be smuggled in). */
export const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function runFile(paths: ResultsPaths, id: string): string {
	return join(paths.runs, `${id}.json`);
}

/**
 * A run file read: `newer` is the file's version when a newer netplace wrote it (else null). Such a file
 * is read only: reported and kept as it is, never evidence, never rewritten or deleted by this netplace.
 */
export type RunFileOutcome =
	| {readonly ok: true; readonly entry: StoredProbeRun; readonly newer: number | null}
	| {readonly ok: false; readonly reason: string; readonly newer: number | null};

/** Reads and validates one run file (never throws for its content; access errors name the file). */
export function readRunFile(path: string): RunFileOutcome | null {
	const text = readTextOrNull(path);
	if (text === null) return null;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text, printableJson);
	} catch {
		return {ok: false, reason: 'not valid JSON', newer: null};
	}

	return checkEntry(parsed);
}

/** A stored entry (a run file's content, or one of netplace 0.1's `runs[]`) checked before use. */
export function checkEntry(parsed: unknown): RunFileOutcome {
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
		return {ok: false, reason: 'not an object', newer: null};
	const record = parsed as Record<string, unknown>;
	const version = typeof record['version'] === 'number' ? record['version'] : resultsVersion;
	const newer = version > resultsVersion ? version : null;
	if (typeof record['savedAt'] !== 'string') return {ok: false, reason: 'savedAt is missing', newer};
	const problem = probeRunProblem(record['run']);
	if (problem !== null) return {ok: false, reason: problem, newer};
	const entry: StoredProbeRun = {
		savedAt: record['savedAt'],
		run: record['run'] as ProbeRun,
		...(record['target'] === undefined ? {} : {target: record['target'] as ProbeTarget}),
	};
	return {ok: true, entry, newer};
}

/** `<path> was written by a newer netplace (version 9; this one reads up to 2)`. */
export function newerRunFile(path: string, version: number): string {
	return `probe result ${path} was written by a newer netplace (version ${version}; this one reads up to ${resultsVersion})`;
}

export function summarize(entry: StoredProbeRun, path: string): RunSummary {
	const {run} = entry;
	return {
		id: run.runId,
		path,
		savedAt: entry.savedAt,
		finishedAt: run.finishedAt ?? null,
		provider: run.provider,
		shape: run.shape,
		placements: run.pairs.map((pair) => pair.placement),
		status: runStatus(run),
		measurements: toMeasurements(run),
	};
}

/** No runs, under the current rules. */
export function emptyIndex(): ResultsIndex {
	return {version: resultsVersion, runsMtimeMs: 0, rules: validityRulesVersion, runs: [], problems: []};
}

/** The ids of the run files there are (their names), read or not; none when the folder is missing. */
export function storedRunIds(paths: ResultsPaths): string[] {
	try {
		return readdirSync(paths.runs)
			.filter((name) => name.endsWith('.json'))
			.map((name) => name.slice(0, -'.json'.length))
			.filter((id) => runIdPattern.test(id));
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return [];
		throw storeAccessError('read', paths.runs, error);
	}
}

/** Every run file read afresh: the index, and the problems (one line per unreadable file, kept as it is). */
export function scanRuns(paths: ResultsPaths): ResultsIndex {
	let names: string[];
	try {
		names = readdirSync(paths.runs).filter((name) => name.endsWith('.json'));
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return emptyIndex();
		throw storeAccessError('read', paths.runs, error);
	}

	const runsMtimeMs = runsMtime(paths) ?? 0;
	const runs: RunSummary[] = [];
	const problems: string[] = [];
	for (const name of names.sort()) {
		const path = join(paths.runs, name);
		const outcome = readRunFile(path);
		if (outcome === null) continue;
		if (outcome.newer !== null)
			problems.push(`${newerRunFile(path, outcome.newer)}: kept as it is, read only, never used as evidence`);
		else if (outcome.ok) runs.push(summarize(outcome.entry, path));
		else problems.push(`probe result ${path} skipped: ${outcome.reason} (kept as it is)`);
	}

	runs.sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
	return {version: resultsVersion, runsMtimeMs, rules: validityRulesVersion, runs, problems};
}

/** The cells (what advise and table read) of an index: complete runs only. */
export function cellsOf(index: ResultsIndex): ResultsCells {
	const complete = index.runs.filter((run) => run.status === 'complete').flatMap((run) => run.measurements);
	return {
		version: resultsVersion,
		runsMtimeMs: index.runsMtimeMs,
		rules: index.rules,
		cells: cellMeasurements(complete),
		problems: index.problems,
	};
}
