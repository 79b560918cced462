// `netplace results list|show ID|delete ID [--json]`: the stored probe runs. `list` is a header and a row
// per run (id, complete or partial, when), each cell and its figures on a line under it (wrapped at words);
// `show` prints one run (`--json`: the stored entry: savedAt, run as `probe --json` gave it, target);
// `delete` removes one run and its evidence. ID may be a unique beginning of the id (`np-` may be left out).

import {exitCodes, UserError} from '../domain/errors.js';
import {gbps, streamsLabel} from '../domain/format.js';
import {wrap} from '../present/wrap.js';
import {deleteStoredRun, getStoredRun, listStoredRuns, type RunSummary, resolveRunId} from '../probe/probe-results.js';
import type {CliFlags} from '../request/flags.js';
import {resultsPaths} from '../stores/results-derived.js';
import {printLines} from './advise.js';
import {reportProblems} from './report-problems.js';
import {outputWidth} from './text-style.js';

const usage = 'netplace results list|show ID|delete ID [--json]';

/** Each cell of the run and its figures: `lab/custom/default: 1 flow 0.6, 8 streams 2 Gbps`. */
function cellTexts(run: RunSummary): string[] {
	if (run.measurements.length === 0) return [`${run.provider} ${run.shape}: no figures`];
	return run.measurements.map(
		(m) =>
			`${m.cloud}/${m.shape}/${m.placement}: 1 flow ${gbps(m.singleFlowGbps)}, ${streamsLabel(m.streams)} ${gbps(m.aggregateGbps)} Gbps`,
	);
}

/** A header, then a row per run and a line per cell under it (wrapped at words to `width`). */
export function listLines(runs: readonly RunSummary[], width: number): string[] {
	if (runs.length === 0) return [`No stored probe results in ${resultsPaths().runs} (netplace probe saves them).`];
	const idWidth = Math.max('ID'.length, ...runs.map((run) => run.id.length));
	const row = (id: string, status: string, when: string) => `${id.padEnd(idWidth)}  ${status.padEnd(8)}  ${when}`;
	return [
		row('ID', 'STATUS', 'FINISHED'),
		...runs.flatMap((run) => [
			row(run.id, run.status, run.finishedAt ?? run.savedAt),
			...cellTexts(run).flatMap((cell) => wrap(cell, width, '  ', '    ')),
		]),
		'',
		...wrap('Partial runs (stopped, or a step failed) are kept but never used as evidence.', width),
	];
}

function idArgument(subcommand: string, args: readonly string[]): string {
	const [id, ...extra] = args;
	if (id === undefined) throw new UserError(`results ${subcommand} needs a run id`, usage);
	if (extra.length > 0) throw new UserError(`unexpected argument ${extra.join(' ')} for results ${subcommand}`, usage);
	return id;
}

async function show(typed: string, json: boolean): Promise<void> {
	const id = resolveRunId(typed);
	const {entry, path, newer, unusable} = getStoredRun(id);
	const readOnly = newer === null ? null : `written by a newer netplace, version ${newer}: read only, never evidence`;
	if (json) {
		if (readOnly) reportProblems([`probe result ${id} was ${readOnly}`]);
		if (unusable) reportProblems([`probe result ${path}: ${unusable}`]);
		process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
		return;
	}

	const [{renderProbeResult}, {runStatus}] = await Promise.all([
		import('../present/probe-text.js'),
		import('../probe/results-cells.js'),
	]);
	const width = outputWidth();
	printLines([
		...wrap(
			`Probe result ${id} (${readOnly ?? unusable ?? runStatus(entry.run)}), saved ${entry.savedAt} in ${path}`,
			width,
		),
		'',
		...renderProbeResult(entry.run, null, width),
	]);
}

export async function resultsCommand(args: readonly string[], flags: CliFlags): Promise<number> {
	const [subcommand, ...rest] = args;
	if (subcommand === undefined) throw new UserError('results needs a subcommand', usage);
	switch (subcommand) {
		case 'list': {
			if (rest.length > 0) throw new UserError(`unexpected argument ${rest.join(' ')} for results list`, usage);
			const {runs, problems} = listStoredRuns();
			reportProblems(problems);
			if (flags.json) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
			else printLines(listLines(runs, outputWidth()));
			return exitCodes.ok;
		}

		case 'show': {
			await show(idArgument(subcommand, rest), flags.json);
			return exitCodes.ok;
		}

		case 'delete': {
			const id = resolveRunId(idArgument(subcommand, rest));
			const {path, problems} = await deleteStoredRun(id);
			reportProblems(problems);
			if (flags.json) process.stdout.write(`${JSON.stringify({deleted: id, path}, null, 2)}\n`);
			else printLines([`Deleted probe result ${id} (${path}).`]);
			return exitCodes.ok;
		}

		default:
			throw new UserError(`unknown results subcommand "${subcommand}"`, usage);
	}
}
