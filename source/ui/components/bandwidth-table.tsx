import type {BandwidthRow} from '../../domain/types.js';
import {bandwidthTableTitle, layoutBandwidthTable, type TableLine} from '../../present/bandwidth-table.js';
import {theme} from '../theme.js';
import {plainLine, type Span, type StyledLine, StyledLines} from './styled-lines.js';

function rowLine(line: Extract<TableLine, {kind: 'row'}>, indent: string, gap: string): StyledLine {
	const spans: Span[] = [{text: indent}];
	line.cells.forEach((cell, index) => {
		if (index > 0) spans.push({text: gap});
		if (cell.id === 'bar' && line.bar) {
			spans.push(
				{text: '█'.repeat(line.bar.filled), color: theme.bar.filled},
				{text: '░'.repeat(line.bar.empty), color: theme.bar.empty},
				{text: ' '.repeat(Math.max(0, cell.text.length - line.bar.filled - line.bar.empty))},
			);
		} else {
			spans.push({text: cell.text});
		}
	});
	return spans;
}

/** Measured versus published bandwidth: present/'s table model laid out, with a bar of measured against published. */
export function bandwidthTableLines(rows: readonly BandwidthRow[], width: number): StyledLine[] {
	const layout = layoutBandwidthTable(rows, width);
	return [
		plainLine(bandwidthTableTitle, theme.text.heading, true),
		plainLine(layout.header, theme.text.muted),
		...layout.lines.map((line) =>
			line.kind === 'group' ? plainLine(line.text, undefined, true) : rowLine(line, layout.indent, layout.gap),
		),
		...layout.legend.map((text) => plainLine(text, theme.text.muted)),
	];
}

export interface BandwidthTableProps {
	readonly rows: readonly BandwidthRow[];
	/** Terminal columns available; narrow widths drop columns. */
	readonly width: number;
}

export function BandwidthTable({rows, width}: BandwidthTableProps) {
	return <StyledLines lines={bandwidthTableLines(rows, width)} />;
}
