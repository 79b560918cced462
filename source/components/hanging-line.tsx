import {Box, Text} from 'ink';
import {wrap} from '../present/wrap.js';

export interface HangingLineProps {
	/** The marker, e.g. "· ", "• " or "2. ". Wrapped lines are indented by its width. */
	readonly marker: string;
	readonly text: string;
	/** Columns for marker and text together. */
	readonly width: number;
	readonly color?: string | undefined;
	readonly bold?: boolean;
}

/** Text after a marker with a hanging indent, so wrapped lines line up under the first word. */
export function HangingLine({marker, text, width, color, bold = false}: HangingLineProps) {
	const indent = ' '.repeat(marker.length);
	const lines = wrap(text, width - marker.length);
	return (
		<Box flexDirection="column">
			{lines.map((line, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: wrapped lines have no identity but their place
				<Text key={index} color={color} bold={bold}>
					{index === 0 ? marker : indent}
					{line}
				</Text>
			))}
		</Box>
	);
}
