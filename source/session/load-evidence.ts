// The one evidence loader for both faces: `advise`, `size`, `table` and the wizard read the reference study
// plus the user's stored probe results through it, and the measurements `netplace explain --save` imported
// (footed imported: probe/imported-evidence.ts says which saved tests count, domain/evidence.ts which stands). Only complete runs are evidence: the store's cells are
// medians over complete runs (partial ones are kept and listed, never read here). I/O, so not in the core.
// A machine without probe results pays two stats. With results, the per-cell medians (one file, however many
// runs there are) are read here when current (source/stores/results-derived.ts); only when they are not is
// the store loaded, which rebuilds them under its lock.
// Corrupt entries come back as problems: the CLI prints one `netplace: warning:` line each, the wizard shows them.

import {statSync} from 'node:fs';
import {referenceMeasurements} from '../domain/study-cells.js';
import type {Measurement} from '../domain/types.js';
import {importedMeasurements} from '../probe/imported-evidence.js';
import {savedImportOf} from '../probe/imported-saved.js';
import {validityRulesVersion} from '../probe/validity.js';
import {importedFolder, listImported} from '../stores/imported-store.js';
import {currentCellsFile, type ResultsPaths, resultsPaths} from '../stores/results-derived.js';
import type {ResultsCells} from '../stores/results-files.js';
import {errnoCode} from '../stores/store-access.js';

export interface Evidence {
	readonly measurements: readonly Measurement[];
	readonly problems: readonly string[];
}

/** False only when `path` is certainly not there; one that cannot be looked at (EACCES…) may hold results. */
function mayExist(path: string): boolean {
	try {
		statSync(path);
		return true;
	} catch (error: unknown) {
		const code = errnoCode(error);
		return code !== 'ENOENT' && code !== 'ENOTDIR';
	}
}

/**
 * The probe results store's folder or netplace 0.1's file. A folder netplace may not read counts as "maybe":
 * the store's read then names it (exit 1), rather than advice that quietly leaves the user's measurements out.
 */
function anyProbeResults(paths: ResultsPaths): boolean {
	return mayExist(paths.runs) || mayExist(paths.legacy);
}

async function loadProbeEvidence(): Promise<Evidence> {
	const paths = resultsPaths();
	if (!anyProbeResults(paths)) return {measurements: [], problems: []};
	const cells = currentCellsFile<ResultsCells>(paths, validityRulesVersion);
	if (cells !== null) return {measurements: cells.cells, problems: cells.problems};
	const {loadProbeMeasurements} = await import('../probe/probe-results.js');
	return loadProbeMeasurements();
}

/** The saved imports that are evidence; one problem line per saved file that cannot be read. */
function loadImportedEvidence(): Evidence {
	let stored: ReturnType<typeof listImported>;
	try {
		stored = listImported();
	} catch (error: unknown) {
		return {
			measurements: [],
			problems: [`imported measurements: ${importedFolder()}: ${errnoCode(error) ?? 'unreadable'}`],
		};
	}

	const problems: string[] = [];
	const saved = stored.flatMap((entry) => {
		const read = entry.entry === null ? (entry.problem ?? 'unreadable') : savedImportOf(entry.id, entry.entry);
		if (typeof read !== 'string') return [read];
		problems.push(`imported ${entry.id}: ${read} (${entry.path}); not read as evidence`);
		return [];
	});
	return {measurements: importedMeasurements(saved), problems};
}

/** Reference measurements, then the imported ones, then the user's probe measurements. */
export async function loadEvidence(): Promise<Evidence> {
	const probe = await loadProbeEvidence();
	const imported = loadImportedEvidence();
	return {
		measurements: [...referenceMeasurements(), ...imported.measurements, ...probe.measurements],
		problems: [...imported.problems, ...probe.problems],
	};
}
