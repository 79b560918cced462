import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import {highlighted, type TypeAheadState, visibleWindow} from './type-ahead-reducer.js';

export interface TypeAheadProps {
	readonly state: TypeAheadState;
	readonly prompt: string;
	/** Columns available. */
	readonly width: number;
	/** Matches shown at once (the list scrolls within them). */
	readonly rows?: number;
}

function clip(text: string, width: number): string {
	return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** The query with a cursor, the matches around the highlighted one, and its published figure. */
export function TypeAhead({state, prompt, width, rows = 8}: TypeAheadProps) {
	const {start, items} = visibleWindow(state, rows);
	const current = highlighted(state);
	const labelWidth = Math.min(28, Math.max(0, ...items.map((item) => item.label.length)) + 2);
	const none = state.query.trim() !== '' && state.matches.length === 0;
	return (
		<Box flexDirection="column" width={width}>
			<Text>
				{prompt}: <Text color={theme.text.accent}>{state.query}</Text>
				<Text inverse> </Text>
			</Text>
			{none ? (
				<Text color={theme.status.warning}>
					No {prompt.toLowerCase()} matches “{state.query}”.
				</Text>
			) : null}
			<Box flexDirection="column" marginTop={1}>
				{items.map((item, index) => {
					const selected = start + index === state.cursor;
					const line = `${selected ? '❯ ' : '  '}${item.label.padEnd(labelWidth)}${item.detail}`;
					return (
						<Text key={item.value} color={selected ? theme.text.accent : undefined} bold={selected}>
							{clip(line, width)}
						</Text>
					);
				})}
			</Box>
			{state.matches.length > rows ? (
				<Text color={theme.text.muted}>
					{state.cursor + 1} of {state.matches.length} matches
				</Text>
			) : null}
			{current ? <Text color={theme.text.muted}>{clip(current.published, width)}</Text> : null}
		</Box>
	);
}
