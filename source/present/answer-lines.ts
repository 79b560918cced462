// The whole answer as lines, for every face: the workload, the recommendation card (with the alternatives
// and what does not meet the target), the decision order and the bandwidth table (side by side from 164
// columns, else one under the other), the notes. Each section is built once, here and in the files it
// names; the ANSI text, the Ink screen and the Markdown export only paint them. Pure.

import type {Advice} from '../domain/types.js';
import {bandwidthTableLines} from './bandwidth-table-lines.js';
import {cardLines} from './card-lines.js';
import {decisionOrderLines} from './decision-order-lines.js';
import {blank, line, type PresentLine} from './lines.js';
import {notesLines} from './notes-lines.js';
import type {RecommendationCard} from './recommendation-card.js';
import {workloadLines} from './workload-lines.js';
import {wrap} from './wrap.js';

/** From this width the decision order (in `orderWidth` columns) and the table sit side by side. */
export const sideBySideFrom = 164;
const orderWidth = 62;
const columnGap = 2;

export interface AnswerSections {
	readonly workload: readonly PresentLine[];
	/** None when there is no card (nothing to rank, or no catalogue). */
	readonly card: readonly PresentLine[];
	readonly decisionOrder: readonly PresentLine[];
	readonly bandwidth: readonly PresentLine[];
	/** None when there are no notes. */
	readonly notes: readonly PresentLine[];
}

/** Each section of the answer, laid out for `width`. */
export function answerSections(advice: Advice, card: RecommendationCard | null, width: number): AnswerSections {
	return {
		workload: workloadLines(advice.workload, width),
		card: card ? cardLines(card, width) : [],
		decisionOrder: decisionOrderLines(advice.steps, width),
		bandwidth: bandwidthTableLines(advice.bandwidth, width),
		notes: notesLines(advice.notes, width),
	};
}

function lineLength(row: PresentLine): number {
	return row.reduce((sum, piece) => sum + piece.text.length, 0);
}

/** Two columns side by side: `left` padded to `leftWidth` + `gap`, then `right`, row by row. */
export function besideLines(
	left: readonly PresentLine[],
	right: readonly PresentLine[],
	leftWidth: number,
	gap: number,
): PresentLine[] {
	const rows = Math.max(left.length, right.length);
	return Array.from({length: rows}, (_, row): PresentLine => {
		const start = left[row] ?? blank;
		const end = right[row] ?? blank;
		const padding = ' '.repeat(Math.max(0, leftWidth - lineLength(start)) + gap);
		return end.length === 0 ? start : [...start, {text: padding, role: 'indent'}, ...end];
	});
}

function orderAndTable(advice: Advice, sections: AnswerSections, width: number): PresentLine[] {
	if (width < sideBySideFrom) return [...sections.decisionOrder, blank, ...sections.bandwidth];

	return besideLines(
		decisionOrderLines(advice.steps, orderWidth),
		bandwidthTableLines(advice.bandwidth, width - orderWidth - columnGap),
		orderWidth,
		columnGap,
	);
}

export interface AnswerLineOptions {
	/** Start with the workload's line (a face with a header of its own leaves it out). */
	readonly withWorkload: boolean;
	/** Where the card would be when there is none: why (e.g. the catalogue did not load). */
	readonly noCard?: string;
}

/** The answer, section after section with a blank line between. */
export function answerLines(
	advice: Advice,
	card: RecommendationCard | null,
	width: number,
	options: AnswerLineOptions,
): PresentLine[] {
	const sections = answerSections(advice, card, width);
	const noCard = options.noCard === undefined ? [] : wrap(options.noCard, width).map((text) => line(text, 'bad'));
	const parts = [
		options.withWorkload ? sections.workload : [],
		card ? sections.card : noCard,
		orderAndTable(advice, sections, width),
		sections.notes,
	].filter((part) => part.length > 0);
	return parts.flatMap((part, index) => (index === 0 ? part : [blank, ...part]));
}
