// `netplace size`: the configurations that meet the workload, ranked, with their predictions, as text or
// DESIGN.md's `size --json`. Shapes the user names are checked against the catalogue first (one line,
// exit 2, with a did-you-mean). Nothing meeting the target is an answer: exit 0.

import {evidenceView} from '../advisor/evidence.js';
import type {Workload} from '../advisor/types.js';
import {exitCodes, UserError} from '../errors.js';
import {loadEvidence} from '../session/load-evidence.js';
import {size} from '../sizing/search.js';
import type {SizeResult} from '../sizing/types.js';
import {printLines, resolveWorkload} from './advise.js';
import {catalogueShapes} from './catalogue-input.js';
import type {CliFlags, FlagName} from './flags.js';
import {reportProblems} from './report-problems.js';
import {writeStdout} from './write-stdout.js';

export interface SizeAnswer extends SizeResult {
	readonly workload: Workload;
}

export async function sizeCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError('size answers for aws, gcp, oci or any, not the lab');
	const shapes = await catalogueShapes(workload);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	const result = size(workload, shapes, evidenceView(evidence.measurements));
	const answer: SizeAnswer = {workload, ...result};
	if (flags.json) {
		writeStdout(`${JSON.stringify(answer, null, 2)}\n`);
		return exitCodes.ok;
	}

	const [{renderSizeText}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./size-text.js'),
		import('./text-style.js'),
	]);
	printLines(renderSizeText(result, workload, {width: outputWidth(), style: textStyle(wantsColor(process.stdout))}));
	return exitCodes.ok;
}
