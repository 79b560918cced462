// The result screen's scrolled content as lines, built once per answer and width: the what-if line and any
// warnings (this screen's own), then the answer as present/ lays it out for every face (the card, the
// decision order and the bandwidth table, side by side from 164 columns, the notes), painted in the theme.

import type {Advice} from '../../../domain/types.js';
import {answerLines} from '../../../present/answer-lines.js';
import type {RecommendationCard} from '../../../present/recommendation-card.js';
import {type ThemeColor, theme} from '../../../present/theme.js';
import {wrap} from '../../../present/wrap.js';
import {isChanged, sizeArgv, type WhatIfState} from '../../../session/what-if.js';
import {styledLines} from '../../components/present-lines.js';
import {blankLine, plainLine, type StyledLine} from '../../components/styled-lines.js';

export interface ResultContent {
	readonly whatIf: WhatIfState;
	readonly advice: Advice;
	readonly card: RecommendationCard | null;
	/** Why there is no card (the catalogue failed to load); null otherwise. */
	readonly engineProblem: string | null;
	/** What the evidence loader could not read (e.g. a corrupt stored run): one line each. */
	readonly warnings: readonly string[];
	readonly width: number;
}

function wrapped(text: string, width: number, color: ThemeColor): StyledLine[] {
	return wrap(text, width).map((line) => plainLine(line, color));
}

function whatIfLines(whatIf: WhatIfState, width: number): StyledLine[] {
	const changed = isChanged(whatIf);
	const text = `${changed ? 'what-if' : 'same as'}: netplace size ${sizeArgv(whatIf.workload).join(' ')}`;
	return wrapped(text, width, changed ? theme.status.warning : theme.text.muted);
}

export function resultLines(content: ResultContent): StyledLine[] {
	const {whatIf, advice, card, engineProblem, warnings, width} = content;
	const warningLines = warnings.flatMap((warning) =>
		wrapped(`warning: ${warning.replaceAll('\n', ' ')}`, width, theme.status.warning),
	);
	const noCard = `No recommendation: ${engineProblem ?? 'the shape catalogue is not loaded'}`;
	return [
		...whatIfLines(whatIf, width),
		...warningLines,
		...(card ? [blankLine] : []),
		...styledLines(answerLines(advice, card, width, {withWorkload: false, noCard})),
	];
}
