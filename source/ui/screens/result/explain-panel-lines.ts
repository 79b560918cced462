// The result screen's `w` view: the stored probe results and imported measurements explained (as `netplace
// explain` does), laid out as styled lines at the terminal's width. Reads the stores when opened.

import type {ExplainedTest} from '../../../advice/explain-answer.js';
import type {ShapeRecord} from '../../../domain/model-types.js';
import type {Measurement, Workload} from '../../../domain/types.js';
import {explainLines} from '../../../present/explain-lines.js';
import {theme} from '../../../present/theme.js';
import {wrap} from '../../../present/wrap.js';
import {explainStored} from '../../../session/explain-stored.js';
import {blankLine, plainLine, type StyledLine} from '../../components/styled-lines.js';

/** One test's lines; a saved import too damaged to lay out is one line, never a crash of the wizard. */
function testLines(test: ExplainedTest, width: number): string[] {
	try {
		return explainLines({files: [], tests: [test]}, width);
	} catch {
		return [`${String(test.test?.file)}: this saved explanation cannot be shown (its file was changed)`];
	}
}

export function explainPanelLines(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	measurements: readonly Measurement[],
	width: number,
): StyledLine[] {
	const heading = plainLine('Your results, explained (netplace explain)', theme.text.heading, true);
	let stored: ReturnType<typeof explainStored>;
	try {
		stored = explainStored(workload, shapes, measurements);
	} catch (error: unknown) {
		const why = error instanceof Error ? error.message : String(error);
		return [
			heading,
			blankLine,
			...wrap(`The stores could not be read: ${why}`, width).map((line) => plainLine(line, theme.status.error)),
		];
	}

	const {answer, problems} = stored;
	if (answer.tests.length === 0 && problems.length === 0)
		return [
			heading,
			blankLine,
			...wrap(
				'No stored probe results or imported measurements yet: p probes the recommendation; netplace explain FILE --save imports one.',
				width,
			).map((line) => plainLine(line)),
		];
	const blocks = answer.tests.flatMap((test, index) => [...(index === 0 ? [] : ['']), ...testLines(test, width)]);
	return [
		heading,
		blankLine,
		...blocks.map((line) => plainLine(line)),
		...problems.flatMap((problem) => wrap(problem, width).map((line) => plainLine(line, theme.status.warning))),
	];
}
