import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import type {SaveState} from './save-reducer.js';

export interface SaveScreenProps {
	readonly state: SaveState;
}

/** The line under the result: the name being typed, "replace it? y/n", the error, or where it was saved. */
export function SaveScreen({state}: SaveScreenProps) {
	return (
		<Box flexDirection="column">
			{state.mode === 'naming' ? (
				<Text>
					Profile name: <Text color={theme.text.accent}>{state.draft}</Text>
					<Text inverse> </Text>
					<Text color={theme.text.muted}>{state.asking === null ? ' (Enter save · Esc cancel)' : ''}</Text>
				</Text>
			) : null}
			{state.mode === 'naming' && state.asking !== null ? (
				<Text color={theme.status.warning}>a profile named {state.asking} exists: replace it? y/n</Text>
			) : null}
			{state.mode === 'saved' && state.saved ? (
				<Text color={theme.status.success}>
					Saved profile “{state.saved.name}” to {state.saved.path}
				</Text>
			) : null}
			{state.mode === 'saved' && state.saved?.recoveredFrom ? (
				<Text color={theme.status.warning}>
					The old profile store could not be read; it was kept aside as {state.saved.recoveredFrom}
				</Text>
			) : null}
			{state.error ? <Text color={theme.status.error}>{state.error}</Text> : null}
		</Box>
	);
}
