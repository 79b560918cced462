// `netplace results list|show ID|delete ID [--json]`: the stored probe runs. `list` is one line per run
// (id, complete or partial, when, the cell and its figures); `show` prints one run (`--json`: the stored
// entry: savedAt, run as `probe --json` gave it, target); `delete` removes one run and its evidence.

import {exitCodes, UserError} from '../domain/errors.js';
import {deleteStoredRun, getStoredRun, listStoredRuns, type RunSummary} from '../probe/results-store.js';
import {resultsPaths} from '../stores/results-derived.js';
import {printLines} from './advise.js';
import type {CliFlags} from './flags.js';
import {reportProblems} from './report-problems.js';

const usage = 'netplace results list|show ID|delete ID [--json]';

function gbpsText(value: number | null): string {
	return value === null ? '-' : `${value}`;
}

function cellsText(run: RunSummary): string {
	if (run.measurements.length === 0) return `${run.provider} ${run.shape} (no figures)`;
	return run.measurements
		.map(
			(m) =>
				`${m.cloud}/${m.shape}/${m.placement} 1 flow ${gbpsText(m.singleFlowGbps)}, ${m.streams} streams ${gbpsText(m.aggregateGbps)} Gbps`,
		)
		.join('; ');
}

function listLines(runs: readonly RunSummary[]): string[] {
	if (runs.length === 0) return [`No stored probe results in ${resultsPaths().runs} (netplace probe saves them).`];
	const width = Math.max(...runs.map((run) => run.id.length));
	return [
		...runs.map(
			(run) => `${run.id.padEnd(width)}  ${run.status.padEnd(8)}  ${run.finishedAt ?? run.savedAt}  ${cellsText(run)}`,
		),
		'',
		'Partial runs (stopped, or a step failed) are kept but never used as evidence.',
	];
}

function idArgument(subcommand: string, args: readonly string[]): string {
	const [id, ...extra] = args;
	if (id === undefined) throw new UserError(`results ${subcommand} needs a run id`, usage);
	if (extra.length > 0) throw new UserError(`unexpected argument ${extra.join(' ')} for results ${subcommand}`, usage);
	return id;
}

async function show(id: string, json: boolean): Promise<void> {
	const {entry, path, newer} = getStoredRun(id);
	const readOnly = newer === null ? null : `written by a newer netplace, version ${newer}: read only, never evidence`;
	if (json) {
		if (readOnly) reportProblems([`probe result ${id} was ${readOnly}`]);
		process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
		return;
	}

	const [{renderProbeResult}, {runStatus}] = await Promise.all([
		import('../probe/probe-text.js'),
		import('../probe/results-cells.js'),
	]);
	printLines([
		`Probe result ${id} (${readOnly ?? runStatus(entry.run)}), saved ${entry.savedAt} in ${path}`,
		'',
		...renderProbeResult(entry.run, null),
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
			else printLines(listLines(runs));
			return exitCodes.ok;
		}

		case 'show': {
			await show(idArgument(subcommand, rest), flags.json);
			return exitCodes.ok;
		}

		case 'delete': {
			const id = idArgument(subcommand, rest);
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
