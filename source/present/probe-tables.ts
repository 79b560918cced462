// A probe run's two tables as the answer's lines (cells with roles, so the text, Ink and Markdown faces each
// paint them): a row per placement pair (its valid figures, as the advice reads them) and, under each pair, a
// row per test. The test table is wide (120 columns and more) with every figure; narrower it keeps what a
// verdict reads (Gbps, retransmits, CPU, what bound it, validity) so a row never wraps at 80 columns; where a
// row would still run past the width (60 columns), validity goes on a line under its row. Unknown is the one
// missing mark (format.ts). Pure.

import {streamsConclusion} from '../probe/sweep.js';
import type {PairResult, ProbeRun, StreamResult} from '../probe/types.js';
import {validityLabel, validityOf, validResults} from '../probe/validity.js';
import {formatFixed, formatGbps, formatMs, missing} from './format.js';
import type {Piece, PresentLine} from './lines.js';

/** Widths from this many columns get every figure of a test. */
export const wideTableColumns = 120;
/** Widths from this many columns get every figure of a pair. */
export const widePairColumns = 90;

interface Column<Row> {
	readonly header: string;
	/** Fixed width (the test table); none: as wide as its widest text (the pair table). */
	readonly width?: number;
	readonly wide: boolean;
	readonly align?: 'right';
	readonly cell: (row: Row) => string;
}

const gap = '  ';

/** A row of cells: each padded to its column (right-aligned where asked), the last left as it is. */
function tableRow<Row>(
	columns: readonly Column<Row>[],
	widths: readonly number[],
	texts: readonly string[],
	role: 'column' | 'cell',
	indent: string,
): PresentLine {
	const pieces: Piece[] = indent === '' ? [] : [{text: indent, role: 'indent'}];
	texts.forEach((text, index) => {
		if (index > 0) pieces.push({text: gap, role: 'gap'});
		const width = index === texts.length - 1 ? 0 : (widths[index] ?? 0);
		pieces.push({text: columns[index]?.align === 'right' ? text.padStart(width) : text.padEnd(width), role});
	});
	return pieces;
}

const lineLength = (row: PresentLine): number => row.reduce((sum, piece) => sum + piece.text.length, 0);

/** "99/41% BOUND": both ends' iperf3 CPU. */
export const cpuText = (result: StreamResult): string =>
	result.cpu?.client === null || result.cpu?.client === undefined
		? missing
		: `${Math.round(result.cpu.client)}/${Math.round(result.cpu.server ?? 0)}%${result.cpu.bound ? ' BOUND' : ''}`;

const perStreamText = (result: StreamResult): string =>
	result.perStream
		? `${formatFixed(result.perStream.meanGbps, 3)} (${formatFixed(result.perStream.spreadPercent, 0)}%)`
		: missing;

const testColumns: readonly Column<StreamResult>[] = [
	{header: 'streams', width: 7, wide: false, cell: (result) => String(result.streams)},
	{header: 'Gbps', width: 7, wide: false, cell: (result) => formatFixed(result.gbps, 3)},
	{header: 'min', width: 7, wide: true, cell: (result) => formatFixed(result.min, 3)},
	{header: 'max', width: 7, wide: true, cell: (result) => formatFixed(result.max, 3)},
	{header: 'samples', width: 7, wide: true, cell: (result) => String(result.samples)},
	{header: 'retr', width: 7, wide: false, cell: (result) => String(result.retransmits)},
	{header: 'TCP RTT ms', width: 10, wide: true, cell: (result) => formatFixed(result.tcpRttMs, 3)},
	{header: 'CPU c/s', width: 12, wide: false, cell: cpuText},
	{header: 'per stream (spread)', width: 20, wide: true, cell: perStreamText},
	{header: 'bound by', width: 12, wide: false, cell: (result) => result.limit ?? missing},
	{header: 'validity', width: 0, wide: false, cell: (result) => validityLabel(validityOf(result))},
];

