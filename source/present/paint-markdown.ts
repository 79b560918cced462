// The Markdown painter: the same lines every face shows, built unwrapped, with roles mapped to syntax
// (a heading to `##`, a step's verdict and title to bold, hanging indents to a list's continuation). Pure.

import {type Piece, type PresentLine, unwrapped} from './lines.js';

function pieceText(piece: Piece, index: number): string {
	switch (piece.role) {
		case 'verdict':
			return `**[${piece.text}]**`;
		case 'title':
			return `**${piece.text}**`;
		case 'marker':
			return `${piece.text.trim()} `;
		case 'indent':
			// A hanging indent: a list's continuation (or a sub-item, "- "); padding inside a line: one space.
			if (index > 0) return ' ';
			return piece.text.trim() === '-' ? '   - ' : piece.text.length > 0 ? '   ' : '';
		default:
			return piece.text.replaceAll('|', '\\|');
	}
}

/** One Markdown line; a heading line becomes `## heading` and a blank line. */
export function markdownLine(row: PresentLine): string {
	if (row.length === 1 && row[0]?.role === 'heading') return `## ${row[0].text}\n`;
	return row.map(pieceText).join('');
}

/** A section as Markdown: `build` lays it out unwrapped, each line painted. */
export function markdownSection(build: (width: number) => readonly PresentLine[]): string[] {
	return [...build(unwrapped).map(markdownLine), ''];
}
