// `netplace shapes` as text: one line per catalogue record under a line per cloud, the published
// figures (baseline/peak and their kind, per card where the shape has several), vCPUs, memory, arch,
// the price with its region (or the one missing mark, `-`, as in the answer; JSON keeps null) and the
// figure's source and date. Fits the width. Pure.

import type {ShapeRecord} from '../domain/model-types.js';
import type {RealCloud} from '../domain/types.js';
import {missing} from '../present/format.js';
import {cloudLabels, kindLabels} from '../present/labels.js';
import {wrap} from '../present/wrap.js';
import {priceIn} from '../sizing/catalogue.js';
import type {LiveReport} from '../sizing/catalogue-live.js';
import {fitColumns, type TextColumn} from './text-columns.js';
import type {TextStyle} from './text-style.js';

const number = (value: number | null): string => (value === null ? missing : String(Math.round(value * 1000) / 1000));

/** Gbps as published: "7.5/15" (baseline/peak), "50", "1/OCPU<=40" (Flex), "-" (none; "~23" a test target). */
export function publishedGbpsText(record: ShapeRecord): string {
	const {baselineGbps, peakGbps, expectedGbps} = record.bandwidth;
	if (record.flex) {
		return `${number(record.flex.gbpsPerOcpu)}/OCPU<=${number(record.flex.maxGbps)}`;
	}

	if (baselineGbps === null) {
		return expectedGbps == null ? missing : `${missing} (~${number(expectedGbps)})`;
	}

	return peakGbps !== null && peakGbps !== baselineGbps
		? `${number(baselineGbps)}/${number(peakGbps)}`
		: number(baselineGbps);
}

/** Per-card figures where the shape's total spans several cards: "33x, card 100". */
function cardsText(record: ShapeRecord): string {
	const {networkCards, perCardBaselineGbps, perCardPeakGbps} = record.bandwidth;
	if (networkCards === null || networkCards <= 1) {
		return '';
	}

	if (perCardBaselineGbps === null) {
		return `${networkCards}`;
	}

	const card =
		perCardPeakGbps !== null && perCardPeakGbps !== perCardBaselineGbps
			? `${number(perCardBaselineGbps)}/${number(perCardPeakGbps)}`
			: number(perCardBaselineGbps);
	return `${networkCards}, card0 ${card}`;
}

/** $/h: "0.948 us-east-1", "8 any region" (OCI), "0.03/OCPU+0.002/GB" (Flex), "-" (no source prices it). */
export function priceText(record: ShapeRecord, region: string | null): string {
	const flex = record.flex;
	if (flex && flex.pricePerOcpuHour !== null && flex.pricePerGibHour !== null) {
		return `${flex.pricePerOcpuHour}/OCPU+${flex.pricePerGibHour}/GB`;
	}

	const price = priceIn(record, region);
	if (price?.perHour == null) {
		return missing;
	}

	return `${price.perHour} ${region === null && price.allRegions ? 'any region' : price.region}`;
}

function columns(region: string | null): TextColumn<ShapeRecord>[] {
	return [
		{header: 'shape', align: 'left', priority: 0, cell: (record) => record.shape},
		{header: 'Gbps', align: 'right', priority: 1, cell: publishedGbpsText},
		{header: 'kind', align: 'left', priority: 4, cell: (record) => kindLabels[record.bandwidth.kind]},
		{header: 'vCPU', align: 'right', priority: 2, cell: (record) => number(record.vcpus)},
		{header: 'GiB', align: 'right', priority: 5, cell: (record) => number(record.memoryGib)},
		{header: 'arch', align: 'left', priority: 6, cell: (record) => record.arch ?? missing},
		{header: 'cards', align: 'left', priority: 7, cell: cardsText},
		{header: '$/h', align: 'left', priority: 3, cell: (record) => priceText(record, region)},
		{
			header: 'source',
			align: 'left',
			priority: 8,
			cell: (record) => `${record.bandwidth.source.id} ${record.bandwidth.source.date}`,
		},
	];
}

/** "figures: flexera-aws 2026-08-17, karpenter-bandwidth 2026-08-18; prices: karpenter-pricing 2026-07-20". */
function sourcesLine(records: readonly ShapeRecord[]): string {
	const list = (refs: readonly {readonly id: string; readonly date: string}[]): string =>
		[...new Set(refs.map((ref) => `${ref.id} ${ref.date}`))].sort().join(', ');
	const figures = list(records.map((record) => record.bandwidth.source));
	const prices = list(
		records.flatMap((record) => record.prices.slice(0, 1).flatMap((price) => (price.source ? [price.source] : []))),
	);
	return `figures: ${figures}${prices === '' ? '' : `; prices: ${prices}`}`;
}

export interface ShapesTextOptions {
	readonly width: number;
	readonly style: TextStyle;
	/** Price region (null: the catalogue's lead region per record). */
	readonly region: string | null;
}

export function renderShapes(records: readonly ShapeRecord[], options: ShapesTextOptions): string[] {
	const {style} = options;
	const shown = columns(options.region).filter((column) => records.some((record) => column.cell(record) !== ''));
	const fitted = fitColumns(records, shown, options.width);
	const lines = [style.muted(fitted.header)];
	let cloud: RealCloud | undefined;
	for (const record of records) {
		if (record.cloud !== cloud) {
			cloud = record.cloud;
			const count = records.filter((candidate) => candidate.cloud === cloud).length;
			lines.push(style.bold(`${cloudLabels[cloud]} (${count} shape${count === 1 ? '' : 's'})`));
			lines.push(
				...wrap(sourcesLine(records.filter((candidate) => candidate.cloud === cloud)), options.width, '  ').map(
					(line) => style.muted(line),
				),
			);
		}

		lines.push(fitted.line(record));
	}

	const legend =
		`Gbps as published: baseline/peak (one figure: both). ${missing}: no source gives it (a price is never ` +
		`guessed); ${missing} (~N): N is Google's image-test target. 1/OCPU<=40: per OCPU, up to a maximum. $/h ` +
		'on demand. DATA-SOURCES.md credits the sources.';
	lines.push(...wrap(legend, options.width).map((line) => style.muted(line)));
	return lines;
}

const liveValue = (value: number | boolean | null): string => (value === null ? 'none' : String(value));

/** The live check, one block per cloud: what was called (or why nothing was) and each difference. */
export function renderLive(reports: readonly LiveReport[], width: number): string[] {
	const lines = ['', 'Live check (the bundled catalogue is not changed):'];
	for (const report of reports) {
		const label = cloudLabels[report.cloud];
		if (report.calledAs === null) {
			lines.push(...wrap(`${label}: ${report.skipped ?? 'not checked'}`, width, '  ', '    '));
			continue;
		}

		const summary =
			`${label} (${report.calledAs}): ${report.checked} checked, ${report.differences.length} ` +
			`difference${report.differences.length === 1 ? '' : 's'}` +
			(report.missing.length > 0 ? `; not returned: ${report.missing.join(', ')}` : '');
		lines.push(...wrap(summary, width, '  ', '    '));
		for (const difference of report.differences) {
			lines.push(
				`    ${difference.shape} ${difference.field}: bundled ${liveValue(difference.bundled)}, live ${liveValue(difference.live)}`,
			);
		}
	}

	return lines;
}
