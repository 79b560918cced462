// `netplace advise` as plain text: the workload, the ranked steps (verdict, title, why, evidence with
// its footing), the notes, then the bandwidth table. Pure: returns lines, prints nothing.

import type {Advice, EvidenceFigure, Step, Verdict, Workload} from '../advisor/types.js';
import {type TextStyle, wrap} from './text-style.js';
import {renderBandwidthTable} from './text-table.js';

const verdictLabels: Readonly<Record<Verdict, string>> = {
	do: 'DO',
	consider: 'CONSIDER',
	avoid: 'AVOID',
	'not-needed': 'NOT NEEDED',
	satisfied: 'SATISFIED',
};

const labelWidth = Math.max(...Object.values(verdictLabels).map((label) => label.length));

export function describeWorkload(workload: Workload): string {
	const parts = [
		workload.cloud === 'any' ? 'any cloud' : workload.cloud,
		`${workload.streams} stream${workload.streams === 1 ? '' : 's'}`,
	];
	if (workload.latencySensitive) parts.push('latency-sensitive');
	if (workload.faultIsolation) parts.push('fault isolation');
	if (workload.minGbps !== null) parts.push(`at least ${workload.minGbps} Gbps`);
	if (workload.sustained) parts.push('sustained');
	if (workload.keepLiveMigration) parts.push('keep live migration');
	return parts.join(', ');
}

/** One evidence figure: "4.96 Gbps, 1 stream, aws c8g.4xlarge default (one sample, us-west-2)"; probe figures say so. */
export function describeEvidence(figure: EvidenceFigure): string {
	const measures: string[] = [];
	if (figure.gbps !== null) measures.push(`${figure.gbps} Gbps`);
	if (figure.gbps !== null && figure.streams !== null) {
		measures.push(`${figure.streams} stream${figure.streams === 1 ? '' : 's'}`);
	}

	if (figure.rttMs !== undefined && figure.rttMs !== null) measures.push(`RTT ${figure.rttMs.toFixed(3)} ms`);
	const origin = figure.source === 'probe' ? 'your probe' : 'study';
	const footing = figure.footing
		? figure.source === 'probe'
			? `${origin}: ${figure.footing}`
			: figure.footing
		: origin;
	return `${[...measures, `${figure.cloud} ${figure.shape} ${figure.placement}`].join(', ')} (${footing})`;
}

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
		lines.push(...wrap(describeEvidence(figure), width, `${indent}- `, `${indent}  `).map((line) => style.muted(line)));
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
	const lines: string[] = [...wrap(`Workload: ${describeWorkload(advice.workload)}`, width, '', '  '), ''];
	lines.push(style.heading('Recommended decision order'));
	if (advice.steps.length === 0) lines.push('  (no steps apply to this workload)');
	for (const step of advice.steps) lines.push(...renderStep(step, width, style));
	if (advice.notes.length > 0) {
		lines.push('', style.heading('Notes'));
		for (const note of advice.notes) lines.push(...wrap(note.text, width, '  - ', '    '));
	}

	lines.push('', style.heading('Measured versus published bandwidth'));
	lines.push(...renderBandwidthTable(advice.bandwidth, {width, style}));
	return lines;
}
