// The Ink painter: a present/ line with each piece's role as a theme colour, as styled spans.

import type {PieceRole, PresentLine} from '../../present/lines.js';
import {type ThemeColor, theme} from '../theme.js';
import type {StyledLine} from './styled-lines.js';

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
};

const bold: ReadonlySet<PieceRole> = new Set(['heading', 'verdict', 'title']);

export function styledLine(row: PresentLine): StyledLine {
	return row.map((piece) => ({
		text: piece.text,
		color: piece.role === 'verdict' && piece.verdict !== undefined ? theme.verdict[piece.verdict] : colours[piece.role],
		bold: bold.has(piece.role),
	}));
}

export function styledLines(rows: readonly PresentLine[]): StyledLine[] {
	return rows.map(styledLine);
}
