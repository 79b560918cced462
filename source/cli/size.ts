// `netplace size`: the configurations that meet the workload, ranked, with their predictions, as text or
// DESIGN.md's `size --json`. Shapes the user names are checked against the catalogue first (one line,
// exit 2, with a did-you-mean). Nothing meeting the target is an answer: exit 0.

import {catalogueScopesText} from '../domain/clouds.js';
import {exitCodes, UserError} from '../domain/errors.js';
import type {SizeResult} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {sizeTuningLines} from '../present/tune-lines.js';
import type {CliFlags, FlagName} from '../request/flags.js';
import {answer, evidenceOf} from '../session/answer.js';
import {catalogueEngine} from '../session/catalogue-engine.js';
import {loadEvidence} from '../session/load-evidence.js';
import type {Prescription} from '../sizing/host-tuning.js';
import {predictionReplacer} from '../sizing/prediction-json.js';
import {printLines, resolveWorkload} from './advise.js';
import {catalogueShapes} from './catalogue-input.js';
import {reportProblems} from './report-problems.js';

export interface SizeAnswer extends SizeResult {
	readonly workload: Workload;
	/** The host settings the first configuration needs on this path (netplace tune), or null with none ranked. */
	readonly hostTuning: Prescription | null;
}

export async function sizeCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError(`size answers for ${catalogueScopesText}, not the lab`);
	const shapes = await catalogueShapes(workload);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	// The wizard's and advise's path (session/answer.ts), asked for the search alone.
	const {result, hostTuning} = answer(catalogueEngine(shapes), workload, evidenceOf(evidence.measurements), 'search');
	if (flags.json) {
		const json: SizeAnswer = {workload, ...result, hostTuning};
		process.stdout.write(`${JSON.stringify(json, predictionReplacer, 2)}\n`);
		return exitCodes.ok;
	}

	const [{renderSizeText}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./size-text.js'),
		import('./text-style.js'),
	]);
	const [style, width] = [textStyle(wantsColor(process.stdout)), outputWidth()];
	printLines([...renderSizeText(result, workload, {width, style}), ...sizeTuningLines(hostTuning, width)]);
	return exitCodes.ok;
}
