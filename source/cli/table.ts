// `netplace table`: measured versus published bandwidth, reference rows and the user's probe rows,
// as text or DESIGN.md's `table --json` (an array of rows). `--cloud` filters.

import {bandwidthTable} from '../advice/index.js';
import {exitCodes} from '../domain/errors.js';
import {parseCloudScope} from '../request/workload.js';
import {loadEvidence} from '../session/load-evidence.js';
import type {CliFlags} from './flags.js';
import {reportProblems} from './report-problems.js';
import {writeStdout} from './write-stdout.js';

export async function tableCommand(flags: CliFlags): Promise<number> {
	const scope = flags.cloud === undefined ? undefined : parseCloudScope(flags.cloud);
	const evidence = await loadEvidence();
	reportProblems(evidence.problems);
	const rows = bandwidthTable(evidence.measurements, scope);
	if (flags.json) {
		writeStdout(`${JSON.stringify(rows, null, 2)}\n`);
		return exitCodes.ok;
	}

	const [{renderBandwidthTable}, {outputWidth, textStyle, wantsColor}] = await Promise.all([
		import('./text-table.js'),
		import('./text-style.js'),
	]);
	const style = textStyle(wantsColor(process.stdout));
	const lines = [
		style.heading('Measured versus published bandwidth'),
		...renderBandwidthTable(rows, {width: outputWidth(), style}),
	];
	process.stdout.write(`${lines.join('\n')}\n`);
	return exitCodes.ok;
}
