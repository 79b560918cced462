// The probe's results table as text (pure): one row per stream count. Wide (120 columns and more) it has every
// figure; narrower it keeps what a verdict reads (Gbps, retransmits, CPU, what bound it, validity) so a row
// never wraps at 80 columns.

import type {StreamResult} from './types.js';
import {validityLabel, validityOf} from './validity.js';

/** Widths from this many columns get every figure. */
export const wideTableColumns = 120;

interface Column {
	readonly header: string;
	readonly width: number;
	readonly wide: boolean;
	readonly cell: (result: StreamResult) => string;
}

export function fixed(value: number | null | undefined, digits: number): string {
	return value === null || value === undefined ? 'n/a' : value.toFixed(digits);
}

export const cpuText = (result: StreamResult): string =>
	result.cpu?.client === null || result.cpu?.client === undefined
		? 'n/a'
		: `${Math.round(result.cpu.client)}/${Math.round(result.cpu.server ?? 0)}%${result.cpu.bound ? ' BOUND' : ''}`;

const perStreamText = (result: StreamResult): string =>
	result.perStream ? `${fixed(result.perStream.meanGbps, 3)} (${fixed(result.perStream.spreadPercent, 0)}%)` : 'n/a';

const columns: readonly Column[] = [
	{header: 'streams', width: 7, wide: false, cell: (result) => String(result.streams)},
	{header: 'Gbps', width: 7, wide: false, cell: (result) => fixed(result.gbps, 3)},
	{header: 'min', width: 7, wide: true, cell: (result) => fixed(result.min, 3)},
	{header: 'max', width: 7, wide: true, cell: (result) => fixed(result.max, 3)},
	{header: 'samples', width: 7, wide: true, cell: (result) => String(result.samples)},
	{header: 'retr', width: 7, wide: false, cell: (result) => String(result.retransmits)},
	{header: 'TCP RTT ms', width: 10, wide: true, cell: (result) => fixed(result.tcpRttMs, 3)},
	{header: 'CPU c/s', width: 12, wide: false, cell: cpuText},
	{header: 'per stream (spread)', width: 20, wide: true, cell: perStreamText},
	{header: 'bound by', width: 12, wide: false, cell: (result) => result.limit ?? 'n/a'},
	{header: 'validity', width: 0, wide: false, cell: (result) => validityLabel(validityOf(result))},
];

/**
 * The header and one row per result, for a terminal `width` columns wide (no width: every column). Where a
 * row would still run past the width (60 columns), the last column (validity) goes on a line under its row (present/ wraps it).
 */
export function resultTable(results: readonly StreamResult[], width = Number.POSITIVE_INFINITY): string[] {
	const shown = columns.filter((column) => width >= wideTableColumns || !column.wide);
	const line = (cells: readonly string[]): string =>
		`  ${cells.map((cell, index) => cell.padEnd(shown[index]?.width ?? 0)).join('  ')}`.trimEnd();
	const headers = shown.map((column) => column.header);
	const rows = results.map((result) => shown.map((column) => column.cell(result)));
	const lines = [line(headers), ...rows.map(line)];
	if (lines.every((text) => text.length <= width)) return lines;
	const kept = shown.length - 1;
	const under = (row: readonly string[]) => `    ${headers[kept] ?? ''}: ${row[kept] ?? ''}`;
	return [line(headers.slice(0, kept)), ...rows.flatMap((row) => [line(row.slice(0, kept)), under(row)])];
}
