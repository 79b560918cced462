// Probe results: save a run (complete or partial), list, show and delete them, and the evidence `advise`
// and `table` read (one median row per cell, from complete runs only). Layout and formats: results-files.ts.
// What a run holds and what it is evidence of are the probe's (RunRules, given by probe/probe-results.ts).
// Every change holds the results lock (stores/store-lock.ts) and ends in atomic renames; reads take no lock.
// A bad run file is reported with its path and kept; a store from a newer netplace is read, never written;
// a single run file from a newer netplace is read only: reported and kept, never evidence, never rewritten
// by a save nor removed by `results delete`.

import {existsSync, rmSync} from 'node:fs';
import {RuntimeError, UserError} from '../domain/errors.js';
import type {Measurement} from '../domain/types.js';
import {readTextOrNull, writeFileAtomic} from './atomic-file.js';
import {
	currentCellsFile,
	type ResultsPaths,
	readDerived,
	resultsPaths,
	resultsVersion,
	runsStamp,
} from './results-derived.js';
import {
	cellsOf,
	emptyIndex,
	newerRunFile,
	type ResultsCells,
	type ResultsIndex,
	type RunRules,
	type RunStatus,
	type RunSummary,
	readRunFile,
	runFile,
	runIdPattern,
	type StorableRun,
	type StoredRun,
	scanRuns,
	storedRunIds,
	summarize,
} from './results-files.js';
import {migrateLegacy, readLegacy} from './results-legacy.js';
import {storeAccessError} from './store-access.js';
import {withFileLock} from './store-lock.js';

export {resultsPaths} from './results-derived.js';
export type {RunRules, RunStatus, RunSummary, StorableRun, StoredRun} from './results-files.js';

type Rules = RunRules<StorableRun>;

/** The index file when it is current for the run files and the validity rules, else null. */
function currentIndexFile(paths: ResultsPaths, stamp: string, rules: number): ResultsIndex | null {
	return readDerived<ResultsIndex>(paths.index, stamp, rules);
}

/** The index as it stands (rebuilt in memory when stale), plus any not-yet-migrated legacy runs. */
function currentIndex(paths: ResultsPaths, rules: Rules): ResultsIndex {
	const stamp = runsStamp(paths);
	const index =
		stamp === null
			? emptyIndex(rules.version)
			: (currentIndexFile(paths, stamp, rules.version) ?? scanRuns(paths, rules));
	const legacy = readLegacy(paths, rules);
	if (legacy === null) return index;
	const known = new Set(index.runs.map((run) => run.id));
	const extra = legacy.entries.filter((entry) => !known.has(entry.run.runId));
	return {
		...index,
		runs: [...index.runs, ...extra.map((entry) => summarize(entry, paths.legacy, rules))],
		problems: [...index.problems, ...legacy.problems, ...newerNotice(paths, legacy.version)],
	};
}

function newerNotice(paths: ResultsPaths, version: number): string[] {
	return version > 1 ? [`${paths.legacy} was written by a newer netplace (version ${version}): reading it only`] : [];
}

function fileVersion(path: string): number | null {
	try {
		const version = (JSON.parse(readTextOrNull(path) ?? 'null') as {version?: unknown} | null)?.version;
		return typeof version === 'number' ? version : null;
	} catch {
		return null;
	}
}

/** Why this netplace must not write the store (a newer netplace wrote it), else null. */
function readOnlyReason(paths: ResultsPaths, rules: Rules): string | null {
	const legacy = readLegacy(paths, rules);
	if (legacy !== null && legacy.version > 1) {
		return `${paths.legacy} was written by a newer netplace (version ${legacy.version})`;
	}

	const version = fileVersion(paths.cells);
	return version !== null && version > resultsVersion
		? `${paths.cells} was written by a newer netplace (version ${version})`
		: null;
}

