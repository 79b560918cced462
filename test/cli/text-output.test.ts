import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {bandwidthTable} from '../../source/advice/bandwidth-table.js';
import {renderAdviceText} from '../../source/cli/text-output.js';
import {paintLines, textStyle, visibleLength, wantsColor} from '../../source/cli/text-style.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {bandwidthTableBody} from '../../source/present/bandwidth-table-lines.js';
import {wrap} from '../../source/present/wrap.js';
import {parseWorkload} from '../../source/request/workload.js';

const rows = bandwidthTable(referenceMeasurements());
// AWS with one stream: the card's cluster group is a DO step (green), one flow's figures in the table.
const advice = advise(
	parseWorkload({cloud: 'aws', streams: '1', region: 'us-west-2', latencySensitive: true, sustained: true}),
);

describe('colour', () => {
	it('is on only for a terminal without NO_COLOR or FORCE_COLOR=0', () => {
		expect(wantsColor({isTTY: true}, {})).toBe(true);
		expect(wantsColor({isTTY: false}, {})).toBe(false);
		expect(wantsColor({isTTY: true}, {NO_COLOR: '1'})).toBe(false);
		expect(wantsColor({isTTY: true}, {NO_COLOR: ''})).toBe(true);
		expect(wantsColor({isTTY: true}, {FORCE_COLOR: '0'})).toBe(false);
	});

	it('paints verdicts and bars with ANSI codes only when asked', () => {
		const coloured = renderAdviceText(advice, {width: 100, style: textStyle(true, {})}).join('\n');
		expect(coloured).toContain('\u001B[32m');
		const plain = renderAdviceText(advice, {width: 100, style: textStyle(false, {})}).join('\n');
		expect(plain).not.toContain('\u001B[');
		// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
		expect(plain.replaceAll(/\s+/g, ' ')).toBe(coloured.replaceAll(/\u001B\[\d+m/g, '').replaceAll(/\s+/g, ' '));
	});
});

describe('widths', () => {
	for (const width of [120, 100, 80, 60]) {
		it(`advice and table stay within ${width} columns`, () => {
			const style = textStyle(true, {});
			const all = [...renderAdviceText(advice, {width, style}), ...paintLines(bandwidthTableBody(rows, width), style)];
			expect(Math.max(...all.map((line) => visibleLength(line)))).toBeLessThanOrEqual(width);
		});
	}

	it('shows every column when there is room and fewer as the terminal narrows', () => {
		const header = (width: number) => paintLines(bandwidthTableBody(rows, width), textStyle(false, {}))[0] ?? '';
		expect(header(140)).toMatch(
			/shape\s+placement\s+single\s+8-stream\s+publ\.\s+kind\s+%publ\s+measured\s+RTT ms\s+jitter\s+\$\/h/,
		);
		expect(header(80)).not.toContain('jitter');
		expect(header(60)).toMatch(/shape\s+placement\s+single\s+8-stream/);
	});

	it('wraps words and indents continuation lines', () => {
		expect(wrap('one two three four', 9, '- ', '  ')).toEqual(['- one two', '  three', '  four']);
	});
});
