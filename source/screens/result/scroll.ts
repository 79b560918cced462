// The result screen's scroll position: by a line (↑/↓), a page (PgUp/PgDn), to either end (Home/End),
// always within the content. Pure.

export type ScrollMove = 'line-up' | 'line-down' | 'page-up' | 'page-down' | 'home' | 'end';

export interface ScrollExtent {
	readonly contentHeight: number;
	readonly viewport: number;
}

export function maxOffset(extent: ScrollExtent): number {
	return Math.max(0, extent.contentHeight - extent.viewport);
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
	return Math.min(maxOffset(extent), Math.max(0, offset + deltas[move]));
}

/** "lines 1–40 of 96", or null when everything fits. */
export function scrollPosition(offset: number, extent: ScrollExtent): string | null {
	if (extent.contentHeight <= extent.viewport) return null;
	const last = Math.min(extent.contentHeight, offset + extent.viewport);
	return `lines ${offset + 1}–${last} of ${extent.contentHeight}`;
}