/** Holding the lock: migrate a legacy file, apply `change`, rebuild and write the index and cells. */
async function update(
	paths: ResultsPaths,
	rules: Rules,
	notices: string[],
	change: (index: ResultsIndex) => ResultsIndex,
	refused = 'nothing was saved',
) {
	return withFileLock(paths.index, ({assertHeld}) => {
		const readOnly = readOnlyReason(paths, rules);
		if (readOnly) throw new RuntimeError(`${readOnly}; this netplace only reads it, ${refused}`);
		const legacy = readLegacy(paths, rules);
		const moved = legacy === null ? null : migrateLegacy(paths, legacy);
		if (moved) notices.push(moved);
		const before = runsStamp(paths);
		const index =
			(before === null ? emptyIndex(rules.version) : currentIndexFile(paths, before, rules.version)) ??
			scanRuns(paths, rules);
		const fresh = {...change(index), runsStamp: runsStamp(paths) ?? ''};
		writeFileAtomic(paths.index, JSON.stringify(fresh), assertHeld);
		writeFileAtomic(paths.cells, JSON.stringify(cellsOf(fresh, rules)), assertHeld);
		return fresh;
	});
}

/**
 * Keeps a run: its own file (complete or partial: partial runs are listed, never evidence), then the index.
 * Returns the run's file, its status and any problem met (e.g. the legacy file migrated, a bad run file).
 */
export async function saveRun<Run extends StorableRun>(
	rules: RunRules<Run>,
	run: Run,
	target?: unknown,
): Promise<{path: string; problems: string[]; status: RunStatus}> {
	const paths = resultsPaths();
	if (!runIdPattern.test(run.runId))
		throw new UserError(`run id ${JSON.stringify(run.runId)} is not a valid file name`);
	const path = runFile(paths, run.runId);
	const entry: StoredRun<Run> = {savedAt: new Date().toISOString(), run, ...(target ? {target} : {})};
	const notices: string[] = [];
	const summary = summarize(JSON.parse(JSON.stringify(entry)) as StoredRun<Run>, path, rules);
	await update(paths, rules, notices, (index) => {
		refuseNewer(path, rules, 'nothing was saved');
		writeFileAtomic(path, `${JSON.stringify({version: resultsVersion, ...entry}, null, 2)}\n`);
		return {...index, runs: [...index.runs.filter((known) => known.id !== run.runId), summary]};
	});
	return {path, problems: notices, status: summary.status};
}

/** Every stored run (oldest first) and a line per run file that cannot be read. */
export function listStoredRuns(rules: Rules): {runs: readonly RunSummary[]; problems: readonly string[]} {
	const index = currentIndex(resultsPaths(), rules);
	return {runs: index.runs, problems: index.problems};
}

/** Throws (one line, exit 1) when `path` is a run file written by a newer netplace: this one only reads it. */
function refuseNewer(path: string, rules: Rules, outcome: string): void {
	const newer = readRunFile(path, rules)?.newer ?? null;
	if (newer !== null) throw new RuntimeError(`${newerRunFile(path, newer)}; ${outcome}`, 'use that netplace');
}

function assertRunId(id: string): void {
	if (!runIdPattern.test(id)) throw new UserError(`invalid run id "${id}"`, 'netplace results list shows them');
}

function noRun(id: string): UserError {
	return new UserError(`no probe result with id ${id}`, 'netplace results list shows them');
}

/** At most this many of an ambiguous prefix's matches are named. */
const namedMatches = 6;

/**
 * The stored run `typed` names: its id, or the one id it begins (`np-` may be left out: `mgx3` for
 * np-mgx3k2p1-ab12). No match: one line, exit 2; several: one line naming them, exit 2.
 */
