import {Box, Text} from 'ink';
import type {Advice} from '../advisor/types.js';
import {theme} from '../theme.js';
import {workloadSummary} from '../wizard/format.js';
import type {ResultState} from '../wizard/result-reducer.js';
import {BandwidthTable} from './bandwidth-table.js';
import {DecisionOrder} from './decision-order.js';
import {NotesList} from './notes-list.js';
import {SaveProfilePrompt} from './save-profile-prompt.js';

export interface ResultScreenProps {
	readonly advice: Advice;
	readonly state: ResultState;
	/** Terminal columns. 164 and more: decision order beside the table; less: stacked. */
	readonly width: number;
}

const sideBySideFrom = 164;
const orderWidth = 62;

/** The decision order, the measured-versus-published table, the notes, and the keys. */
export function ResultScreen({advice, state, width}: ResultScreenProps) {
	const sideBySide = width >= sideBySideFrom;
	const tableWidth = sideBySide ? width - orderWidth - 2 : width;
	return (
		<Box flexDirection="column" width={width}>
			<Text color={theme.text.muted}>netplace · {workloadSummary(advice.workload)}</Text>
			<Box flexDirection={sideBySide ? 'row' : 'column'} marginTop={1}>
				<Box width={sideBySide ? orderWidth : width} flexDirection="column" marginRight={sideBySide ? 2 : 0}>
					<DecisionOrder steps={advice.steps} width={sideBySide ? orderWidth : width} />
				</Box>
				<Box width={tableWidth} flexDirection="column" marginTop={sideBySide ? 0 : 1}>
					<BandwidthTable rows={advice.bandwidth} width={tableWidth} />
				</Box>
			</Box>
			<Box marginTop={1} flexDirection="column">
				<NotesList notes={advice.notes} width={width} />
			</Box>
			<Box marginTop={1} flexDirection="column">
				<SaveProfilePrompt state={state} />
				{state.mode === 'naming' ? null : (
					<Text color={theme.text.muted}>s save as profile · r start over · p probe · q quit</Text>
				)}
			</Box>
		</Box>
	);
}
