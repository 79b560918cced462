// The workload, restated as the answer's first line for every face; and every answer as a table, for a
// document (the Markdown export). Pure.

import type {Workload} from '../domain/types.js';
import {line, type PresentLine} from './lines.js';
import {tableLines} from './table-lines.js';
import {transferText, workloadSummary} from './workload-summary.js';
import {wrap} from './wrap.js';

export function workloadLines(workload: Workload, width: number): PresentLine[] {
	return wrap(`Workload: ${workloadSummary(workload)}`, width, '', '  ').map((text) => [{text, role: 'plain'}]);
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

function answerRows(workload: Workload): string[][] {
	return [
		['cloud', workload.cloud],
		['parallel connections', String(workload.streams)],
		['aggregate target', workload.minGbps === null ? 'none' : `${workload.minGbps} Gbps`],
		['latency-sensitive', yesNo(workload.latencySensitive)],
		['fault isolation', yesNo(workload.faultIsolation)],
		['transfer', transferText(workload) ?? 'not given (plans rest on baselines)'],
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

/** Every answer, one row each, under the `Workload` heading. */
export function workloadAnswerLines(workload: Workload): PresentLine[] {
	return [line('Workload', 'heading'), ...tableLines(['answer', 'value'], answerRows(workload))];
}
