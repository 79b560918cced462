// The measured-versus-published table as plain text: present/'s lines for it, painted (ASCII bars, the
// text style's colours). Lays out nothing itself.

import type {BandwidthRow} from '../domain/types.js';
import {bandwidthTableBody} from '../present/bandwidth-table-lines.js';
import {paintLines, type TextStyle} from './text-style.js';

export interface TableTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

/** The table as lines of text, at most `width` columns each. */
export function renderBandwidthTable(rows: readonly BandwidthRow[], options: TableTextOptions): string[] {
	return paintLines(bandwidthTableBody(rows, options.width), options.style);
}
