// The recommendation card as lines for a width: both the Ink card and plain text lay these out, and
// the result screen scrolls over them. Narrow terminals (60 columns) get the footing under its figure's
// line rather than a cut one. Pure.

import type {PresentLine} from './lines.js';
import type {CardFigure, ConfigurationRow, RecommendationCard} from './recommendation-card.js';
import {wrap} from './wrap.js';

export type LineTone = 'heading' | 'good' | 'bad' | 'warning' | 'muted' | 'plain' | 'accent';

export interface CardLine {
	readonly text: string;
	readonly tone: LineTone;
}

const labelWidth = 22;
const indent = '  ';

function wrapped(text: string, width: number, tone: LineTone, first = indent, rest = `${indent}  `): CardLine[] {
	const lines = wrap(text, Math.max(10, width - rest.length));
	return lines.map((line, index) => ({text: `${index === 0 ? first : rest}${line}`, tone}));
}

function figureTone(figure: CardFigure): LineTone {
	if (figure.value.endsWith('✓')) return 'good';
	if (figure.value.endsWith('✗')) return 'bad';
	return 'plain';
}

function figureLines(figure: CardFigure, width: number): CardLine[] {
	const footing = figure.footing ? `  ${figure.footing}` : '';
	const predicted = figure.predicted ? ` (model said ${figure.predicted})` : '';
	const head = `${indent}${figure.label.padEnd(labelWidth)}`;
	const whole = `${head}${figure.value}${predicted}${footing}`;
	if (whole.length <= width) return [{text: whole, tone: figureTone(figure)}];
	// Too long for one line: the value on the label's line, then the rest under it.
	const under = ' '.repeat(head.length);
	const rest = `${predicted.trim()}${footing}`.trim();
	return [
		...wrapped(figure.value, width, figureTone(figure), head, under),
		...(rest === '' ? [] : wrapped(rest, width, 'muted', under, under)),
	];
}

/** "2. gcp c4a-standard-16 — 40.00 Gbps · $0.700/h", then its setup and why, indented. */
export function rowLines(row: ConfigurationRow, width: number, withWhy: boolean): CardLine[] {
	const head = `${indent}${row.rank}. `;
	const under = ' '.repeat(head.length);
	const lines = [
		...wrapped(`${row.title} — ${row.aggregate} · ${row.price}`, width, 'plain', head, under),
		...wrapped(`${row.setup} · ${row.limit} · ${row.perGbpsHour} per Gbps-hour`, width, 'muted', under, under),
	];
	return withWhy && row.why !== '' ? [...lines, ...wrapped(row.why, width, 'muted', under, under)] : lines;
}

function headlineTone(card: RecommendationCard): LineTone {
	if (card.status === 'meets') return 'good';
	if (card.status === 'no-target') return 'accent';
	return 'warning';
}

/** The card: headline, what to use, its figures, why; then alternatives; then what does not meet it. */
export function cardLines(card: RecommendationCard, width: number): CardLine[] {
	const lines: CardLine[] = [{text: 'Recommendation', tone: 'heading'}];
	lines.push(...wrapped(card.headline, width, headlineTone(card), indent, indent));
	for (const need of card.needs) lines.push(...wrapped(need, width, 'warning', `${indent}→ `, `${indent}  `));
	if (card.pick) {
		for (const line of card.setup) lines.push(...wrapped(line, width, 'accent'));
		for (const figure of card.figures) lines.push(...figureLines(figure, width));
		if (card.pick.why !== '') lines.push(...wrapped(`why: ${card.pick.why}`, width, 'plain'));
		for (const basis of card.basis) lines.push(...wrapped(basis, width, 'muted', `${indent}· `, `${indent}  `));
	}

	if (card.alternatives.length > 0) {
		lines.push(
			{text: '', tone: 'plain'},
			{text: card.status === 'meets' ? 'Also meets the target' : 'Alternatives', tone: 'heading'},
		);
		for (const row of card.alternatives) lines.push(...rowLines(row, width, false));
	}

	if (card.notMeeting.length > 0) {
		lines.push(
			{text: '', tone: 'plain'},
			{text: card.status === 'unreachable' ? 'Next closest' : 'Does not meet the target', tone: 'heading'},
		);
		for (const row of card.notMeeting) lines.push(...rowLines(row, width, true));
	}

	return lines;
}

/** The card as the answer's lines (each tone is the piece's role). */
export function cardSectionLines(card: RecommendationCard, width: number): PresentLine[] {
	return cardLines(card, width).map((row) => (row.text === '' ? [] : [{text: row.text, role: row.tone}]));
}
