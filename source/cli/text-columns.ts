// Columns of plain text that fit a width: the least important columns are dropped first, then the
// first column is shortened (with `~`) as a last resort: present/bandwidth-table.ts's rule for any rows. Pure.

import {pad} from '../present/bandwidth-table.js';

export interface TextColumn<Row> {
	readonly header: string;
	readonly align: 'left' | 'right';
	/** Lower is kept longer; the first column should be 0. */
	readonly priority: number;
	readonly cell: (row: Row) => string;
}

export interface FittedColumns<Row> {
	readonly header: string;
	readonly line: (row: Row) => string;
}

export function fitColumns<Row>(
	rows: readonly Row[],
	columns: readonly TextColumn<Row>[],
	width: number,
	indent = '  ',
): FittedColumns<Row> {
	const gap = width >= 100 ? '  ' : ' ';
	const cells = new Map(columns.map((column) => [column, rows.map((row) => column.cell(row))]));
	const widthOf = (column: TextColumn<Row>): number =>
		Math.max(column.header.length, ...(cells.get(column) ?? []).map((text) => text.length));
	const total = (list: readonly TextColumn<Row>[]): number =>
		indent.length + list.reduce((sum, column) => sum + widthOf(column), 0) + gap.length * (list.length - 1);
	let chosen = [...columns];
	while (total(chosen) > width && chosen.length > 2) {
		const drop = chosen.reduce((worst, column) => (column.priority > worst.priority ? column : worst));
		chosen = chosen.filter((column) => column !== drop);
	}

	const widths = new Map(chosen.map((column) => [column, widthOf(column)]));
	const first = chosen[0];
	const overflow = total(chosen) - width;
	if (first && overflow > 0) {
		widths.set(first, Math.max(8, widthOf(first) - overflow));
	}

	const fit = (text: string, column: TextColumn<Row>): string => {
		const room = widths.get(column) ?? text.length;
		return pad(text.length > room ? `${text.slice(0, room - 1)}~` : text, room, column.align);
	};
	const join = (texts: readonly string[]): string => `${indent}${texts.join(gap)}`.trimEnd();
	const index = new Map(rows.map((row, position) => [row, position]));
	return {
		header: join(chosen.map((column) => fit(column.header, column))),
		line: (row) =>
			join(chosen.map((column) => fit(cells.get(column)?.[index.get(row) ?? -1] ?? column.cell(row), column))),
	};
}
