import {Box, Text} from 'ink';
import type {BandwidthRow} from '../advisor/types.js';
import {bandwidthTableTitle, layoutBandwidthTable, type TableLine} from '../present/bandwidth-table.js';
import {theme} from '../theme.js';

export interface BandwidthTableProps {
	readonly rows: readonly BandwidthRow[];
	/** Terminal columns available; narrow widths drop columns. */
	readonly width: number;
}

function RowLine({line, indent, gap}: {readonly line: Extract<TableLine, {kind: 'row'}>; indent: string; gap: string}) {
	return (
		<Text>
			{indent}
			{line.cells.map((cell, index) => (
				<Text key={cell.id}>
					{index > 0 ? gap : ''}
					{cell.id === 'bar' && line.bar ? (
						<Text>
							<Text color={theme.bar.filled}>{'█'.repeat(line.bar.filled)}</Text>
							<Text color={theme.bar.empty}>{'░'.repeat(line.bar.empty)}</Text>
							{' '.repeat(Math.max(0, cell.text.length - line.bar.filled - line.bar.empty))}
						</Text>
					) : (
						cell.text
					)}
				</Text>
			))}
		</Text>
	);
}

/** Measured versus published bandwidth: present/'s table model laid out, with a bar of measured against published. */
export function BandwidthTable({rows, width}: BandwidthTableProps) {
	const layout = layoutBandwidthTable(rows, width);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				{bandwidthTableTitle}
			</Text>
			<Text color={theme.text.muted}>{layout.header}</Text>
			{layout.lines.map((line) =>
				line.kind === 'group' ? (
					<Text key={`group/${line.text}`} bold>
						{line.text}
					</Text>
				) : (
					<RowLine key={line.key} line={line} indent={layout.indent} gap={layout.gap} />
				),
			)}
			{layout.legend.map((text) => (
				<Text key={text} color={theme.text.muted}>
					{text}
				</Text>
			))}
		</Box>
	);
}
