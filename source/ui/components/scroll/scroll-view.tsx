// The one scrolling view: the lines in view (a box of the viewport's height) and, below the caller's
// footer, the position ("lines 1–20 of 96"). Lines are built once, already wrapped to the width
// (styled-lines.tsx); a view only slices them.

import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import {type StyledLine, StyledLines} from '../styled-lines.js';
import {scrollPosition} from './scroll.js';

export interface ScrollViewProps {
	readonly lines: readonly StyledLine[];
	/** Rows to show; undefined shows every line. */
	readonly viewport: number | undefined;
	/** First line in view (useScroll's offset). */
	readonly offset: number;
}

export function ScrollView({lines, viewport, offset}: ScrollViewProps) {
	const inView = viewport === undefined ? lines : lines.slice(offset, offset + viewport);
	return (
		<Box height={viewport} flexDirection="column" flexShrink={0}>
			<StyledLines lines={inView} />
		</Box>
	);
}

/** "lines 1–20 of 96" under a scrolling view, or nothing when every line shows. */
export function ScrollPosition({lines, viewport, offset}: ScrollViewProps) {
	const position = viewport === undefined ? null : scrollPosition(offset, {contentHeight: lines.length, viewport});
	return position ? <Text color={theme.text.muted}>{position}</Text> : null;
}
