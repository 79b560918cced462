import {describe, expect, it} from 'vitest';
import {analyseSustained} from '../../source/probe/sustained.js';

describe('analyseSustained', () => {
	it("reproduces the study's c8g 300 s run: ten blocks at 14.89, 14.86..15.04, last/first 0.999, held", () => {
		// 300 seconds around 14.89 Gbps, with the study's slowest and fastest seconds in the middle.
		const series = Array.from({length: 300}, (_, i) => 14.89 + (i % 2 === 0 ? 0.005 : -0.005));
		series[0] = 14.9;
		series[120] = 14.86;
		series[121] = 15.04 - 0.1;
		series[200] = 15.04;
		for (let i = 290; i < 300; i++) series[i] = 14.875;
		const result = analyseSustained(series)!;
		expect(result.blocks).toHaveLength(10);
		for (const block of result.blocks) {
			expect(block.seconds).toBe(30);
			expect(block.meanGbps).toBeCloseTo(14.89, 1);
		}

		expect(result.slowestSecondGbps).toBe(14.86);
		expect(result.fastestSecondGbps).toBe(15.04);
		expect(result.lastOverFirst).toBeCloseTo(0.999, 3);
		expect(result.verdict).toEqual({kind: 'held'});
		expect(result.verdictText).toBe('held');
	});

	it('detects a burst credit running out: 15 Gbps then the 7.5 baseline', () => {
		const series = [...Array.from({length: 120}, () => 15), ...Array.from({length: 180}, () => 7.5)];
		const result = analyseSustained(series)!;
		expect(result.blocks.map((block) => block.meanGbps)).toEqual([15, 15, 15, 15, 7.5, 7.5, 7.5, 7.5, 7.5, 7.5]);
		expect(result.verdict).toEqual({kind: 'decayed', percent: 50});
		expect(result.verdictText).toBe('decayed by 50%');
		expect(result.lastOverFirst).toBe(0.5);
	});

	it('counts a block just under 95% of the first as decay, and just above as held', () => {
		const decayed = analyseSustained([...Array.from({length: 30}, () => 10), ...Array.from({length: 30}, () => 9.4)])!;
		expect(decayed.verdictText).toBe('decayed by 6%');
		const held = analyseSustained([...Array.from({length: 30}, () => 10), ...Array.from({length: 30}, () => 9.6)])!;
		expect(held.verdictText).toBe('held');
	});

	it('keeps a partial last block and compares the ends of a short run without overlap', () => {
		const result = analyseSustained([1, 1, 1, 2, 2, 2])!;
		expect(result.blocks).toEqual([{startSecond: 0, seconds: 6, meanGbps: 1.5}]);
		expect(result.lastOverFirst).toBe(2);
		const longer = analyseSustained(Array.from({length: 45}, () => 3))!;
		expect(longer.blocks.map((block) => block.seconds)).toEqual([30, 15]);
	});

	it('returns null for no data', () => {
		expect(analyseSustained([])).toBeNull();
	});
});
