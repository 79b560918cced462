// The probe results store (stores/results-store.ts: run files, the lock, the derived index and cells) given
// what a probe run is: how a stored run is checked (results-validate.ts), what `results list` shows of it
// and its evidence (to-measurements.ts, complete runs only: results-cells.ts), one median row per cell, and
// the validity rules' version (validity.ts) the derived files are kept under.

import type {ProbeTarget} from '../providers/provider.js';
import type {RunRules, RunSummary, StoredRun} from '../stores/results-store.js';
import * as store from '../stores/results-store.js';
import {cellMeasurements, runStatus} from './results-cells.js';
import {probeRunProblem} from './results-validate.js';
import {toMeasurements} from './to-measurements.js';
import type {ProbeRun} from './types.js';
import {validityRulesVersion} from './validity.js';

export {resultsPaths} from '../stores/results-store.js';
export type {RunSummary};
export type StoredProbeRun = StoredRun<ProbeRun, ProbeTarget>;

export const probeRunRules: RunRules<ProbeRun> = {
	problem: probeRunProblem,
	facts: (run) => ({
		finishedAt: run.finishedAt ?? null,
		provider: run.provider,
		shape: run.shape,
		placements: run.pairs.map((pair) => pair.placement),
		status: runStatus(run),
		measurements: toMeasurements(run),
	}),
	cells: cellMeasurements,
	version: validityRulesVersion,
};

/** Keeps a run (complete or partial: partial runs are listed, never evidence): its file, status and notices. */
export const saveProbeRun = (run: ProbeRun, target?: ProbeTarget) => store.saveRun(probeRunRules, run, target);

/** Every stored run (oldest first) and a line per run file that cannot be read. */
export const listStoredRuns = () => store.listStoredRuns(probeRunRules);

/** The stored run `typed` names: its id, or the one id it begins (one line, exit 2, for none or several). */
export const resolveRunId = (typed: string) => store.resolveRunId(probeRunRules, typed);

/** One stored run in full, its file, and the version of a newer netplace that wrote it (read only), else null. */
export function getStoredRun(id: string) {
	const stored = store.getStoredRun(probeRunRules, id);
	// The target is stored as the probe gave it (saveProbeRun).
	return {...stored, entry: stored.entry as StoredProbeRun};
}

/** Deletes one stored run (a bad file too); a missing id is a UserError (exit 2). */
export const deleteStoredRun = (id: string) => store.deleteStoredRun(probeRunRules, id);

/** Every cell of the user's complete runs as advisor evidence (source 'probe'), one median row each. */
export const loadProbeMeasurements = () => store.loadStoredMeasurements(probeRunRules);

/** Every readable stored run in full, oldest first. */
export const listProbeRuns = (): StoredProbeRun[] => listStoredRuns().runs.map((run) => getStoredRun(run.id).entry);
