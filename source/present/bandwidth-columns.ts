// Which columns of the measured-versus-published table fit a terminal width, and each cell's text. Pure.

import type {BandwidthRow, PublishedKind} from '../advisor/types.js';
import {formatGbps, formatMs, formatPercent, formatPrice} from './format.js';

export type ColumnId =
	| 'row'
	| 'single'
	| 'aggregate'
	| 'published'
	| 'kind'
	| 'percent'
	| 'rtt'
	| 'jitter'
	| 'price'
	| 'bar';

export interface Column {
	readonly id: ColumnId;
	readonly header: string;
	readonly width: number;
	readonly align: 'left' | 'right';
}

/** Columns kept first when the terminal is narrow (the row name and the bar are always shown). */
const priority: readonly ColumnId[] = ['single', 'aggregate', 'percent', 'published', 'rtt', 'kind', 'price', 'jitter'];
const order: readonly ColumnId[] = [
	'row',
	'single',
	'aggregate',
	'published',
	'kind',
	'percent',
	'rtt',
	'jitter',
	'price',
	'bar',
];

/** Short tags for the kind of published figure, used below `fullKindFrom` columns. */
export const shortKindLabels: Readonly<Record<PublishedKind, string>> = {
	'base-and-peak': 'base+peak',
	'peak-over-baseline': 'peak/baseline',
	'per-ocpu': 'per-OCPU',
	'derived-per-vcpu': 'derived/vCPU',
	'lab-cap': 'lab cap',
	'measured-only': 'unpublished',
};

/** From this width the kind column carries the advisor's full phrase. */
export const fullKindFrom = 140;

const gap = 1;
const minBar = 6;
const maxBar = 16;

export function rowLabel(row: BandwidthRow): string {
	return `${row.cloud} ${row.shape} ${row.placement}${row.source === 'probe' ? ' *' : ''}`;
}

function aggregateHeader(rows: readonly BandwidthRow[]): string {
	const counts = new Set(rows.map((row) => row.streams));
	return counts.size === 1 ? `${[...counts][0] ?? 8} str` : 'many';
}

export function cellText(row: BandwidthRow, id: ColumnId, kindLabel: (row: BandwidthRow) => string): string {
	switch (id) {
		case 'row': {
			return rowLabel(row);
		}

		case 'single': {
			return formatGbps(row.singleFlowGbps);
		}

		case 'aggregate': {
			return formatGbps(row.aggregateGbps);
		}

		case 'published': {
			return formatGbps(row.publishedGbps);
		}

		case 'kind': {
			return kindLabel(row);
		}

		case 'percent': {
			return formatPercent(row.percentOfPublished);
		}

		case 'rtt': {
			return formatMs(row.rttMs);
		}

		case 'jitter': {
			return formatMs(row.jitterMs);
		}

		case 'price': {
			return formatPrice(row.pricePerHour);
		}

		case 'bar': {
			return '';
		}
	}
}

const headers: Readonly<Record<ColumnId, string>> = {
	row: 'cloud shape placement',
	single: '1 flow',
	aggregate: '8 str',
	published: 'publ.',
	kind: 'kind',
	percent: '% publ',
	rtt: 'RTT ms',
	jitter: 'jitter',
	price: '$/h',
	bar: 'measured/published',
};

function barHeader(width: number): string {
	return width >= headers.bar.length ? headers.bar : 'vs publ.'.slice(0, width);
}

/** The columns that fit `width`, in display order; the bar takes what is left (6..16 cells). */
export function tableColumns(
	rows: readonly BandwidthRow[],
	width: number,
	kindLabel: (row: BandwidthRow) => string,
): readonly Column[] {
	const widthOf = (id: ColumnId): number => {
		const header = id === 'aggregate' ? aggregateHeader(rows) : headers[id];
		return Math.max(header.length, ...rows.map((row) => cellText(row, id, kindLabel).length));
	};

	const chosen = new Set<ColumnId>(['row']);
	let used = widthOf('row') + gap + minBar;
	for (const id of priority) {
		const needed = widthOf(id) + gap;
		if (used + needed <= width) {
			chosen.add(id);
			used += needed;
		}
	}

	const barWidth = Math.min(maxBar, minBar + Math.max(0, width - used));
	return order
		.filter((id) => id === 'bar' || chosen.has(id))
		.map((id) => ({
			id,
			header: id === 'aggregate' ? aggregateHeader(rows) : id === 'bar' ? barHeader(barWidth) : headers[id],
			width: id === 'bar' ? barWidth : widthOf(id),
			align: id === 'row' || id === 'kind' || id === 'bar' ? 'left' : 'right',
		}));
}

export function pad(text: string, width: number, align: 'left' | 'right'): string {
	const cut = text.length > width ? text.slice(0, width) : text;
	return align === 'left' ? cut.padEnd(width) : cut.padStart(width);
}
