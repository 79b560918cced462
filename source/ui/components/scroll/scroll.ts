// The one scroll of every scrolling view (the answer, the probe result, help): by a line (↑/↓), a page
// (PgUp/PgDn), to either end (Home/End), always within the content. Pure.

export type ScrollMove = 'line-up' | 'line-down' | 'page-up' | 'page-down' | 'home' | 'end';

export interface ScrollExtent {
	readonly contentHeight: number;
	readonly viewport: number;
}

export function maxOffset(extent: ScrollExtent): number {
	return Math.max(0, extent.contentHeight - extent.viewport);
}

/** `offset` kept within the content (content can shrink after a key: a what-if, a resize). */
export function clampOffset(offset: number, extent: ScrollExtent): number {
	return Math.min(Math.max(0, offset), maxOffset(extent));
}

export function scrolled(offset: number, move: ScrollMove, extent: ScrollExtent): number {
	const page = Math.max(1, extent.viewport - 2);
	const deltas: Readonly<Record<ScrollMove, number>> = {
		'line-up': -1,
		'line-down': 1,
		'page-up': -page,
		'page-down': page,
		home: -Number.MAX_SAFE_INTEGER,
		end: Number.MAX_SAFE_INTEGER,
	};
	return clampOffset(offset + deltas[move], extent);
}

/** "lines 1–40 of 96", or null when everything fits. */
export function scrollPosition(offset: number, extent: ScrollExtent): string | null {
	if (extent.contentHeight <= extent.viewport) return null;
	const last = Math.min(extent.contentHeight, offset + extent.viewport);
	return `lines ${offset + 1}–${last} of ${extent.contentHeight}`;
}

/** The scroll keys, as every scrolling view's footer names them. */
export const scrollKeysText = '↑/↓ PgUp/PgDn Home/End scroll';
