// `netplace tune [workload flags] [--json]`: the host settings (buffers, MTU) the path needs for the
// configuration `size` recommends (or the `--shape` named), as a block to paste into both hosts, each line
// with why and its source. Nothing to set is an answer too: exit 0.

import {exitCodes, UserError} from '../domain/errors.js';
import {evidenceView} from '../domain/evidence.js';
import type {RankedConfiguration, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import type {CliFlags, FlagName} from '../request/flags.js';
import {loadEvidence} from '../session/load-evidence.js';
import {prescriptionBlock} from '../sizing/host-tuning.js';
import {size} from '../sizing/search.js';
import {hostTuningFor} from '../sizing/tuning-for.js';
import {printLines, resolveWorkload} from './advise.js';
import {catalogueShapes} from './catalogue-input.js';
import {reportProblems} from './report-problems.js';
import type {TuneAnswer} from './tune-text.js';
import {writeStdout} from './write-stdout.js';

function answerFor(
	workload: Workload,
	chosen: RankedConfiguration | undefined,
	shapes: readonly ShapeRecord[],
	evidence: ReturnType<typeof evidenceView>,
): TuneAnswer {
	const record = chosen && shapes.find((shape) => shape.cloud === chosen.cloud && shape.shape === chosen.shape);
	if (chosen === undefined || record === undefined) {
		return {
			workload,
			configuration: null,
			path: null,
			prescription: null,
			block: ['# netplace tune: no configuration fits these constraints'],
		};
	}

	const tuning = hostTuningFor(chosen, record, workload, evidence);
	const {cloud, shape, placement, ocpus, options} = chosen;
	return {
		workload,
		configuration: {cloud, shape, placement, ocpus, options},
		path: tuning.figures,
		prescription: tuning.prescription,
		block: prescriptionBlock(tuning.prescription),
	};
}

export async function tuneCommand(flags: CliFlags, given: ReadonlySet<FlagName> = new Set()): Promise<number> {
	const workload = await resolveWorkload(flags, given);
	if (workload.cloud === 'lab') throw new UserError('tune answers for aws, gcp, oci or any, not the lab');
	const shapes = await catalogueShapes(workload);
	const loaded = await loadEvidence();
	reportProblems(loaded.problems);
	const evidence = evidenceView(loaded.measurements);
	const result = size(workload, shapes, evidence, 1);
	const answer = answerFor(workload, result.configurations[0], shapes, evidence);
	if (flags.json) {
		writeStdout(`${JSON.stringify(answer, null, 2)}\n`);
		return exitCodes.ok;
	}

	const {tuneText} = await import('./tune-text.js');
	printLines(tuneText(answer));
	return exitCodes.ok;
}
