// The sizing session as Markdown, for a design doc or a ticket: the workload, the recommendation with
// each figure's footing, the alternatives, what does not meet the target and why, the decision order
// with its evidence, the bandwidth table and this session's probe results. The wizard's `e` writes it
// to a file; `netplace advise --format markdown` prints it. Cells are the card's and the table's own
// text, so the file says what the screen says. Pure: returns a string.

import type {Advice, BandwidthRow, Measurement, Workload} from '../domain/types.js';
import {bandwidthCellText} from '../present/bandwidth-table.js';
import {decisionOrderLines} from '../present/decision-order-lines.js';
import {formatGbps, formatMs} from '../present/format.js';
import {notesLines} from '../present/notes-lines.js';
import {markdownSection} from '../present/paint-markdown.js';
import {type ConfigurationRow, type RecommendationCard, streamsLabel} from '../present/recommendation-card.js';
import {sizeArgv} from './what-if.js';

export interface SessionProbe {
	readonly runId: string;
	readonly measurements: readonly Measurement[];
}

export interface SessionRecord {
	readonly workload: Workload;
	/** Null while the catalogue is not loaded: the file then has the decision order only. */
	readonly card: RecommendationCard | null;
	readonly advice: Advice;
	readonly probes: readonly SessionProbe[];
	/** When the file was written (ISO); omitted, no date line. */
	readonly writtenAt?: string;
}

/** A table cell: pipes escaped, line breaks folded. */
export function cell(text: string): string {
	return text.replaceAll('|', '\\|').replaceAll(/\s*\n\s*/g, ' ');
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
	return [
		`| ${header.map(cell).join(' | ')} |`,
		`| ${header.map(() => '---').join(' | ')} |`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	];
}

function yesNo(value: boolean): string {
	return value ? 'yes' : 'no';
}

function orAny(value: string | number | null, unit = ''): string {
	return value === null ? 'any' : `${value}${unit}`;
}

function pinText(value: boolean | null): string {
	return value === null ? 'search chooses' : value ? 'on' : 'off';
}

function workloadRows(workload: Workload): string[][] {
	return [
		['cloud', workload.cloud],
		['parallel connections', String(workload.streams)],
		['aggregate target', workload.minGbps === null ? 'none' : `${workload.minGbps} Gbps`],
		['latency-sensitive', yesNo(workload.latencySensitive)],
		['fault isolation', yesNo(workload.faultIsolation)],
		['sustained > 5 min', yesNo(workload.sustained)],
		['keep live migration (GCP)', yesNo(workload.keepLiveMigration)],
		['path', workload.path],
		['region', orAny(workload.region)],
		['architecture', orAny(workload.arch)],
		['minimum vCPUs', orAny(workload.minVcpus)],
		['minimum memory', orAny(workload.minMemoryGib, ' GiB')],
		['shape considered', workload.shapes.length === 0 ? 'none' : workload.shapes.join(', ')],
		['placement', workload.placement ?? 'search chooses'],
		['ENA Express', pinText(workload.enaExpress)],
		['Tier_1', pinText(workload.tier1)],
	];
}

const rowHeader = [
	'#',
	'configuration',
	'setup',
	'aggregate',
	'single flow',
	'binding limit',
	'$/h',
	'$ per Gbps-hour',
];

function configurationCells(row: ConfigurationRow): string[] {
	return [String(row.rank), row.title, row.setup, row.aggregate, row.singleFlow, row.limit, row.price, row.perGbpsHour];
}

function recommendationLines(card: RecommendationCard): string[] {
	const lines = ['## Recommendation', '', `**${card.headline}**`, ''];
	for (const need of card.needs) lines.push(`- ${need}`);
	if (card.needs.length > 0) lines.push('');
	if (!card.pick) return lines;
	for (const setup of card.setup) lines.push(`- ${setup}`);
	lines.push(
		'',
		...markdownTable(
			['figure', 'value', 'footing', 'model before your probe'],
			card.figures.map((figure) => [figure.label, figure.value, figure.footing ?? '', figure.predicted ?? '']),
		),
		'',
	);
	if (card.pick.why !== '') lines.push(`Why: ${card.pick.why}`, '');
	for (const basis of card.basis) lines.push(`- ${basis}`);
	if (card.basis.length > 0) lines.push('');
	return lines;
}

function rowsSection(title: string, rows: readonly ConfigurationRow[], withWhy: boolean): string[] {
	if (rows.length === 0) return [];
	const header = withWhy ? [...rowHeader, 'why'] : rowHeader;
	const cells = rows.map((row) => (withWhy ? [...configurationCells(row), row.why] : configurationCells(row)));
	return [`## ${title}`, '', ...markdownTable(header, cells), ''];
}

function bandwidthLines(rows: readonly BandwidthRow[]): string[] {
	if (rows.length === 0) return [];
	const header = ['row', 'single flow', 'aggregate', 'streams', 'published', 'kind', '% of published', 'source'];
	const cells = rows.map((row) => [
		`${row.cloud} ${row.shape} ${row.placement}`,
		bandwidthCellText(row, 'single'),
		bandwidthCellText(row, 'aggregate'),
		String(row.streams),
		bandwidthCellText(row, 'published'),
		bandwidthCellText(row, 'kind'),
		bandwidthCellText(row, 'percent'),
		row.source === 'probe' ? 'your probe' : 'study',
	]);
	return ['## Measured versus published (Gbps)', '', ...markdownTable(header, cells), ''];
}

function probeLines(probes: readonly SessionProbe[]): string[] {
	if (probes.length === 0) return [];
	const lines = ['## Probe results (this session)', ''];
	for (const probe of probes) {
		lines.push(
			`Run \`${probe.runId}\`:`,
			'',
			...markdownTable(
				['cloud', 'shape', 'placement', 'single flow', 'aggregate', 'streams', 'RTT ms'],
				probe.measurements.map((measurement) => [
					measurement.cloud,
					measurement.shape,
					measurement.placement,
					formatGbps(measurement.singleFlowGbps),
					formatGbps(measurement.aggregateGbps),
					streamsLabel(measurement.streams),
					formatMs(measurement.rttMs),
				]),
			),
			'',
		);
	}

	return lines;
}

function cardSections(card: RecommendationCard): string[] {
	return [
		...recommendationLines(card),
		...rowsSection(card.status === 'meets' ? 'Also meets the target' : 'Alternatives', card.alternatives, false),
		...rowsSection(card.status === 'unreachable' ? 'Next closest' : 'Does not meet the target', card.notMeeting, true),
	];
}

export function renderSessionMarkdown(session: SessionRecord): string {
	const {workload, card, advice} = session;
	const lines = ['# netplace sizing session', ''];
	if (session.writtenAt) lines.push(`Written ${session.writtenAt}.`, '');
	lines.push(
		'## Workload',
		'',
		...markdownTable(['answer', 'value'], workloadRows(workload)),
		'',
		`Same answer from the command line: \`netplace size ${sizeArgv(workload).join(' ')}\``,
		'',
		...(card ? cardSections(card) : []),
		...markdownSection((width) => decisionOrderLines(advice.steps, width)),
		...bandwidthLines(advice.bandwidth),
		...probeLines(session.probes),
	);
	if (advice.notes.length > 0) lines.push(...markdownSection((width) => notesLines(advice.notes, width)));
	return `${lines.join('\n').trimEnd()}\n`;
}
