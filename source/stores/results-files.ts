// Where probe results live and how one is read. Each run is its own file, `results/<runId>.json`, written
// once by an atomic rename (two probes finishing together write two files: nothing to lose). Beside the
// folder, `results-index.json` lists every run (what `results list` reads) and `results-cells.json` holds
// one median row per cell (all `table` and `advise` read: a few rows however many runs are stored). Both
// are derived, rebuilt under the lock on every change, and carry the run files' stamp (each file's size,
// times and inode): a reader whose files have moved on (a crash between a run's file and its index, a run
// edited in place) rebuilds from the run files. A run file is read as the user's own file is (bounded-read.ts:
// a folder, a FIFO or a device named *.json is skipped, never blocks), its run id must be its file name (a
// copy of a run is never counted twice), and beyond a few the files skipped are one line, not one each.

import {readdirSync} from 'node:fs';
import {basename, join} from 'node:path';
import {printableJson} from '../domain/printable.js';
import type {Measurement, Placement} from '../domain/types.js';
import {readRegularFile} from './bounded-read.js';
import {type ResultsPaths, resultsVersion, runsStamp} from './results-derived.js';
import {errnoCode, storeAccessError} from './store-access.js';

/** Complete runs are evidence; partial ones (stopped, or a pair failed) are kept and listed, never evidence. */
export type RunStatus = 'complete' | 'partial';

/** What the store needs of a run: its id, which is its file's name. */
export interface StorableRun {
	readonly runId: string;
}

export interface StoredRun<Run extends StorableRun = StorableRun, Target = unknown> {
	readonly savedAt: string;
	readonly run: Run;
	/** What was asked for (shape, placements, lab shaping…), when known. */
	readonly target?: Target;
}

/** What `results list` shows of a run, and its evidence. */
export interface RunFacts {
	readonly finishedAt: string | null;
	readonly provider: string;
	readonly shape: string;
	readonly placements: readonly Placement[];
	readonly status: RunStatus;
	/** Per pair, cell-named; only complete runs' measurements become evidence. */
	readonly measurements: readonly Measurement[];
}

/**
 * What a run holds and what it is evidence of: the store keeps the files, the lock and the derived files;
 * the probe, which owns the run's shape, gives these (probe/probe-results.ts).
 */
export interface RunRules<Run extends StorableRun> {
	/** Why a stored value is not a run this netplace reads, else null. */
	problem(run: unknown): string | null;
	facts(run: Run): RunFacts;
	/** One row per cell (a median over its runs) from complete runs' measurements. */
	cells(measurements: readonly Measurement[]): readonly Measurement[];
	/** The version of the rules the evidence is judged under: derived files of other rules are rebuilt. */
	readonly version: number;
}

/** One line per stored run (`results list`). */
export interface RunSummary extends RunFacts {
	readonly id: string;
	readonly path: string;
	readonly savedAt: string;
}

export interface ResultsIndex {
	readonly version: number;
	/** The run files it was made from (results-derived.ts runsStamp). */
	readonly runsStamp: string;
	/** The rules its measurements were judged under (RunRules.version). */
	readonly rules: number;
	readonly runs: readonly RunSummary[];
	readonly problems: readonly string[];
}

