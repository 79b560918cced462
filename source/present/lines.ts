// The answer's sections as lines of pieces, each piece with a role: what the faces paint. A section is
// built once, here, for a width (the Markdown face asks for an unbounded one: a line per paragraph); the
// ANSI text painter, the Ink painter and the Markdown painter only map roles to colours or syntax. Pure.

import type {Verdict} from '../domain/types.js';

/** What a piece of text is: painters map it to a colour (ANSI, Ink) or to syntax (Markdown). */
export type PieceRole =
	| 'heading'
	| 'plain'
	| 'muted'
	| 'good'
	| 'bad'
	| 'warning'
	| 'accent'
	/** Leading blanks a wrapped line hangs from (Markdown drops them). */
	| 'indent'
	/** A list marker ("- ", " 3. "). */
	| 'marker'
	/** A step's verdict label: painted in the verdict's colour. */
	| 'verdict'
	/** A step's title. */
	| 'title'
	/** A figure's name before its value (padded to the figures' column). */
	| 'label'
	/** A table's column header (padded to its column). */
	| 'column'
	/** A table cell (padded to its column). */
	| 'cell'
	/** Blanks between a table's columns. */
	| 'gap'
	/** A line grouping the table rows under it (a cloud). */
	| 'group'
	/** A bar of `bar.filled` and `bar.empty` cells; the piece's text is its blank cell. Each face picks glyphs. */
	| 'bar';

export interface Piece {
	readonly text: string;
	readonly role: PieceRole;
	/** For `verdict` pieces. */
	readonly verdict?: Verdict;
	/** For `bar` pieces: cells filled and empty (the rest of the text's width is blank). */
	readonly bar?: {readonly filled: number; readonly empty: number};
}

/** One row: pieces side by side (none: a blank row). */
export type PresentLine = readonly Piece[];

export const blank: PresentLine = [];

export function line(text: string, role: PieceRole = 'plain'): PresentLine {
	return [{text, role}];
}

/** The line's text, pieces joined (what a plain painter shows). */
export function lineText(row: PresentLine): string {
	return row.map((piece) => piece.text).join('');
}

/** Width for a face that does not wrap (Markdown): one line per paragraph. */
export const unwrapped = Number.MAX_SAFE_INTEGER;
