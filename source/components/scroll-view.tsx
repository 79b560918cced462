// A viewport over content taller than the terminal: the content is laid out whole, shifted up by
// `offset` rows and clipped to `height`. The content's height is measured after layout and reported,
// so the owner can clamp its offset and say where the view is.

import {Box, type DOMElement, measureElement} from 'ink';
import {type ReactNode, useEffect, useRef} from 'react';

export interface ScrollViewProps {
	/** Rows shown; undefined shows everything (no terminal height known). */
	readonly height: number | undefined;
	readonly offset: number;
	readonly onMeasure: (contentHeight: number) => void;
	readonly children: ReactNode;
}

export function ScrollView({height, offset, onMeasure, children}: ScrollViewProps) {
	const content = useRef<DOMElement>(null);
	useEffect(() => {
		if (content.current) onMeasure(measureElement(content.current).height);
	});
	if (height === undefined) {
		return (
			<Box ref={content} flexDirection="column">
				{children}
			</Box>
		);
	}

	return (
		<Box height={height} flexDirection="column" overflowY="hidden" flexShrink={0}>
			<Box ref={content} flexDirection="column" marginTop={-offset} flexShrink={0}>
				{children}
			</Box>
		</Box>
	);
}
