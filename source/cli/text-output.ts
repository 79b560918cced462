// `netplace advise` as plain text: the workload, the recommendation card, the decision order, the notes,
// then the bandwidth table: present/'s lines for each section, painted in ANSI colours. Pure: returns
// lines, prints nothing.

import type {Advice} from '../domain/types.js';
import {bandwidthTableTitle} from '../present/bandwidth-table.js';
import {decisionOrderLines} from '../present/decision-order-lines.js';
import type {PresentLine} from '../present/lines.js';
import {notesLines} from '../present/notes-lines.js';
import {workloadLines} from '../present/workload-lines.js';
import {adviceResult, renderCardText} from './size-text.js';
import {paintLine, type TextStyle} from './text-style.js';
import {renderBandwidthTable} from './text-table.js';

export interface AdviceTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

/** The whole `advise` text output as lines. */
export function renderAdviceText(advice: Advice, options: AdviceTextOptions): string[] {
	const {width, style} = options;
	const paint = (rows: readonly PresentLine[]) => rows.map((row) => paintLine(row, style));
	const lines: string[] = [...paint(workloadLines(advice.workload, width)), ''];
	// The configurations to buy come first (DESIGN.md: advise puts the top configurations above the order).
	const configurations = advice.configurations ?? [];
	if (configurations.length > 0) {
		lines.push(...renderCardText(adviceResult(configurations, advice.workload), advice.workload, options), '');
	}

	lines.push(...paint(decisionOrderLines(advice.steps, width)));
	const notes = paint(notesLines(advice.notes, width));
	if (notes.length > 0) lines.push('', ...notes);
	lines.push('', style.heading(bandwidthTableTitle));
	lines.push(...renderBandwidthTable(advice.bandwidth, {width, style}));
	return lines;
}
