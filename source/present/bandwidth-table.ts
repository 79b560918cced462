// The measured-versus-published table as a model both faces lay out (bandwidth-table-lines.ts as text, the
// Ink BandwidthTable on screen): which columns fit a width (dropped from the least important up), each
// cell's text (derived figures marked `*`), rows grouped under a line per cloud, and the legend. Pure.

import {barFraction, publishedKindLabel} from '../advice/bandwidth-table.js';
import type {BandwidthRow} from '../domain/types.js';
import {barCells, formatFixed, formatGbps} from './format.js';
import {cloudLabels, kindLabels} from './labels.js';
import {wrap} from './wrap.js';

export const bandwidthTableTitle = 'Measured versus published bandwidth';

export type ColumnId =
	| 'shape'
	| 'placement'
	| 'source'
	| 'single'
	| 'aggregate'
	| 'published'
	| 'kind'
	| 'percent'
	| 'bar'
	| 'rtt'
	| 'jitter'
	| 'price';

export interface TableColumn {
	readonly id: ColumnId;
	readonly header: string;
	readonly align: 'left' | 'right';
	readonly width: number;
}

export interface TableCell {
	readonly id: ColumnId;
	/** Padded to the column's width (the bar cell: blank, see `bar`). */
	readonly text: string;
}

export type TableLine =
	| {readonly kind: 'group'; readonly text: string}
	| {
			readonly kind: 'row';
			/** Unique within the table (rows of one cell can repeat: several probes). */
			readonly key: string;
			readonly row: BandwidthRow;
			readonly cells: readonly TableCell[];
			/** Measured against published in cells (null: nothing to compare). */
			readonly bar: {readonly filled: number; readonly empty: number} | null;
	  };

export interface BandwidthTableLayout {
	readonly indent: string;
	readonly gap: string;
	readonly columns: readonly TableColumn[];
	/** The header line, indent included, trailing spaces trimmed. */
	readonly header: string;
	readonly lines: readonly TableLine[];
	readonly legend: readonly string[];
}

interface ColumnSpec {
	readonly id: ColumnId;
	readonly header: string;
	readonly align: 'left' | 'right';
	/** Lower is kept longer. */
	readonly priority: number;
	readonly cell: (row: BandwidthRow) => string;
}

/** Bar length: 10 cells on wide terminals, 8 below 100 columns. */
function barWidthFor(width: number): number {
	return width >= 100 ? 10 : 8;
}

function isDerived(row: BandwidthRow, field: string): boolean {
	return row.derived?.includes(field) ?? false;
}

/** One cell's text outside a laid-out table (e.g. a Markdown export): the aggregate without its stream count. */
export function bandwidthCellText(row: BandwidthRow, id: Exclude<ColumnId, 'bar'>): string {
	const spec = specs([row], 100).find((column) => column.id === id);
	return spec ? spec.cell(row) : '';
}

/** "ref", "probe" (probexN: the median of N runs), "imp" (netplace explain --save). */
function sourceCell(row: BandwidthRow): string {
	if (row.source === 'probe') return `probe${(row.runs ?? 1) > 1 ? `x${row.runs}` : ''}`;
	return row.source === 'imported' ? 'imp' : 'ref';
}

function specs(rows: readonly BandwidthRow[], width: number): ColumnSpec[] {
	const streamCounts = new Set(rows.map((row) => row.streams));
	const only = streamCounts.size === 1 ? [...streamCounts][0] : undefined;
	const list = [...measuredColumns(only), ...publishedColumns(), ...pathAndPriceColumns(barWidthFor(width))];
	if (rows.some((row) => row.source !== 'reference')) {
		list.splice(2, 0, {
			id: 'source',
			header: 'src',
			align: 'left',
			priority: 4.5,
			cell: sourceCell,
		});
	}

	return list;
}

/** Shape, placement and what it carries: one flow, and many (`only`: the one stream count every row has). */
function measuredColumns(only: number | undefined): ColumnSpec[] {
	return [
		{id: 'shape', header: 'shape', align: 'left', priority: 0, cell: (row) => row.shape},
		{id: 'placement', header: 'placement', align: 'left', priority: 1, cell: (row) => row.placement},
		{
			id: 'single',
			header: 'single',
			align: 'right',
			priority: 2,
			cell: (row) => formatGbps(row.singleFlowGbps, isDerived(row, 'singleFlowGbps')),
		},
		{
			id: 'aggregate',
			header: only === undefined ? 'multi' : `${only}-stream`,
			align: 'right',
			priority: 3,
			cell: (row) =>
				`${formatGbps(row.aggregateGbps, isDerived(row, 'aggregateGbps'))}${only === undefined ? `/${row.streams}` : ''}`,
		},
	];
}

/** The published figure, its kind and the share of it measured. */
function publishedColumns(): ColumnSpec[] {
	return [
		{
			id: 'published',
			header: 'publ.',
			align: 'right',
			priority: 5,
			cell: (row) => formatGbps(row.publishedGbps, isDerived(row, 'publishedGbps')),
		},
		{id: 'kind', header: 'kind', align: 'left', priority: 6.5, cell: (row) => kindLabels[row.publishedKind]},
		{
			id: 'percent',
			header: '%publ',
			align: 'right',
			priority: 4,
			cell: (row) => formatFixed(row.percentOfPublished, 1),
		},
	];
}

