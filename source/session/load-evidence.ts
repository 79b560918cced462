// The one evidence loader for both faces: `advise`, `size`, `table` and the wizard read the reference study
// plus the user's stored probe results through it. Only complete runs are evidence: the store's cells are
// medians over complete runs (partial ones are kept and listed, never read here). I/O, so not in the core.
// The results store is loaded only when results exist (two stats), so a machine without probe results
// never pays for it; with results it reads one small file of per-cell medians, however many runs there are.
// Corrupt entries come back as problems: the CLI prints one `netplace: warning:` line each, the wizard shows them.

import {statSync} from 'node:fs';
import {join} from 'node:path';
import {referenceMeasurements} from '../advisor/index.js';
import type {Measurement} from '../advisor/types.js';
import {configFolder} from '../profiles/config-folder.js';
import {errnoCode} from '../store/store-access.js';

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
 * The probe results store's folder and netplace 0.1's file (`resultsPaths` in source/probe/results-files.ts).
 * A folder netplace may not read counts as "maybe": the store's read then names it (exit 1), rather than
 * advice that quietly leaves the user's measurements out.
 */
function anyProbeResults(): boolean {
	const folder = configFolder();
	return mayExist(join(folder, 'results')) || mayExist(join(folder, 'results.json'));
}

async function loadProbeEvidence(): Promise<Evidence> {
	if (!anyProbeResults()) return {measurements: [], problems: []};
	const {loadProbeMeasurements} = await import('../probe/results-store.js');
	return loadProbeMeasurements();
}

/** Reference measurements followed by the user's probe measurements. */
export async function loadEvidence(): Promise<Evidence> {
	const probe = await loadProbeEvidence();
	return {measurements: [...referenceMeasurements(), ...probe.measurements], problems: probe.problems};
}
