import {Box, Text} from 'ink';
import {barFraction, publishedKindLabel} from '../advisor/index.js';
import type {BandwidthRow} from '../advisor/types.js';
import {cellText, fullKindFrom, pad, shortKindLabels, tableColumns} from '../present/bandwidth-columns.js';
import {theme} from '../theme.js';
import {BandwidthBar} from './bandwidth-bar.js';

export interface BandwidthTableProps {
	readonly rows: readonly BandwidthRow[];
	/** Terminal columns available; narrow widths drop columns. */
	readonly width: number;
}

const fullKind = (row: BandwidthRow): string => publishedKindLabel(row.publishedKind, row);
const shortKind = (row: BandwidthRow): string => shortKindLabels[row.publishedKind];

/** Measured versus published bandwidth, one line per row, with a bar of measured against published. */
export function BandwidthTable({rows, width}: BandwidthTableProps) {
	const kindLabel = width >= fullKindFrom ? fullKind : shortKind;
	const columns = tableColumns(rows, width, kindLabel);
	const header = columns.map((column) => pad(column.header, column.width, column.align)).join(' ');
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Measured versus published (Gbps)
			</Text>
			<Text color={theme.text.muted}>{header}</Text>
			{rows.map((row) => (
				<Text key={`${row.cloud}/${row.shape}/${row.placement}/${row.source}`}>
					{columns.map((column, index) => (
						<Text key={column.id}>
							{index > 0 ? ' ' : ''}
							{column.id === 'bar' ? (
								<BandwidthBar fraction={barFraction(row)} width={column.width} />
							) : (
								pad(cellText(row, column.id, kindLabel), column.width, column.align)
							)}
						</Text>
					))}
				</Text>
			))}
			{rows.some((row) => row.source === 'probe') ? <Text color={theme.text.muted}>* your own probe</Text> : null}
		</Box>
	);
}
