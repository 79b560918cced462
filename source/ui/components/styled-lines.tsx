// Screen text as lines of styled spans: a view builds its lines once (each already wrapped to the width),
// and a screen shows any slice of them. The result screen scrolls this way: Ink lays out only the rows in
// view, not a whole tree of boxes clipped to the terminal, and the content's height is its line count.

import {Box, Text} from 'ink';
import {memo} from 'react';
import type {ThemeColor} from '../../present/theme.js';

export interface Span {
	readonly text: string;
	readonly color?: ThemeColor;
	readonly bold?: boolean;
}

/** One terminal row: spans side by side (an empty line shows as a blank row). */
export type StyledLine = readonly Span[];

export const blankLine: StyledLine = [];

/** A line of one style. */
export function plainLine(text: string, color?: ThemeColor, bold = false): StyledLine {
	return [{text, color, bold}];
}

const LineText = memo(function LineText({line}: {readonly line: StyledLine}) {
	const [only] = line;
	if (line.length === 0 || only === undefined) return <Text> </Text>;
	if (line.length === 1) {
		return (
			<Text color={only.color} bold={only.bold === true}>
				{only.text === '' ? ' ' : only.text}
			</Text>
		);
	}

	return (
		<Text>
			{line.map((span, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: a line's spans have no identity but their place
				<Text key={index} color={span.color} bold={span.bold === true}>
					{span.text}
				</Text>
			))}
		</Text>
	);
});

/** The lines, one row each. */
export function StyledLines({lines}: {readonly lines: readonly StyledLine[]}) {
	return (
		<Box flexDirection="column">
			{lines.map((line, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
				<LineText key={index} line={line} />
			))}
		</Box>
	);
}