export function resolveRunId(rules: Rules, typed: string): string {
	assertRunId(typed);
	const paths = resultsPaths();
	const legacy = readLegacy(paths, rules)?.entries.map((entry) => entry.run.runId) ?? [];
	const ids = [...new Set([...storedRunIds(paths), ...legacy])].sort();
	if (ids.includes(typed)) return typed;
	const matches = ids.filter((id) => id.startsWith(typed) || id.startsWith(`np-${typed}`));
	if (matches.length === 1) return matches[0] ?? typed;
	if (matches.length === 0) throw noRun(typed);
	const named = matches.slice(0, namedMatches).join(', ');
	const more = matches.length > namedMatches ? `, and ${matches.length - namedMatches} more` : '';
	throw new UserError(`${typed} begins ${matches.length} run ids: ${named}${more}`, 'type more of the id');
}

/**
 * One stored run in full, its file, and the version of a newer netplace that wrote it (read only), else null;
 * `unusable`: why a run read whole is never evidence (its run id is not its file name), else absent.
 */
export function getStoredRun<Run extends StorableRun>(
	rules: RunRules<Run>,
	id: string,
): {
	entry: StoredRun<Run>;
	path: string;
	newer: number | null;
	unusable?: string;
} {
	assertRunId(id);
	const paths = resultsPaths();
	const path = runFile(paths, id);
	const outcome = readRunFile(path, rules);
	if (outcome === null) {
		const legacy = readLegacy(paths, rules)?.entries.find((entry) => entry.run.runId === id);
		if (legacy) return {entry: legacy, path: paths.legacy, newer: null};
		throw noRun(id);
	}

	if (!outcome.ok && outcome.entry !== undefined)
		return {entry: outcome.entry, path, newer: outcome.newer, unusable: outcome.reason};
	if (!outcome.ok) {
		const what = outcome.newer === null ? `probe result ${path}` : `${newerRunFile(path, outcome.newer)} and`;
		throw new RuntimeError(`${what} cannot be read: ${outcome.reason}`, 'it is kept as it is');
	}

	return {entry: outcome.entry, path, newer: outcome.newer};
}

/** Deletes one stored run (a bad file too); a missing id is a UserError (exit 2). */
export async function deleteStoredRun(rules: Rules, id: string): Promise<{path: string; problems: string[]}> {
	assertRunId(id);
	const paths = resultsPaths();
	const path = runFile(paths, id);
	const notices: string[] = [];
	await update(
		paths,
		rules,
		notices,
		() => {
			if (!existsSync(path)) throw noRun(id);
			refuseNewer(path, rules, 'nothing was deleted');
			try {
				rmSync(path);
			} catch (error: unknown) {
				throw storeAccessError('delete', path, error);
			}

			// Read again: the file deleted may have been one skipped (its line goes with it).
			return scanRuns(paths, rules);
		},
		'nothing was deleted',
	);
	return {path, problems: notices};
}

/** The cells as they stand: the derived file when current, else rebuilt (and written back when possible). */
async function currentCells(paths: ResultsPaths, rules: Rules): Promise<ResultsCells> {
	const current = currentCellsFile<ResultsCells>(paths, rules.version);
	if (current !== null) return current;
	if (runsStamp(paths) === null && !existsSync(paths.legacy)) return cellsOf(emptyIndex(rules.version), rules);
	const notices: string[] = [];
	const readOnly = readOnlyReason(paths, rules);
	if (readOnly) notices.push(`${readOnly}: reading it only, never writing it`);
	const rebuilt = readOnly ? null : await update(paths, rules, notices, (index) => index).catch(() => null);
	const cells = cellsOf(rebuilt ?? currentIndex(paths, rules), rules);
	return {...cells, problems: [...notices, ...cells.problems]};
}

/** Every cell of the user's complete runs as advisor evidence (source 'probe'), one median row each. */
export async function loadStoredMeasurements(rules: Rules): Promise<{measurements: Measurement[]; problems: string[]}> {
	const cells = await currentCells(resultsPaths(), rules);
	return {measurements: [...cells.cells], problems: [...cells.problems]};
}

/** Every readable stored run in full, oldest first. */
export function listRuns<Run extends StorableRun>(rules: RunRules<Run>): StoredRun<Run>[] {
	return listStoredRuns(rules).runs.map((run) => getStoredRun(rules, run.id).entry);
}
