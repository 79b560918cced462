// The scroll state every scrolling view shares: the offset, moved by `scroll(move)`, always shown within
// the content. End sticks to the bottom, so content that grows after the key still ends in view.

import {useCallback, useState} from 'react';
import {clampOffset, type ScrollExtent, type ScrollMove, scrolled} from './scroll.js';

export interface Scroll {
	/** The first line in view, within the content. */
	readonly offset: number;
	readonly scroll: (move: ScrollMove) => void;
}

/** `viewport` undefined: everything shows (no terminal height known), the offset stays 0. */
export function useScroll(contentHeight: number, viewport: number | undefined): Scroll {
	const [offset, setOffset] = useState(0);
	const extent: ScrollExtent = {contentHeight, viewport: viewport ?? contentHeight};
	const {viewport: rows} = extent;
	const scroll = useCallback(
		(move: ScrollMove) =>
			setOffset((current) => {
				if (move === 'end') return Number.MAX_SAFE_INTEGER;
				const bounds = {contentHeight, viewport: rows};
				return scrolled(clampOffset(current, bounds), move, bounds);
			}),
		[contentHeight, rows],
	);
	return {offset: clampOffset(offset, extent), scroll};
}
