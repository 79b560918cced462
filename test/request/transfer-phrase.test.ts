import {describe, expect, it} from 'vitest';
import {requestBounds} from '../../source/domain/bounds.js';
import {
	durationFlagText,
	parseTransferPhrase,
	sizeFlagText,
	transferPhrase,
} from '../../source/request/transfer-phrase.js';
import {parseTransferBytes, parseWithinSeconds} from '../../source/request/transfer-units.js';

describe('the transfer phrase (the wizard’s "How much data, and by when?")', () => {
	it('reads a size, a time or both, in either order, with the units --transfer and --within take', () => {
		expect(parseTransferPhrase('50TB in 6h')).toEqual({transferBytes: 50e12, withinSeconds: 6 * 3600});
		expect(parseTransferPhrase('50 TB within 2 days')).toEqual({transferBytes: 50e12, withinSeconds: 2 * 86_400});
		expect(parseTransferPhrase('6h 50TB')).toEqual({transferBytes: 50e12, withinSeconds: 6 * 3600});
		expect(parseTransferPhrase('1.5TiB')).toEqual({transferBytes: 1.5 * 2 ** 40, withinSeconds: null});
		expect(parseTransferPhrase('in 90m')).toEqual({transferBytes: null, withinSeconds: 5400});
	});

	it('refuses what the flags refuse: out of the bounds table, no unit, two sizes, a stray word', () => {
		const tooBig = `${String(requestBounds.transfer.max + 1)}TB`;
		expect(() => parseTransferBytes(tooBig)).toThrow();
		expect(parseTransferPhrase(tooBig)).toBeNull();
		expect(parseTransferPhrase(`${String(requestBounds.within.max + 1)}h`)).toBeNull();
		expect(parseTransferPhrase('0h')).toBeNull();
		expect(parseTransferPhrase('50')).toBeNull();
		expect(parseTransferPhrase('50TB 20GB')).toBeNull();
		expect(parseTransferPhrase('50TB soon')).toBeNull();
		expect(parseTransferPhrase('5XB')).toBeNull();
		expect(parseTransferPhrase('')).toBeNull();
	});

	it('writes bytes and seconds back as the flags take them, and they read back to the same figures', () => {
		expect(sizeFlagText(50e12)).toBe('50TB');
		expect(sizeFlagText(1.5e12)).toBe('1.5TB');
		expect(sizeFlagText(1.5 * 2 ** 40)).toBe('1.5TiB');
		expect(sizeFlagText(500e9)).toBe('500GB');
		expect(durationFlagText(21_600)).toBe('6h');
		expect(durationFlagText(5400)).toBe('90m');
		expect(durationFlagText(172_800)).toBe('2d');
		expect(durationFlagText(45)).toBe('45s');
		for (const bytes of [50e12, 1.5 * 2 ** 40, 123_456_789, 7e15, 1]) {
			expect(parseTransferBytes(sizeFlagText(bytes))).toBe(bytes);
		}
		for (const seconds of [21_600, 5400, 1, 3601, 86_400 * 365]) {
			expect(parseWithinSeconds(durationFlagText(seconds))).toBe(seconds);
		}
		expect(transferPhrase({transferBytes: 50e12, withinSeconds: 21_600})).toBe('50TB in 6h');
		expect(transferPhrase({transferBytes: null, withinSeconds: null})).toBeNull();
	});
});
