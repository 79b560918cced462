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

	it('gives what a stable comparator sort gives on many random keys', () => {
		const items = Array.from({length: 500}, (_, index) => ({index, key: Math.round(Math.random() * 50) / 10}));
		const expected = [...items].sort((a, b) => a.key - b.key).map((item) => item.index);
		expect(sortByNumber(items, (item) => item.key).map((item) => item.index)).toEqual(expected);
	});
});
