// The recommendation card as the answer's lines, for every face: the headline, what to use, its figures
// with their footing, why and the basis; then the alternatives and what does not meet the target. Narrow
// terminals (60 columns) get the footing under its figure's line rather than a cut one. The Ink card, the
// text output and the Markdown export paint these; the result screen scrolls over them. Pure.

import {missing} from './format.js';
import {blank, line, type PieceRole, type PresentLine} from './lines.js';
import type {CardFigure, ConfigurationRow, RecommendationCard} from './recommendation-card.js';
import {wrap} from './wrap.js';

const labelWidth = 22;
/** What the missing mark means, under a card that shows it. */
export const missingLegend = `"${missing}" is unknown: no source gives the figure, and none is guessed`;
const indent = '  ';

/**
 * `text` wrapped after `first` (a `marker` when it starts an item, else an `indent`), the other lines
 * hanging after `rest`.
 */
function hanging(
	text: string,
	width: number,
	role: PieceRole,
	first: {readonly text: string; readonly role: 'marker' | 'indent'},
	rest = `${indent}  `,
): PresentLine[] {
	const parts = wrap(text, Math.max(10, width - Math.max(first.text.length, rest.length)));
	return parts.map(
		(part, index): PresentLine => [index === 0 ? first : {text: rest, role: 'indent'}, {text: part, role}],
	);
}

const item = (text = indent) => ({text, role: 'marker' as const});

function figureRole(figure: CardFigure): PieceRole {
	if (figure.value.endsWith('✓')) return 'good';
	if (figure.value.endsWith('✗')) return 'bad';
	return 'plain';
}

function figureLines(figure: CardFigure, width: number): PresentLine[] {
	const footing = figure.footing ? `  ${figure.footing}` : '';
	const predicted = figure.predicted ? ` (model said ${figure.predicted})` : '';
	const label = figure.label.padEnd(labelWidth);
	const head: PresentLine = [item(), {text: label, role: 'label'}];
	if (indent.length + label.length + figure.value.length + predicted.length + footing.length <= width) {
		return [
			[
				...head,
				{text: figure.value, role: figureRole(figure)},
				...(predicted === '' ? [] : [{text: predicted, role: 'muted' as const}]),
				...(footing === '' ? [] : [{text: footing, role: 'muted' as const}]),
			],
		];
	}

	// Too long for one line: the value on the label's line, then the rest under it.
	const under = ' '.repeat(indent.length + label.length);
	const room = Math.max(10, width - under.length);
	const [first = '', ...more] = wrap(figure.value, room);
	const rest = `${predicted.trim()}${footing}`.trim();
	return [
		[...head, {text: first, role: figureRole(figure)}],
		...more.map(
			(part): PresentLine => [
				{text: under, role: 'indent'},
				{text: part, role: figureRole(figure)},
			],
		),
		...wrap(rest, room).map(
			(part): PresentLine => [
				{text: under, role: 'indent'},
				{text: part, role: 'muted'},
			],
		),
	];
}

/** A row's price; when unknown, named beside the mark. */
function priceOf(row: ConfigurationRow): string {
	return row.price === missing ? `price ${missing}` : row.price;
}

/** "2. gcp c4a-standard-16 — 40.00 Gbps · $0.700/h", then its setup and why, indented. */
export function rowLines(row: ConfigurationRow, width: number, withWhy: boolean): PresentLine[] {
	const marker = `${indent}${row.rank}. `;
	const under = ' '.repeat(marker.length);
	const detail = {text: under, role: 'indent' as const};
	const lines = [
		...hanging(`${row.title} — ${row.aggregate} · ${priceOf(row)}`, width, 'plain', item(marker), under),
		...hanging(`${row.setup} · ${row.limit} · ${row.perGbpsHour} per Gbps-hour`, width, 'muted', detail, under),
	];
	return withWhy && row.why !== '' ? [...lines, ...hanging(row.why, width, 'muted', detail, under)] : lines;
}

function headlineRole(card: RecommendationCard): PieceRole {
	if (card.status === 'meets') return 'good';
	if (card.status === 'no-target') return 'accent';
	return 'warning';
}

function pickLines(card: RecommendationCard, width: number): PresentLine[] {
	if (!card.pick) return [];
	return [
		...card.setup.flatMap((text) => hanging(text, width, 'accent', item())),
		...card.figures.flatMap((figure) => figureLines(figure, width)),
		...(card.pick.why === '' ? [] : hanging(`why: ${card.pick.why}`, width, 'plain', item())),
		...card.basis.flatMap((text) => hanging(text, width, 'muted', item(`${indent}· `))),
	];
}

function rowsSection(title: string, rows: readonly ConfigurationRow[], width: number, withWhy: boolean) {
	if (rows.length === 0) return [];
	return [blank, line(title, 'heading'), ...rows.flatMap((row) => rowLines(row, width, withWhy))];
}

/** Whether any figure on the card is unknown (shown as the missing mark). */
function hasMissing(card: RecommendationCard): boolean {
	const rows = [...(card.pick ? [card.pick] : []), ...card.alternatives, ...card.notMeeting];
	const values = [
		...card.figures.map((figure) => figure.value),
		...rows.flatMap((row) => [row.aggregate, row.singleFlow, row.price, row.perGbpsHour]),
	];
	return values.some((value) => value === missing || value.startsWith(`${missing} `));
}

/** The card: headline, what to use, its figures, why; then alternatives; then what does not meet it. */
export function cardLines(card: RecommendationCard, width: number): PresentLine[] {
	return [
		line('Recommendation', 'heading'),
		...hanging(card.headline, width, headlineRole(card), {text: indent, role: 'indent'}, indent),
		...card.needs.flatMap((need) => hanging(need, width, 'warning', item(`${indent}→ `))),
		...pickLines(card, width),
		...rowsSection(card.status === 'meets' ? 'Also meets the target' : 'Alternatives', card.alternatives, width, false),
		...rowsSection(
			card.status === 'unreachable' ? 'Next closest' : 'Does not meet the target',
			card.notMeeting,
			width,
			true,
		),
		...(card.unpriced === null
			? []
			: [blank, ...hanging(card.unpriced, width, 'muted', {text: '', role: 'indent'}, '')]),
		...(hasMissing(card) ? [blank, ...hanging(missingLegend, width, 'muted', {text: '', role: 'indent'}, '')] : []),
	];
}
