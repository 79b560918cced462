import {Box, Text} from 'ink';
import {theme} from '../../present/theme.js';

export interface OptionListProps {
	readonly labels: readonly string[];
	readonly cursor: number;
}

/** A vertical list of choices with a pointer on the one under the cursor. */
export function OptionList({labels, cursor}: OptionListProps) {
	return (
		<Box flexDirection="column">
			{labels.map((label, index) => (
				<Text key={label} color={index === cursor ? theme.text.accent : undefined} bold={index === cursor}>
					{index === cursor ? '❯ ' : '  '}
					{label}
				</Text>
			))}
		</Box>
	);
}
