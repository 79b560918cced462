// The comparator-free sort the search orders shapes with: ascending, stable, infinite keys last.

import {describe, expect, it} from 'vitest';
import {sortByNumber} from '../../source/sizing/sort-by-number.js';

describe('sortByNumber', () => {
	it('sorts ascending and keeps the given order among equal keys', () => {
		const items = [
			{name: 'a', key: 2},
			{name: 'b', key: Number.POSITIVE_INFINITY},
			{name: 'c', key: 0.5},
			{name: 'd', key: 2},
			{name: 'e', key: -1},
			{name: 'f', key: 0.5},
		];
		expect(sortByNumber(items, (item) => item.key).map((item) => item.name)).toEqual(['e', 'c', 'f', 'a', 'd', 'b']);
	});

	it('puts NaN keys last in the order given, and -0 beside 0 in the order given', () => {
		const items = [
			{name: 'a', key: Number.NaN},
			{name: 'b', key: 0},
			{name: 'c', key: -0},
			{name: 'd', key: Number.NaN},
			{name: 'e', key: Number.NEGATIVE_INFINITY},
		];
		expect(sortByNumber(items, (item) => item.key).map((item) => item.name)).toEqual(['e', 'b', 'c', 'a', 'd']);
		expect(sortByNumber([], () => 0)).toEqual([]);
	});

	it('gives what a stable comparator sort gives on many random keys', () => {
		for (const spread of [5, 500, 1e9]) {
			const items = Array.from({length: 2000}, (_, index) => ({index, key: Math.round(Math.random() * spread) / 10}));
			const expected = [...items].sort((a, b) => a.key - b.key).map((item) => item.index);
			expect(sortByNumber(items, (item) => item.key).map((item) => item.index)).toEqual(expected);
		}
	});
});
