// The evidence `advise` and `table` read: the reference study plus the user's saved probe results.
// The results store (conf) is loaded only when its file exists, so a machine without probe results
// never pays for it. Corrupt entries come back as problems: one `netplace: warning:` line each.

import {existsSync} from 'node:fs';
import {referenceMeasurements} from '../advisor/index.js';
import type {Measurement} from '../advisor/types.js';
import {configFile} from '../profiles/config-folder.js';

export interface Evidence {
	readonly measurements: readonly Measurement[];
	readonly problems: readonly string[];
}

/** The probe results store's file name: `resultsConfigName` in source/probe/results-store.ts. */
const resultsConfigName = 'results';

async function loadProbeEvidence(): Promise<Evidence> {
	if (!existsSync(configFile(resultsConfigName))) return {measurements: [], problems: []};
	const {loadProbeMeasurements} = await import('../probe/results-store.js');
	return loadProbeMeasurements();
}

/** Reference measurements followed by the user's probe measurements. */
export async function loadEvidence(): Promise<Evidence> {
	const probe = await loadProbeEvidence();
	return {measurements: [...referenceMeasurements(), ...probe.measurements], problems: probe.problems};
}

/** Writes each problem as one warning line on stderr. */
export function reportProblems(problems: readonly string[], stderr: NodeJS.WritableStream = process.stderr): void {
	for (const problem of problems) {
		stderr.write(`netplace: warning: ${problem.replaceAll('\n', ' ')}\n`);
	}
}
