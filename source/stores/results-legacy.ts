// netplace 0.1 kept every probe run in one `results.json` ({version: 1, runs: [...]}). On first use its
// readable runs move into `results/<runId>.json`; the old file is kept as `results.json.migrated-<time>`
// (with any entry that could not be read still in it) and the user is told both paths. A `results.json`
// from a newer netplace is read as far as this one understands it and never touched.

import {existsSync} from 'node:fs';
import {moveAside, readTextOrNull, writeFileAtomic} from './atomic-file.js';
import type {ResultsPaths} from './results-derived.js';
import {checkEntry, type RunRules, runFile, runIdPattern, type StorableRun, type StoredRun} from './results-files.js';

export interface LegacyRead<Run extends StorableRun = StorableRun> {
	readonly version: number;
	readonly entries: readonly StoredRun<Run>[];
	/** One line per entry that cannot be read (it stays in the file). */
	readonly problems: readonly string[];
}

/** The legacy file's readable entries, or null when there is none (or it is not a results file at all). */
export function readLegacy<Run extends StorableRun>(paths: ResultsPaths, rules: RunRules<Run>): LegacyRead<Run> | null {
	const text = readTextOrNull(paths.legacy);
	if (text === null || text.trim() === '') return null;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return {
			version: 1,
			entries: [],
			problems: [`${paths.legacy} is not valid JSON; no probe result can be read from it (left as it is)`],
		};
	}

	const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
	const runs = Array.isArray(record['runs']) ? (record['runs'] as unknown[]) : null;
	const version = typeof record['version'] === 'number' ? record['version'] : 1;
	if (runs === null) return {version, entries: [], problems: [`${paths.legacy} holds no list of runs (left as it is)`]};
	const entries: StoredRun<Run>[] = [];
	const problems: string[] = [];
	for (const [index, raw] of runs.entries()) {
		const outcome = checkEntry(raw, rules);
		if (outcome.ok && runIdPattern.test(outcome.entry.run.runId)) entries.push(outcome.entry);
		else
			problems.push(
				`probe result ${index + 1} in ${paths.legacy} skipped: ${outcome.ok ? 'run id is not a file name' : outcome.reason}`,
			);
	}

	return {version, entries, problems};
}

/** Moves a version-1 file's runs into the runs folder (call holding the results lock). Returns the notice. */
export function migrateLegacy(paths: ResultsPaths, legacy: LegacyRead): string | null {
	if (legacy.version > 1 || !existsSync(paths.legacy)) return null;
	for (const entry of legacy.entries) {
		const path = runFile(paths, entry.run.runId);
		if (!existsSync(path)) writeFileAtomic(path, `${JSON.stringify({version: 2, ...entry}, null, 2)}\n`);
	}

	const kept = moveAside(paths.legacy, 'migrated');
	const skipped =
		legacy.problems.length > 0
			? ` (${legacy.problems.length} unreadable entr${legacy.problems.length === 1 ? 'y stays' : 'ies stay'} in it)`
			: '';
	return `moved ${legacy.entries.length} probe result(s) from ${paths.legacy} into ${paths.runs}; the old file is kept as ${kept}${skipped}`;
}