/** The header and a row per test, indented under its pair, for a face `width` columns wide. */
export function testTableLines(results: readonly StreamResult[], width: number): PresentLine[] {
	const shown = testColumns.filter((column) => width >= wideTableColumns || !column.wide);
	const widths = shown.map((column) => column.width ?? 0);
	const rows = results.map((result) => shown.map((column) => column.cell(result)));
	const header = shown.map((column) => column.header);
	const lines = [
		tableRow(shown, widths, header, 'column', '  '),
		...rows.map((row) => tableRow(shown, widths, row, 'cell', '  ')),
	];
	if (lines.every((row) => lineLength(row) <= width)) return lines;
	const kept = shown.slice(0, -1);
	const under = (row: readonly string[]): PresentLine => [
		{text: '    ', role: 'indent'},
		{text: `${header.at(-1) ?? ''}: ${row.at(-1) ?? ''}`, role: 'plain'},
	];
	return [
		tableRow(kept, widths, header.slice(0, -1), 'column', '  '),
		...rows.flatMap((row) => [tableRow(kept, widths, row.slice(0, -1), 'cell', '  '), under(row)]),
	];
}

function percentText(pair: PairResult): string {
	if (pair.percentOfPublished === null) return missing;
	const of = pair.published.kind === 'lab-cap' ? 'lab cap' : 'published';
	return `${pair.percentOfPublished.toFixed(1)}% of ${of}`;
}

/** The pair's cells from its valid tests only (validity.ts), through the conclusion the advice reads (sweep.ts). */
const pairColumns: readonly Column<PairResult>[] = [
	{header: 'placement', wide: false, cell: (pair) => pair.placement},
	{header: '1 flow', wide: false, align: 'right', cell: (pair) => formatGbps(conclusion(pair).single?.gbps)},
	{
		header: 'aggregate',
		wide: false,
		align: 'right',
		cell: (pair) => {
			const {aggregate} = conclusion(pair);
			return aggregate ? `${formatGbps(aggregate.gbps)} (${aggregate.streams})` : missing;
		},
	},
	{header: '1/agg', wide: false, align: 'right', cell: (pair) => formatFixed(pair.perFlowCeiling.singleToAggregate, 2)},
	{header: '% of', wide: false, align: 'right', cell: percentText},
	{
		header: 'RTT med/avg/mdev ms',
		wide: true,
		align: 'right',
		cell: (pair) =>
			pair.rtt ? `${formatMs(pair.rtt.medianMs)}/${formatMs(pair.rtt.avgMs)}/${formatMs(pair.rtt.mdevMs)}` : missing,
	},
	{
		header: 'retr',
		wide: true,
		align: 'right',
		cell: (pair) => pair.results.map((result) => String(result.retransmits)).join('/') || missing,
	},
];

function conclusion(pair: PairResult) {
	return streamsConclusion(validResults(pair.results));
}

/** A pair's cells by column header (what the Ink screen's tests read). */
export function pairTableCells(pair: PairResult): Record<string, string> {
	return Object.fromEntries(pairColumns.map((column) => [column.header, column.cell(pair)]));
}

/** The header and a row per placement pair; narrower than `widePairColumns`, without RTT and retransmits. */
export function pairTableLines(run: ProbeRun, width: number): PresentLine[] {
	const shown = pairColumns.filter((column) => width >= widePairColumns || !column.wide);
	const rows = run.pairs.map((pair) => shown.map((column) => column.cell(pair)));
	const header = shown.map((column) => column.header);
	const widths = header.map((text, index) => Math.max(text.length, ...rows.map((row) => (row[index] ?? '').length)));
	// The last column is right-aligned too: pad it here (tableRow leaves the last as it is).
	const padLast = (row: readonly string[]) =>
		row.map((text, index) => (index === row.length - 1 ? text.padStart(widths[index] ?? 0) : text));
	return [
		tableRow(shown, widths, padLast(header), 'column', ''),
		...rows.map((row) => tableRow(shown, widths, padLast(row), 'cell', '')),
	];
}
