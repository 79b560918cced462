// `netplace tune [workload flags] [--json]`: the host settings (buffers, MTU) the path needs for the
// configuration `size` recommends (or the `--shape` named), as a block to paste into both hosts, each line
// with why and its source. The answer is `size`'s (session/answer.ts, the search alone), laid out by
// present/tune-lines.ts for both --json and text. Nothing to set is an answer too: exit 0.

import {catalogueScopesText} from '../domain/clouds.js';
import {exitCodes, UserError} from '../domain/errors.js';
import {tuneAnswer, tuneLines} from '../present/tune-lines.js';
import type {CliFlags, FlagName} from '../request/flags.js';
import {answer, evidenceOf} from '../session/answer.js';
import {catalogueEngine} from '../session/catalogue-engine.js';
import {loadEvidence} from '../session/load-evidence.js';
import {printLines, resolveWorkload} from './advise.js';
import {catalogueShapes} from './catalogue-input.js';
import {reportProblems} from './report-problems.js';

export async function tuneCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError(`tune answers for ${catalogueScopesText}, not the lab`);
	const shapes = await catalogueShapes(workload);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	// The call `size` makes (session/answer.ts, the search alone): tune's block is the one size prints.
	const searched = answer(catalogueEngine(shapes), workload, evidenceOf(evidence.measurements), 'search');
	const tuned = tuneAnswer(workload, searched);
	if (flags.json) process.stdout.write(`${JSON.stringify(tuned, null, 2)}\n`);
	else printLines(tuneLines(tuned));
	return exitCodes.ok;
}
