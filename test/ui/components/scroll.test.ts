// The one scroll every scrolling view shares (source/ui/components/scroll/): moves stay within the content.

import {describe, expect, it} from 'vitest';
import {clampOffset, maxOffset, scrolled, scrollPosition} from '../../../source/ui/components/scroll/scroll.js';

const extent = {contentHeight: 50, viewport: 20};

describe('scroll', () => {
	it('moves by a line, a page (the viewport less two rows of context) and to either end', () => {
		expect(scrolled(0, 'line-down', extent)).toBe(1);
		expect(scrolled(0, 'line-up', extent)).toBe(0);
		expect(scrolled(0, 'page-down', extent)).toBe(18);
		expect(scrolled(18, 'page-down', extent)).toBe(30);
		expect(scrolled(30, 'page-up', extent)).toBe(12);
		expect(scrolled(7, 'end', extent)).toBe(maxOffset(extent));
		expect(scrolled(7, 'home', extent)).toBe(0);
	});

	it('keeps an offset inside content that shrank', () => {
		expect(clampOffset(45, extent)).toBe(30);
		expect(clampOffset(5, {contentHeight: 10, viewport: 20})).toBe(0);
	});

	it('says where the view is, and nothing when every line shows', () => {
		expect(scrollPosition(30, extent)).toBe('lines 31–50 of 50');
		expect(scrollPosition(0, {contentHeight: 10, viewport: 20})).toBeNull();
	});
});
