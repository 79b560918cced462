// `netplace advise` as plain text: the workload, the ranked steps (verdict, title, why, evidence with
// its footing), the notes, then the bandwidth table, laid out from present/'s labels, evidence lines and
// wrap. Pure: returns lines, prints nothing.

import type {Advice, Step} from '../advisor/types.js';
import {bandwidthTableTitle} from '../present/bandwidth-table.js';
import {evidenceLine} from '../present/evidence-line.js';
import {verdictLabelWidth as labelWidth, verdictLabels} from '../present/labels.js';
import {workloadSummary} from '../present/workload-summary.js';
import {wrap} from '../present/wrap.js';
import {adviceResult, renderCardText} from './size-text.js';
import type {TextStyle} from './text-style.js';
import {renderBandwidthTable} from './text-table.js';

function renderStep(step: Step, width: number, style: TextStyle): string[] {
	const label = verdictLabels[step.verdict];
	const head = `${String(step.rank).padStart(2)}. `;
	const indent = ' '.repeat(head.length);
	const titleLines = wrap(
		step.title,
		width,
		`${head}${label.padEnd(labelWidth)} `,
		`${indent}${' '.repeat(labelWidth + 1)}`,
	);
	const [first, ...rest] = titleLines;
	const painted = first === undefined ? [] : [first.replace(label, style.verdict(step.verdict, style.bold(label)))];
	const lines = [...painted, ...rest];
	lines.push(...wrap(step.why, width, `${indent}why: `, `${indent}     `));
	for (const figure of step.evidence) {
		lines.push(...wrap(evidenceLine(figure), width, `${indent}- `, `${indent}  `).map((line) => style.muted(line)));
	}

	return lines;
}

export interface AdviceTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

/** The whole `advise` text output as lines. */
export function renderAdviceText(advice: Advice, options: AdviceTextOptions): string[] {
	const {width, style} = options;
	const lines: string[] = [...wrap(`Workload: ${workloadSummary(advice.workload)}`, width, '', '  '), ''];
	// The configurations to buy come first (DESIGN.md: advise puts the top configurations above the order).
	const configurations = advice.configurations ?? [];
	if (configurations.length > 0) {
		lines.push(...renderCardText(adviceResult(configurations, advice.workload), advice.workload, options), '');
	}

	lines.push(style.heading('Recommended decision order'));
	if (advice.steps.length === 0) lines.push('  (no steps apply to this workload)');
	for (const step of advice.steps) lines.push(...renderStep(step, width, style));
	if (advice.notes.length > 0) {
		lines.push('', style.heading('Notes'));
		for (const note of advice.notes) lines.push(...wrap(note.text, width, '  - ', '    '));
	}

	lines.push('', style.heading(bandwidthTableTitle));
	lines.push(...renderBandwidthTable(advice.bandwidth, {width, style}));
	return lines;
}
