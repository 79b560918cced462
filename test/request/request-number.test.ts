import {describe, expect, it} from 'vitest';
import {describeBound, requestBounds} from '../../source/domain/bounds.js';
import {boundedList, boundedNumber, parseDecimal} from '../../source/request/request-number.js';

describe('parseDecimal', () => {
	it.each([
		['16', 16],
		[' 2.5 ', 2.5],
		['.5', 0.5],
		['5.', 5],
		['-3', -3],
		['+7', 7],
	])('reads %j as %d', (text, value) => {
		expect(parseDecimal(text)).toBe(value);
	});

	it.each(['0x10', '0b11', '0o10', '1e1', '1E-12', 'Infinity', 'NaN', '', ' ', '1,5', '1_000', '١٢'])(
		'refuses %j',
		(text) => {
			expect(parseDecimal(text)).toBeNull();
		},
	);
});

describe('the bounds table', () => {
	it('bounds every number from above, and says why', () => {
		for (const bound of Object.values(requestBounds)) {
			expect(Number.isFinite(bound.max)).toBe(true);
			expect(bound.why.length).toBeGreaterThan(10);
		}
	});

	it.each([
		['flowCap', '1e300'],
		['flowCap', '1e-12'],
		['flowCap', '0.001'],
		['flowCap', '10.5'],
		['rtt', '100000'],
		['rtt', '0'],
		['price', '1e308'],
		['price', '1001'],
		['sustained', '30'],
		['ocpus', '127'],
		['duration', '0x5'],
		['repeat', '0b11'],
	] as const)('refuses %s %s, naming the flag and its range', (name, text) => {
		const bound = requestBounds[name];
		expect(() => boundedNumber(bound, text)).toThrow(`--${bound.flag} must be ${describeBound(bound)}, got "${text}"`);
	});

	it('reads stream lists without repeats and refuses any bad item', () => {
		expect(boundedList(requestBounds.probeStreams, '1,8,1, 16')).toEqual([1, 8, 16]);
		expect(() => boundedList(requestBounds.probeStreams, '1e1,0o10')).toThrow(
			'--streams must be an integer from 1 to 128, got "1e1"',
		);
		expect(() => boundedList(requestBounds.probeStreams, '129')).toThrow(/from 1 to 128/);
		expect(() => boundedList(requestBounds.probeStreams, ',')).toThrow('--streams needs a value');
	});
});
