// The Ink painter: a present/ line with each piece's role as a theme colour, as styled spans (a bar in
// block glyphs).

import type {Piece, PieceRole, PresentLine} from '../../present/lines.js';
import {type ThemeColor, theme} from '../../present/theme.js';
import type {Span, StyledLine} from './styled-lines.js';

const colours: Readonly<Record<PieceRole, ThemeColor>> = {
	heading: theme.text.heading,
	good: theme.status.success,
	bad: theme.status.error,
	warning: theme.status.warning,
	muted: theme.text.muted,
	accent: theme.text.accent,
	plain: undefined,
	indent: undefined,
	marker: undefined,
	verdict: undefined,
	title: undefined,
	label: undefined,
	column: theme.text.muted,
	cell: undefined,
	gap: undefined,
	group: undefined,
	bar: undefined,
};

const bold: ReadonlySet<PieceRole> = new Set(['heading', 'verdict', 'title', 'group']);

function barSpans(piece: Piece): Span[] {
	const {filled, empty} = piece.bar ?? {filled: 0, empty: 0};
	return [
		{text: '█'.repeat(filled), color: theme.bar.filled},
		{text: '░'.repeat(empty), color: theme.bar.empty},
		{text: ' '.repeat(Math.max(0, piece.text.length - filled - empty))},
	];
}

export function styledLine(row: PresentLine): StyledLine {
	return row.flatMap((piece): Span[] => {
		if (piece.role === 'bar') return barSpans(piece);
		const color =
			piece.role === 'verdict' && piece.verdict !== undefined ? theme.verdict[piece.verdict] : colours[piece.role];
		return [{text: piece.text, color, bold: bold.has(piece.role)}];
	});
}

export function styledLines(rows: readonly PresentLine[]): StyledLine[] {
	return rows.map(styledLine);
}
