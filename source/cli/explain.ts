// `netplace explain FILE… [workload flags] [--save] [--json]`: a measurement made anywhere (iperf3 -J or
// --json-stream, a netplace result, k8s-netperf --json, knb -o json; `-` reads standard input) attributed to the limit that
// bound it, beside the model's prediction for its shape and path, with the next step. Every file is read and
// checked before anything is explained or saved: a file it cannot read is one line naming it, exit 2.

import {catalogueScopesText} from '../domain/clouds.js';
import {exitCodes, UserError} from '../domain/errors.js';
import type {CliFlags, FlagName} from '../request/flags.js';
import {explainImports, readImports} from '../session/explain.js';
import {loadEvidence} from '../session/load-evidence.js';
import {printLines, resolveWorkload} from './advise.js';
import {catalogueShapes} from './catalogue-input.js';
import {reportProblems} from './report-problems.js';
import {outputWidth} from './text-style.js';

const usage = 'netplace explain FILE… [--shape S | --cloud C] [--placement P] [--path P] [--rtt MS] [--save] [--json]';

/** The files: the words after `explain`, and the one `--save` took as its value (`--save` is a switch here). */
function filesOf(args: readonly string[], flags: CliFlags): string[] {
	const taken = typeof flags.save === 'string' && flags.save.length > 0 ? [flags.save] : [];
	const files = [...args, ...taken];
	if (files.length === 0) throw new UserError('explain needs a FILE (iperf3 -J output; - reads standard input)', usage);
	if (files.filter((file) => file === '-').length > 1)
		throw new UserError('explain reads standard input (-) once', usage);
	return files;
}

export async function explainCommand(
	args: readonly string[],
	flags: CliFlags,
	given: ReadonlySet<FlagName> = new Set(),
): Promise<number> {
	const files = filesOf(args, flags);
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError(`explain compares with ${catalogueScopesText}, not the lab`);
	const shapes = await catalogueShapes(workload);
	const imported = readImports(files);
	const loaded = await loadEvidence();
	reportProblems(loaded.problems);
	const answer = explainImports(imported, workload, shapes, loaded.measurements);
	const saved = given.has('save')
		? (await import('../session/explain-save.js')).saveExplained(answer, loaded.measurements)
		: [];
	if (flags.json) {
		process.stdout.write(`${JSON.stringify({...answer, saved}, null, 2)}\n`);
		return exitCodes.ok;
	}

	const {explainLines} = await import('../present/explain-lines.js');
	const width = outputWidth();
	printLines([...explainLines(answer, width), ...(saved.length > 0 ? ['', ...saved] : [])]);
	return exitCodes.ok;
}
