// The result screen's scrolled content as lines, built once per answer and width: the what-if line, any
// warnings, the recommendation card, the decision order and the bandwidth table (side by side from 164
// columns), the notes. The view shows the slice in its viewport.

import type {Advice} from '../../../domain/types.js';
import type {RecommendationCard} from '../../../present/recommendation-card.js';
import {wrap} from '../../../present/wrap.js';
import {isChanged, sizeArgv, type WhatIfState} from '../../../session/what-if.js';
import {bandwidthTableLines} from '../../components/bandwidth-table.js';
import {decisionOrderLines} from '../../components/decision-order.js';
import {notesLines} from '../../components/notes-lines.js';
import {cardViewLines} from '../../components/recommendation-card-lines.js';
import {besideLines, blankLine, plainLine, type StyledLine} from '../../components/styled-lines.js';
import {type ThemeColor, theme} from '../../theme.js';

const sideBySideFrom = 164;
const orderWidth = 62;
const columnGap = 2;

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

/** The decision order and the bandwidth table: beside each other on wide terminals, else one under the other. */
function orderAndTable(advice: Advice, width: number): StyledLine[] {
	if (width < sideBySideFrom) {
		return [...decisionOrderLines(advice.steps, width), blankLine, ...bandwidthTableLines(advice.bandwidth, width)];
	}

	const tableWidth = width - orderWidth - columnGap;
	return besideLines(
		decisionOrderLines(advice.steps, orderWidth),
		bandwidthTableLines(advice.bandwidth, tableWidth),
		orderWidth,
		columnGap,
	);
}

export function resultLines(content: ResultContent): StyledLine[] {
	const {whatIf, advice, card, engineProblem, warnings, width} = content;
	const warningLines = warnings.flatMap((warning) =>
		wrapped(`warning: ${warning.replaceAll('\n', ' ')}`, width, theme.status.warning),
	);
	const cardPart = card
		? [blankLine, ...cardViewLines(card, width)]
		: wrapped(`No recommendation: ${engineProblem ?? 'the shape catalogue is not loaded'}`, width, theme.status.error);
	return [
		...whatIfLines(whatIf, width),
		...warningLines,
		...cardPart,
		blankLine,
		...orderAndTable(advice, width),
		blankLine,
		...notesLines(advice.notes, width),
	];
}
