// The measured-versus-published table as plain text: lays out present/'s table model (columns that fit,
// cells, groups, legend) with ASCII bars and the text style's colours. Formats nothing itself.

import type {BandwidthRow} from '../domain/types.js';
import {layoutBandwidthTable, type TableLine} from '../present/bandwidth-table.js';
import type {TextStyle} from './text-style.js';

export interface TableTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

function rowText(line: Extract<TableLine, {kind: 'row'}>, gap: string, style: TextStyle): string {
	return line.cells
		.map((cell) => {
			if (cell.id !== 'bar' || line.bar === null) return cell.text;
			const {filled, empty} = line.bar;
			const rest = ' '.repeat(Math.max(0, cell.text.length - filled - empty));
			return `${style.barFilled('#'.repeat(filled))}${style.barEmpty('-'.repeat(empty))}${rest}`;
		})
		.join(gap);
}

/** The table as lines of text, at most `width` columns each. */
export function renderBandwidthTable(rows: readonly BandwidthRow[], options: TableTextOptions): string[] {
	const {width, style} = options;
	if (rows.length === 0) return ['(no rows for this scope)'];
	const layout = layoutBandwidthTable(rows, width);
	const lines = [style.muted(layout.header)];
	for (const line of layout.lines) {
		lines.push(
			line.kind === 'group' ? style.bold(line.text) : `${layout.indent}${rowText(line, layout.gap, style)}`.trimEnd(),
		);
	}

	return [...lines, ...layout.legend];
}
