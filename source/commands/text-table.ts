// The measured-versus-published table as plain text: rows grouped under a line per cloud, columns
// dropped from the least important up until the table fits the width (readable at 80 and at 60).

import {barFraction, publishedKindLabel} from '../advisor/index.js';
import type {BandwidthRow, Cloud, PublishedKind} from '../advisor/types.js';
import {type TextStyle, wrap} from './text-style.js';

const kindCodes: Readonly<Record<PublishedKind, string>> = {
	'base-and-peak': 'base+peak',
	'peak-over-baseline': 'peak',
	'per-ocpu': 'per-OCPU',
	'derived-per-vcpu': 'per-vCPU',
	'lab-cap': 'lab cap',
	'measured-only': '-',
};

const cloudNames: Readonly<Record<Cloud, string>> = {aws: 'AWS', gcp: 'GCP', oci: 'OCI', lab: 'Lab'};

/** Bar length: 10 characters on wide terminals, 8 below 100 columns. */
function barWidthFor(width: number): number {
	return width >= 100 ? 10 : 8;
}

interface Column {
	readonly key: string;
	readonly header: string;
	readonly align: 'left' | 'right';
	/** Lower is kept longer. */
	readonly priority: number;
	readonly cell: (row: BandwidthRow) => string;
	readonly paint?: (text: string, row: BandwidthRow, style: TextStyle) => string;
}

function figure(value: number | null, decimals: number, derived = false): string {
	if (value === null) return '-';
	const text = value.toFixed(decimals);
	return derived ? `${text}*` : text;
}

function gbpsCell(value: number | null, derived: boolean): string {
	if (value === null) return '-';
	const rounded = Math.round(value * 100) / 100;
	return `${String(rounded)}${derived ? '*' : ''}`;
}

function isDerived(row: BandwidthRow, field: string): boolean {
	return row.derived?.includes(field) ?? false;
}

function bar(row: BandwidthRow, barWidth: number): string {
	const fraction = barFraction(row);
	if (fraction === null) return '';
	const filled = Math.round(fraction * barWidth);
	return `${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}`;
}

function columns(rows: readonly BandwidthRow[], width: number): Column[] {
	const streamCounts = new Set(rows.map((row) => row.streams));
	const only = streamCounts.size === 1 ? [...streamCounts][0] : undefined;
	const list: Column[] = [
		{key: 'shape', header: 'shape', align: 'left', priority: 0, cell: (row) => row.shape},
		{key: 'placement', header: 'placement', align: 'left', priority: 1, cell: (row) => row.placement},
		{
			key: 'single',
			header: 'single',
			align: 'right',
			priority: 2,
			cell: (row) => gbpsCell(row.singleFlowGbps, isDerived(row, 'singleFlowGbps')),
		},
		{
			key: 'aggregate',
			header: only === undefined ? 'multi' : `${only}-stream`,
			align: 'right',
			priority: 3,
			cell: (row) =>
				`${gbpsCell(row.aggregateGbps, isDerived(row, 'aggregateGbps'))}${only === undefined ? `/${row.streams}` : ''}`,
		},
		{
			key: 'published',
			header: 'publ.',
			align: 'right',
			priority: 5,
			cell: (row) => gbpsCell(row.publishedGbps, isDerived(row, 'publishedGbps')),
		},
		{key: 'kind', header: 'kind', align: 'left', priority: 6.5, cell: (row) => kindCodes[row.publishedKind]},
		{key: 'percent', header: '%publ', align: 'right', priority: 4, cell: (row) => figure(row.percentOfPublished, 1)},
		{
			key: 'bar',
			header: 'measured',
			align: 'left',
			priority: 6,
			cell: (row) => bar(row, barWidthFor(width)),
			paint: (text, _row, style) => {
				const filled = text.replaceAll('-', '');
				return filled.length === 0 && text.length === 0
					? text
					: `${style.barFilled(filled)}${style.barEmpty(text.slice(filled.length))}`;
			},
		},
		{key: 'rtt', header: 'RTT ms', align: 'right', priority: 7, cell: (row) => figure(row.rttMs, 3)},
		{key: 'jitter', header: 'jitter', align: 'right', priority: 10, cell: (row) => figure(row.jitterMs, 3)},
		{key: 'price', header: '$/h', align: 'right', priority: 9, cell: (row) => figure(row.pricePerHour, 4)},
	];
	if (rows.some((row) => row.source === 'probe')) {
		list.splice(2, 0, {
			key: 'source',
			header: 'src',
			align: 'left',
			priority: 4.5,
			cell: (row) => (row.source === 'probe' ? `probe${(row.runs ?? 1) > 1 ? `x${row.runs}` : ''}` : 'ref'),
		});
	}

	return list;
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
	const room = Math.max(0, width - text.length);
	return align === 'left' ? `${text}${' '.repeat(room)}` : `${' '.repeat(room)}${text}`;
}

