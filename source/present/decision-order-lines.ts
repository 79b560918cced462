// The decision order as lines, for every face: the heading, then per step its rank, verdict label and
// title (hanging under the title), its why, and its evidence figures with their footing. Pure.

import type {Step} from '../domain/types.js';
import {evidenceLine} from './evidence-line.js';
import {verdictLabels, verdictLabelWidth} from './labels.js';
import {blank, line, type PresentLine} from './lines.js';
import {wrap} from './wrap.js';

export const decisionOrderTitle = 'Recommended decision order';

/** Columns before a step's title: " 1. " and the widest verdict label and a space. */
export const titleIndent = 4 + verdictLabelWidth + 1;
const detailIndent = ' '.repeat(4);

function hanging(text: string, width: number, first: string, rest: string, role: 'title' | 'plain' | 'muted') {
	const lines = wrap(text, Math.max(20, width - rest.length));
	return lines.map(
		(part, index): PresentLine => [
			{text: index === 0 ? first : rest, role: 'indent'},
			{text: part, role},
		],
	);
}

export function stepLines(step: Step, width: number): PresentLine[] {
	const label = verdictLabels[step.verdict];
	const rank = `${String(step.rank).padStart(2)}. `;
	const [head, ...more] = hanging(step.title, width, ' '.repeat(titleIndent), ' '.repeat(titleIndent), 'title');
	const first: PresentLine = [
		{text: rank, role: 'marker'},
		{text: label, role: 'verdict', verdict: step.verdict},
		{text: ' '.repeat(titleIndent - rank.length - label.length), role: 'indent'},
		...(head ?? []).slice(1),
	];
	return [
		first,
		...more,
		...hanging(step.why, width, detailIndent, detailIndent, 'plain'),
		...step.evidence.flatMap((figure) =>
			hanging(evidenceLine(figure), width, `${detailIndent}- `, `${detailIndent}  `, 'muted'),
		),
	];
}

/** The heading and every step; a line saying so when no step applies. */
export function decisionOrderLines(steps: readonly Step[], width: number): PresentLine[] {
	const lines: PresentLine[] = [line(decisionOrderTitle, 'heading')];
	if (steps.length === 0) lines.push(line('  (no steps apply to this workload)', 'muted'));
	for (const step of steps) lines.push(...stepLines(step, width));
	return lines;
}

export {blank};
