// `netplace size` as plain text: the workload, then the recommendation card (present/'s model and
// lines, the same the wizard lays out), painted by tone. Pure: returns lines, prints nothing.

import type {SizeResult} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {cardSectionLines} from '../present/card-lines.js';
import {recommendationCard} from '../present/recommendation-card.js';
import {workloadLines} from '../present/workload-lines.js';
import {answerMeetsTarget} from '../sizing/rank.js';
import {paintLine, type TextStyle} from './text-style.js';

export interface SizeTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

export function renderSizeText(result: SizeResult, workload: Workload, options: SizeTextOptions): string[] {
	return [
		...workloadLines(workload, options.width).map((row) => paintLine(row, options.style)),
		'',
		...renderCardText(result, workload, options),
	];
}

/** The recommendation card alone, painted (also above `advise`'s decision order). */
export function renderCardText(result: SizeResult, workload: Workload, options: SizeTextOptions): string[] {
	return cardSectionLines(recommendationCard(result, workload), options.width).map((row) =>
		paintLine(row, options.style),
	);
}

/** The ranked configurations an Advice carries, as the card reads them (what comes closest is in its notes). */
export function adviceResult(configurations: SizeResult['configurations'], workload: Workload): SizeResult {
	return {meetsTarget: answerMeetsTarget(configurations, workload.minGbps), configurations, closest: null};
}
