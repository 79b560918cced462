// A small table as the answer's lines: column headers and rows of cells, each column as wide as its widest
// text. For the sections only a document shows (the Markdown export's answers and probe results). Pure.

import type {Piece, PresentLine} from './lines.js';

const indent = '  ';
const gap = '  ';

function tableLine(texts: readonly string[], widths: readonly number[], role: 'column' | 'cell'): PresentLine {
	const pieces: Piece[] = [{text: indent, role: 'indent'}];
	texts.forEach((text, index) => {
		if (index > 0) pieces.push({text: gap, role: 'gap'});
		const last = index === texts.length - 1;
		pieces.push({text: last ? text : text.padEnd(widths[index] ?? 0), role});
	});
	return pieces;
}

export function tableLines(header: readonly string[], rows: readonly (readonly string[])[]): PresentLine[] {
	const widths = header.map((text, index) => Math.max(text.length, ...rows.map((row) => (row[index] ?? '').length)));
	return [tableLine(header, widths, 'column'), ...rows.map((row) => tableLine(row, widths, 'cell'))];
}
