import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import type {ExportState} from './export-reducer.js';

export interface ExportScreenProps {
	readonly state: ExportState;
}

/** The line under the result: the file name being typed, the error, or where the Markdown was written. */
export function ExportScreen({state}: ExportScreenProps) {
	return (
		<Box flexDirection="column">
			{state.mode === 'naming' ? (
				<Text>
					Write Markdown to: <Text color={theme.text.accent}>{state.draft}</Text>
					<Text inverse> </Text>
					<Text color={theme.text.muted}> (Enter write · Esc cancel)</Text>
				</Text>
			) : null}
			{state.mode === 'written' && state.written ? (
				<Text color={theme.status.success}>Wrote the session to {state.written}</Text>
			) : null}
			{state.error ? (
				<Text color={state.confirmReplace ? theme.status.warning : theme.status.error}>{state.error}</Text>
			) : null}
		</Box>
	);
}
