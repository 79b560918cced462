// The Markdown painter: the same lines every face shows, built unwrapped, with roles mapped to syntax: a
// heading to `##`, a marker to a list item, a hanging indent to the item's continuation, a step's verdict
// and title and a good or bad figure to bold, a figure's label to "label:", a table's columns, cells and
// groups to a pipe table. Pure.

import {type Piece, type PresentLine, unwrapped} from './lines.js';

function escaped(text: string): string {
	return text.replaceAll('|', '\\|');
}

/** "3." stays a numbered item; any other marker ("·", "→", "-", blanks) is a bullet. */
function marker(text: string): string {
	const trimmed = text.trim();
	return /^\d+\.$/.test(trimmed) ? `${trimmed} ` : '- ';
}

function pieceText(piece: Piece, index: number): string {
	switch (piece.role) {
		case 'verdict':
			return `**[${piece.text}]**`;
		case 'title':
		case 'good':
		case 'bad':
		case 'warning':
			return `**${escaped(piece.text)}**`;
		case 'marker':
			return marker(piece.text);
		case 'label':
			return `${escaped(piece.text.trim())}: `;
		case 'indent':
			// A hanging indent: a list's continuation (or a sub-item, "- "); padding inside a line: one space.
			if (index > 0) return ' ';
			return piece.text.trim() === '-' ? '   - ' : piece.text.length > 0 ? '   ' : '';
		default:
			return escaped(piece.text);
	}
}

const tableRoles: ReadonlySet<Piece['role']> = new Set(['column', 'cell', 'bar']);

function isTableLine(row: PresentLine): boolean {
	return row.some((piece) => tableRoles.has(piece.role));
}

function barText(piece: Piece): string {
	const {filled, empty} = piece.bar ?? {filled: 0, empty: 0};
	return `${'█'.repeat(filled)}${'░'.repeat(empty)}`;
}

/** A table line as a pipe row: its cells, trimmed; after the column headers, the rule. */
function tableRow(row: PresentLine): string[] {
	const cells = row.filter((piece) => tableRoles.has(piece.role));
	const texts = cells.map((piece) => (piece.role === 'bar' ? barText(piece) : escaped(piece.text.trim())));
	const pipe = `| ${texts.join(' | ')} |`;
	return row.some((piece) => piece.role === 'column') ? [pipe, `| ${texts.map(() => '---').join(' | ')} |`] : [pipe];
}

/** One Markdown line (outside a table); a heading line becomes `## heading` and a blank line. */
export function markdownLine(row: PresentLine): string {
	if (row.length === 1 && row[0]?.role === 'heading') return `## ${row[0].text}\n`;
	if (row.length === 1 && row[0]?.role === 'group') return `**${escaped(row[0].text)}**`;
	return row.map(pieceText).join('');
}

/** Lines as Markdown: table lines as a pipe table (a group line in it: a row of its own), a blank line after. */
export function markdownLines(rows: readonly PresentLine[]): string[] {
	const out: string[] = [];
	let columns = 0;
	rows.forEach((row, index) => {
		const next = rows[index + 1];
		const inTable = columns > 0 && next !== undefined && isTableLine(next);
		if (isTableLine(row)) {
			// A table starts a block of its own: never part of the paragraph or list item above it.
			const above = out.at(-1);
			if (columns === 0 && above !== undefined && above !== '' && !above.endsWith('\n')) out.push('');
			out.push(...tableRow(row));
			columns = row.filter((piece) => tableRoles.has(piece.role)).length;
			if (next === undefined || !(isTableLine(next) || next[0]?.role === 'group')) {
				out.push('');
				columns = 0;
			}
		} else if (row[0]?.role === 'group' && inTable) {
			out.push(`| **${escaped(row[0].text)}** |${' |'.repeat(columns - 1)}`);
		} else {
			out.push(markdownLine(row));
		}
	});
	return out;
}

/** A section as Markdown: `build` lays it out unwrapped, each line painted. */
export function markdownSection(build: (width: number) => readonly PresentLine[]): string[] {
	return [...markdownLines(build(unwrapped)), ''];
}
