// `netplace size` as plain text: the workload, then the recommendation card (present/'s model and
// lines, the same the wizard lays out), painted by tone. Pure: returns lines, prints nothing.

import type {Workload} from '../advisor/types.js';
import {type CardLine, cardLines, type LineTone} from '../present/card-lines.js';
import {recommendationCard} from '../present/recommendation-card.js';
import {workloadSummary} from '../present/workload-summary.js';
import {wrap} from '../present/wrap.js';
import {answerMeetsTarget} from '../sizing/rank.js';
import type {SizeResult} from '../sizing/types.js';
import type {TextStyle} from './text-style.js';

function paint(line: CardLine, style: TextStyle): string {
	const tones: Readonly<Record<LineTone, (text: string) => string>> = {
		heading: style.heading,
		good: (text) => style.verdict('do', text),
		bad: (text) => style.verdict('avoid', text),
		warning: (text) => style.verdict('consider', text),
		muted: style.muted,
		accent: (text) => style.verdict('satisfied', text),
		plain: (text) => text,
	};
	return tones[line.tone](line.text);
}

export interface SizeTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

export function renderSizeText(result: SizeResult, workload: Workload, options: SizeTextOptions): string[] {
	return [
		...wrap(`Workload: ${workloadSummary(workload)}`, options.width, '', '  '),
		'',
		...renderCardText(result, workload, options),
	];
}

/** The recommendation card alone, painted (also above `advise`'s decision order). */
export function renderCardText(result: SizeResult, workload: Workload, options: SizeTextOptions): string[] {
	return cardLines(recommendationCard(result, workload), options.width).map((line) => paint(line, options.style));
}

/** The ranked configurations an Advice carries, as the card reads them (what comes closest is in its notes). */
export function adviceResult(configurations: SizeResult['configurations'], workload: Workload): SizeResult {
	return {meetsTarget: answerMeetsTarget(configurations, workload.minGbps), configurations, closest: null};
}
