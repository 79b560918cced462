import type {BandwidthRow} from '../../domain/types.js';
import {bandwidthTableLines as tableLines} from '../../present/bandwidth-table-lines.js';
import {styledLines} from './present-lines.js';
import {type StyledLine, StyledLines} from './styled-lines.js';

/** Measured versus published bandwidth, as present/ lays it out for every face, in the theme's colours. */
export function bandwidthTableLines(rows: readonly BandwidthRow[], width: number): StyledLine[] {
	return styledLines(tableLines(rows, width));
}

export interface BandwidthTableProps {
	readonly rows: readonly BandwidthRow[];
	/** Terminal columns available; narrow widths drop columns. */
	readonly width: number;
}

export function BandwidthTable({rows, width}: BandwidthTableProps) {
	return <StyledLines lines={bandwidthTableLines(rows, width)} />;
}
