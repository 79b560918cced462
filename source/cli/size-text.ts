// `netplace size` as plain text: the workload, then the recommendation card (present/'s model and
// lines, the same the wizard lays out), painted by tone. Pure: returns lines, prints nothing.

import type {SizeResult} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {cardLines} from '../present/card-lines.js';
import {blank} from '../present/lines.js';
import {recommendationCard} from '../present/recommendation-card.js';
import {workloadLines} from '../present/workload-lines.js';
import {answerMeetsTarget} from '../sizing/rank.js';
import {unpricedGroup} from '../sizing/unpriced.js';
import {paintLines, type TextStyle} from './text-style.js';

export interface SizeTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

export function renderSizeText(result: SizeResult, workload: Workload, options: SizeTextOptions): string[] {
	const {width, style} = options;
	return paintLines(
		[...workloadLines(workload, width), blank, ...cardLines(recommendationCard(result, workload), width)],
		style,
	);
}

/** The ranked configurations an Advice carries, as the card reads them (what comes closest is in its notes). */
export function adviceResult(configurations: SizeResult['configurations'], workload: Workload): SizeResult {
	const unpriced = unpricedGroup(configurations, workload.minGbps);
	return {
		meetsTarget: answerMeetsTarget(configurations, workload.minGbps),
		configurations,
		closest: null,
		...(unpriced === null ? {} : {unpriced}),
	};
}