export interface ResultsCells<Cell extends Measurement = Measurement> {
	readonly version: number;
	readonly runsStamp: string;
	readonly rules: number;
	readonly cells: readonly Cell[];
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
export type RunFileOutcome<Run extends StorableRun = StorableRun> =
	| {readonly ok: true; readonly entry: StoredRun<Run>; readonly newer: number | null}
	/** `entry`: a run read whole but not usable as it is (its id is not its file name): shown, never evidence. */
	| {readonly ok: false; readonly reason: string; readonly newer: number | null; readonly entry?: StoredRun<Run>};

/** A run file is a few kB; a sustained test's samples stay far below this. */
const maxRunFileBytes = 16 * 1024 * 1024;

/**
 * Reads and validates one run file: null when it is missing; never throws for what it holds or what it is (a
 * folder, a FIFO); access errors (EACCES) name the file. A run whose id is not its file name is not ok.
 */
export function readRunFile<Run extends StorableRun>(path: string, rules: RunRules<Run>): RunFileOutcome<Run> | null {
	const read = readRegularFile(path, maxRunFileBytes);
	if (read.kind === 'missing') return null;
	if (read.kind === 'not-regular') return {ok: false, reason: `it is ${read.what}, not a file`, newer: null};
	if (read.kind === 'too-big') return {ok: false, reason: `over ${maxRunFileBytes} bytes`, newer: null};
	let parsed: unknown;
	try {
		parsed = JSON.parse(read.text, printableJson);
	} catch {
		return {ok: false, reason: 'not valid JSON', newer: null};
	}

	const outcome = checkEntry(parsed, rules);
	const name = basename(path, '.json');
	if (!outcome.ok || outcome.entry.run.runId === name) return outcome;
	return {ok: false, reason: idMismatch(outcome.entry.run.runId, name), newer: outcome.newer, entry: outcome.entry};
}

/** A copied or renamed run file: its figures would count twice, or under a name `results show` cannot find. */
function idMismatch(runId: string, name: string): string {
	return `its run id ${JSON.stringify(runId)} is not its file name (${name}): a copied or renamed run, never evidence`;
}

/** A stored entry (a run file's content, or one of netplace 0.1's `runs[]`) checked before use. */
export function checkEntry<Run extends StorableRun>(parsed: unknown, rules: RunRules<Run>): RunFileOutcome<Run> {
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
		return {ok: false, reason: 'not an object', newer: null};
	const record = parsed as Record<string, unknown>;
	const version = typeof record['version'] === 'number' ? record['version'] : resultsVersion;
	const newer = version > resultsVersion ? version : null;
	if (typeof record['savedAt'] !== 'string') return {ok: false, reason: 'savedAt is missing', newer};
	const problem = rules.problem(record['run']);
	if (problem !== null) return {ok: false, reason: problem, newer};
	const entry: StoredRun<Run> = {
		savedAt: record['savedAt'],
		run: record['run'] as Run,
		...(record['target'] === undefined ? {} : {target: record['target']}),
	};
	return {ok: true, entry, newer};
}

/** `<path> was written by a newer netplace (version 9; this one reads up to 2)`. */
export function newerRunFile(path: string, version: number): string {
	return `probe result ${path} was written by a newer netplace (version ${version}; this one reads up to ${resultsVersion})`;
}

export function summarize<Run extends StorableRun>(
	entry: StoredRun<Run>,
	path: string,
	rules: RunRules<Run>,
): RunSummary {
	return {id: entry.run.runId, path, savedAt: entry.savedAt, ...rules.facts(entry.run)};
}

/** No runs, under the current rules. */
export function emptyIndex(rules: number): ResultsIndex {
	return {version: resultsVersion, runsStamp: '', rules, runs: [], problems: []};
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
export function scanRuns<Run extends StorableRun>(paths: ResultsPaths, rules: RunRules<Run>): ResultsIndex {
	let names: string[];
	try {
		names = readdirSync(paths.runs).filter((name) => name.endsWith('.json'));
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return emptyIndex(rules.version);
		throw storeAccessError('read', paths.runs, error);
	}

	// Stamped before reading: a file changed during the scan leaves the derived files stale, read again.
	const stamp = runsStamp(paths) ?? '';
	const runs: RunSummary[] = [];
	const skipped: Skipped[] = [];
	for (const name of names.sort()) {
		const path = join(paths.runs, name);
		const outcome = readOrProblem(path, rules);
		if (outcome === null) continue;
		if (typeof outcome === 'string') skipped.push({name, line: skippedLine(path, outcome), why: outcome});
		else if (outcome.newer !== null) skipped.push(newerSkipped(name, path, outcome.newer));
		else if (outcome.ok) runs.push(summarize(outcome.entry, path, rules));
		else skipped.push({name, line: skippedLine(path, outcome.reason), why: outcome.reason});
	}

	runs.sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
	const problems = fewProblems(skipped, paths.runs);
	return {version: resultsVersion, runsStamp: stamp, rules: rules.version, runs, problems};
}

/** A file in the runs folder that is not used: its name, its own line, and why in a few words. */
interface Skipped {
	readonly name: string;
	readonly line: string;
	readonly why: string;
}

function skippedLine(path: string, why: string): string {
	return `probe result ${path} skipped: ${why} (kept as it is)`;
}

function newerSkipped(name: string, path: string, version: number): Skipped {
	const line = `${newerRunFile(path, version)}: kept as it is, read only, never used as evidence`;
	return {name, line, why: `written by a newer netplace (version ${version})`};
}

/** A run file read, or why it cannot be (one that may not be read is skipped, not the end of the command). */
function readOrProblem<Run extends StorableRun>(
	path: string,
	rules: RunRules<Run>,
): RunFileOutcome<Run> | string | null {
	try {
		return readRunFile(path, rules);
	} catch (error: unknown) {
		return error instanceof Error ? error.message : String(error);
	}
}

/** Up to this many files skipped are named one line each; more are one line (2,000 junk files: not 2,000). */
export const problemsNamed = 3;

function fewProblems(skipped: readonly Skipped[], folder: string): readonly string[] {
	if (skipped.length <= problemsNamed) return skipped.map((file) => file.line);
	const [first] = skipped;
	const example = first === undefined ? '' : `; the first, ${first.name}: ${first.why}`;
	return [`${skipped.length} files in ${folder} skipped: not runs netplace can use (each kept as it is)${example}`];
}

/** The cells (what advise and table read) of an index: complete runs only. */
export function cellsOf(index: ResultsIndex, rules: RunRules<StorableRun>): ResultsCells {
	const complete = index.runs.filter((run) => run.status === 'complete').flatMap((run) => run.measurements);
	return {
		version: resultsVersion,
		runsStamp: index.runsStamp,
		rules: index.rules,
		cells: rules.cells(complete),
		problems: index.problems,
	};
}
