// A key -> the scroll move it asks for, the same in every scrolling view. Pure.

import type {Key} from 'ink';
import type {ScrollMove} from './scroll.js';

export function scrollMoveOf(key: Key): ScrollMove | null {
	if (key.upArrow) return 'line-up';
	if (key.downArrow) return 'line-down';
	if (key.pageUp) return 'page-up';
	if (key.pageDown) return 'page-down';
	if (key.home) return 'home';
	if (key.end) return 'end';
	return null;
}