/** The bar (drawn by the face), round trip, jitter and price. */
function pathAndPriceColumns(barWidth: number): ColumnSpec[] {
	return [
		{id: 'bar', header: 'measured', align: 'left', priority: 6, cell: () => ' '.repeat(barWidth)},
		{id: 'rtt', header: 'RTT ms', align: 'right', priority: 7, cell: (row) => formatFixed(row.rttMs, 3)},
		{id: 'jitter', header: 'jitter', align: 'right', priority: 10, cell: (row) => formatFixed(row.jitterMs, 3)},
		{id: 'price', header: '$/h', align: 'right', priority: 9, cell: (row) => formatFixed(row.pricePerHour, 4)},
	];
}

export function pad(text: string, width: number, align: 'left' | 'right'): string {
	const room = Math.max(0, width - text.length);
	return align === 'left' ? `${text}${' '.repeat(room)}` : `${' '.repeat(room)}${text}`;
}

/** The table laid out for `width` columns (shapes are shortened with `~` as a last resort). */
export function layoutBandwidthTable(rows: readonly BandwidthRow[], width: number): BandwidthTableLayout {
	const indent = '  ';
	const gap = width >= 100 ? '  ' : ' ';
	const {columns, cells} = fittedColumns(rows, width, indent, gap);
	const header = `${indent}${columns.map((column) => pad(column.header, column.width, column.align)).join(gap)}`;
	const lines = tableLines(rows, columns, cells, width);
	return {indent, gap, columns, header: header.trimEnd(), lines, legend: legend(rows, columns, width)};
}

type CellTexts = ReadonlyMap<ColumnId, readonly string[]>;

/** The columns that fit: the least important dropped first (three stay), then the shape column shortened. */
function fittedColumns(
	rows: readonly BandwidthRow[],
	width: number,
	indent: string,
	gap: string,
): {columns: TableColumn[]; cells: CellTexts} {
	let chosen = specs(rows, width);
	const cells = new Map(chosen.map((column) => [column.id, rows.map((row) => column.cell(row))]));
	const widthOf = (column: ColumnSpec): number =>
		Math.max(column.header.length, ...(cells.get(column.id) ?? []).map((text) => text.length));
	const total = (list: readonly ColumnSpec[]): number =>
		indent.length + list.reduce((sum, column) => sum + widthOf(column), 0) + gap.length * (list.length - 1);
	while (total(chosen) > width && chosen.length > 3) {
		const drop = chosen.reduce((worst, column) => (column.priority > worst.priority ? column : worst));
		chosen = chosen.filter((column) => column !== drop);
	}

	const widths = new Map(chosen.map((column) => [column.id, widthOf(column)]));
	const overflow = total(chosen) - width;
	if (overflow > 0) widths.set('shape', Math.max(8, (widths.get('shape') ?? 0) - overflow));
	const columns = chosen.map((column) => ({
		id: column.id,
		header: column.header,
		align: column.align,
		width: widths.get(column.id) ?? 0,
	}));
	return {columns, cells};
}

/** A group line per cloud, then its rows: each cell fitted to its column, and the bar's cells. */
function tableLines(
	rows: readonly BandwidthRow[],
	columns: readonly TableColumn[],
	cells: CellTexts,
	width: number,
): TableLine[] {
	const fit = (text: string, room: number): string => (text.length > room ? `${text.slice(0, room - 1)}~` : text);
	const barColumn = columns.find((column) => column.id === 'bar');
	const lines: TableLine[] = [];
	let cloud: string | undefined;
	rows.forEach((row, index) => {
		if (row.cloud !== cloud) {
			cloud = row.cloud;
			lines.push({kind: 'group', text: `${cloudLabels[row.cloud]}${row.region ? ` (${row.region})` : ''}`});
		}

		const fraction = barFraction(row);
		lines.push({
			kind: 'row',
			key: `${row.cloud}/${row.shape}/${row.placement}/${row.source}/${index}`,
			row,
			cells: columns.map((column) => ({
				id: column.id,
				text: pad(fit(cells.get(column.id)?.[index] ?? '', column.width), column.width, column.align),
			})),
			bar: barColumn && fraction !== null ? barCells(fraction, barWidthFor(width)) : null,
		});
	});
	return lines;
}

function legend(rows: readonly BandwidthRow[], columns: readonly TableColumn[], width: number): string[] {
	const ids = new Set(columns.map((column) => column.id));
	const parts: string[] = ['Gbps.'];
	if (rows.some((row) => (row.derived?.length ?? 0) > 0)) parts.push("* derived from the study's percentages.");
	if (ids.has('bar')) parts.push('measured: best of single and multi against published.');
	const latest = rows
		.filter((row) => row.source === 'probe')
		.flatMap((row) => row.dates ?? [])
		.sort()
		.at(-1);
	if (rows.some((row) => row.source === 'probe')) {
		parts.push(
			`probe: one row per cell, the median of its complete runs (probexN: N runs${latest ? `; latest ${latest.slice(0, 16).replace('T', ' ')}` : ''}; ids and dates: netplace results list).`,
		);
	}

	if (rows.some((row) => row.source === 'imported'))
		parts.push('imp: measured elsewhere, kept with netplace explain --save (a probe of the cell stands over it).');

	if (ids.has('kind')) {
		const kinds = [...new Set(rows.map((row) => row.publishedKind))];
		parts.push(`kind: ${kinds.map((kind) => `${kindLabels[kind]} = ${publishedKindLabel(kind)}`).join('; ')}.`);
	} else {
		parts.push('published figures differ in kind (netplace table --json: publishedKind).');
	}

	return wrap(parts.join(' '), width);
}
