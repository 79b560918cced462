// `netplace table`: measured versus published bandwidth, reference rows and the user's probe rows,
// as text or DESIGN.md's `table --json` (an array of rows). `--cloud` filters.

import {bandwidthTable} from '../advice/bandwidth-table.js';
import {exitCodes} from '../domain/errors.js';
import type {CliFlags} from '../request/flags.js';
import {parseCloudScope} from '../request/workload.js';
import {loadEvidence} from '../session/load-evidence.js';
import {reportProblems} from './report-problems.js';

export async function tableCommand(flags: CliFlags): Promise<number> {
	const scope = flags.cloud === undefined ? undefined : parseCloudScope(flags.cloud);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	const rows = bandwidthTable(evidence.measurements, scope);
	if (flags.json) {
		process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
		return exitCodes.ok;
	}

	const [{bandwidthTableLines}, {outputWidth, paintLines, textStyle, wantsColor}] = await Promise.all([
		import('../present/bandwidth-table-lines.js'),
		import('./text-style.js'),
	]);
	const lines = paintLines(bandwidthTableLines(rows, outputWidth()), textStyle(wantsColor(process.stdout)));
	process.stdout.write(`${lines.join('\n')}\n`);
	return exitCodes.ok;
}
