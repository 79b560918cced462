// The result screen's first frame drawn once off screen, while the last questions show: Ink's layout and
// text code is then compiled and its text measurements cached when the real first frame comes.

import {renderToString} from 'ink';
import type {SessionAnswer} from '../../../session/answer.js';
import {initialWhatIf} from '../../../session/what-if.js';
import {initialExportState} from '../export/export-reducer.js';
import {initialSaveState} from '../save/save-reducer.js';
import {resultLines} from './result-lines.js';
import {ResultView, viewportRows} from './result-view.js';

export function rehearseResult(
	answer: SessionAnswer,
	warnings: readonly string[],
	width: number,
	rows: number | undefined,
): void {
	const lines = resultLines({
		whatIf: initialWhatIf(answer.workload),
		advice: answer.advice,
		card: answer.card,
		engineProblem: null,
		warnings,
		width,
	});
	const viewport = viewportRows(width, rows);
	renderToString(
		<ResultView
			workload={answer.workload}
			lines={lines}
			save={initialSaveState}
			exported={initialExportState}
			width={width}
			viewport={viewport}
			offset={0}
		/>,
		{columns: width},
	);
}