export interface TableTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

/** The table as lines of text, at most `width` columns each (shapes are shortened as a last resort). */
export function renderBandwidthTable(rows: readonly BandwidthRow[], options: TableTextOptions): string[] {
	const {width, style} = options;
	if (rows.length === 0) return ['(no rows for this scope)'];
	const indent = '  ';
	const gap = width >= 100 ? '  ' : ' ';
	let chosen = columns(rows, width);
	const cells = new Map(chosen.map((column) => [column.key, rows.map((row) => column.cell(row))]));
	const widthOf = (column: Column): number =>
		Math.max(column.header.length, ...(cells.get(column.key) ?? []).map((text) => text.length));
	const total = (list: readonly Column[]): number =>
		indent.length + list.reduce((sum, column) => sum + widthOf(column), 0) + gap.length * (list.length - 1);
	while (total(chosen) > width && chosen.length > 3) {
		const drop = chosen.reduce((worst, column) => (column.priority > worst.priority ? column : worst));
		chosen = chosen.filter((column) => column !== drop);
	}

	const widths = new Map(chosen.map((column) => [column.key, widthOf(column)]));
	const overflow = total(chosen) - width;
	if (overflow > 0) widths.set('shape', Math.max(8, (widths.get('shape') ?? 0) - overflow));
	const fit = (text: string, key: string): string => {
		const room = widths.get(key) ?? text.length;
		return text.length > room ? `${text.slice(0, room - 1)}~` : text;
	};

	const header = chosen.map((column) => pad(column.header, widths.get(column.key) ?? 0, column.align)).join(gap);
	const lines = [style.muted(`${indent}${header}`.trimEnd())];
	let cloud: Cloud | undefined;
	rows.forEach((row, index) => {
		if (row.cloud !== cloud) {
			cloud = row.cloud;
			lines.push(style.bold(`${cloudNames[row.cloud]}${row.region ? ` (${row.region})` : ''}`));
		}

		const line = chosen
			.map((column) => {
				const text = pad(
					fit(cells.get(column.key)?.[index] ?? '', column.key),
					widths.get(column.key) ?? 0,
					column.align,
				);
				return column.paint
					? column.paint(text.trimEnd(), row, style) + ' '.repeat(text.length - text.trimEnd().length)
					: text;
			})
			.join(gap);
		lines.push(`${indent}${line}`.trimEnd());
	});
	return [...lines, ...legend(rows, chosen, width)];
}

function legend(rows: readonly BandwidthRow[], chosen: readonly Column[], width: number): string[] {
	const keys = new Set(chosen.map((column) => column.key));
	const parts: string[] = ['Gbps.'];
	if (rows.some((row) => (row.derived?.length ?? 0) > 0)) parts.push("* derived from the study's percentages.");
	if (keys.has('bar')) parts.push('measured: best of single and multi against published.');
	const probes = rows.filter((row) => row.source === 'probe');
	if (probes.length > 0) {
		const latest =
			probes
				.flatMap((row) => row.dates ?? [])
				.sort()
				.at(-1) ?? '';
		parts.push(
			`probe: one row per cell, the median of its complete runs (probexN: N runs${latest ? `; latest ${latest.slice(0, 16).replace('T', ' ')}` : ''}; ids and dates: netplace results list).`,
		);
	}
	if (keys.has('kind')) {
		const kinds = [...new Set(rows.map((row) => row.publishedKind))];
		parts.push(`kind: ${kinds.map((kind) => `${kindCodes[kind]} = ${publishedKindLabel(kind)}`).join('; ')}.`);
	} else {
		parts.push('published figures differ in kind (netplace table --json: publishedKind).');
	}

	return wrap(parts.join(' '), width);
}
