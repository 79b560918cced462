// The measured-versus-published table as the answer's lines, for every face: the heading, the column
// headers, a line per cloud, a row per cell (its bar as a `bar` piece each face draws in its own glyphs),
// then the legend. The text face, the Ink face and the Markdown export paint these. Pure.

import type {BandwidthRow} from '../domain/types.js';
import {bandwidthTableTitle, layoutBandwidthTable, pad, type TableLine} from './bandwidth-table.js';
import {line, type Piece, type PresentLine} from './lines.js';

/** No blanks after a line's last column (a bar keeps its cells: the painter draws them). */
function trimmed(pieces: readonly Piece[]): PresentLine {
	const last = pieces.at(-1);
	if (last === undefined || last.role === 'bar') return pieces;
	return [...pieces.slice(0, -1), {...last, text: last.text.trimEnd()}];
}

function rowPieces(row: Extract<TableLine, {kind: 'row'}>, indent: string, gap: string): PresentLine {
	const pieces: Piece[] = [{text: indent, role: 'indent'}];
	row.cells.forEach((cell, index) => {
		if (index > 0) pieces.push({text: gap, role: 'gap'});
		pieces.push(
			cell.id === 'bar' && row.bar !== null
				? {text: cell.text, role: 'bar', bar: row.bar}
				: {text: cell.text, role: 'cell'},
		);
	});
	return pieces;
}

/** The table's lines without its heading (the `table` command and the sections below share them). */
export function bandwidthTableBody(rows: readonly BandwidthRow[], width: number): PresentLine[] {
	if (rows.length === 0) return [line('(no rows for this scope)', 'muted')];
	const layout = layoutBandwidthTable(rows, width);
	const header: Piece[] = [{text: layout.indent, role: 'indent'}];
	layout.columns.forEach((column, index) => {
		if (index > 0) header.push({text: layout.gap, role: 'gap'});
		header.push({text: pad(column.header, column.width, column.align), role: 'column'});
	});
	return [
		trimmed(header),
		...layout.lines.map((row) =>
			row.kind === 'group' ? line(row.text, 'group') : trimmed(rowPieces(row, layout.indent, layout.gap)),
		),
		...layout.legend.map((text) => line(text, 'muted')),
	];
}

/** The section: its heading, then the table. */
export function bandwidthTableLines(rows: readonly BandwidthRow[], width: number): PresentLine[] {
	return [line(bandwidthTableTitle, 'heading'), ...bandwidthTableBody(rows, width)];
}
