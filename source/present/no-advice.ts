// The line a finished run without advice ends with: it had no valid figure, or its figures are no shape's
// same-zone cell (your own hosts on another path, a cluster's cross-zone node pair, hosts that name no shape).

import {runCell, runIsCellEvidence} from '../probe/run-cloud.js';
import type {ProbeRun} from '../probe/types.js';
import {validResults} from '../probe/validity.js';

/** Why a finished run gives no advice: no valid figure, or figures that are no shape's same-zone cell. */
export function noAdviceLine(run: ProbeRun): string {
	const valid = run.pairs.some((pair) => validResults(pair.results, run.settings ?? null).length > 0);
	if (!valid || runIsCellEvidence(run))
		return 'No advice from this run: no pair has a valid single-flow or aggregate figure.';
	const why =
		runCell(run) === null ? 'its hosts name no catalogue shape' : `its path is ${run.path ?? 'not same-zone'}`;
	return `No advice from this run: ${why}, so its figures are kept and shown, not a shape's same-zone cell.`;
}
