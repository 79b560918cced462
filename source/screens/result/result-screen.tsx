import {Box, Text} from 'ink';
import type {Advice} from '../../advisor/types.js';
import {BandwidthTable} from '../../components/bandwidth-table.js';
import {DecisionOrder} from '../../components/decision-order.js';
import {NotesList} from '../../components/notes-list.js';
import {workloadSummary} from '../../present/workload-summary.js';
import {theme} from '../../theme.js';
import type {ProfileSaverSource} from '../save/profile-saver.js';
import type {SaveState} from '../save/save-reducer.js';
import {SaveScreen} from '../save/save-screen.js';
import {useSaveInput} from '../save/use-save-input.js';
import {useSaveState} from '../save/use-save-state.js';
import {type ResultNavigation, useResultInput} from './use-result-input.js';

export interface ResultScreenProps {
	readonly advice: Advice;
	readonly profileStore: ProfileSaverSource;
	readonly probeRunIds: readonly string[];
	/** Terminal columns. 164 and more: decision order beside the table; less: stacked. */
	readonly width: number;
	readonly isActive: boolean;
	readonly navigation: ResultNavigation;
}

/** The result screen: the save panel's state and keys, the result's keys, the view. */
export function ResultScreen({advice, profileStore, probeRunIds, width, isActive, navigation}: ResultScreenProps) {
	const [save, saveActions] = useSaveState({store: profileStore, workload: advice.workload, advice, probeRunIds});
	const naming = save.mode === 'naming';
	useSaveInput(save, saveActions, {isActive: isActive && naming, onInterrupt: navigation.interrupt});
	useResultInput({startSaving: saveActions.startNaming, navigation}, {isActive: isActive && !naming});
	return <ResultView advice={advice} state={save} width={width} />;
}

const sideBySideFrom = 164;
const orderWidth = 62;

interface ResultViewProps {
	readonly advice: Advice;
	readonly state: SaveState;
	readonly width: number;
}

/** The decision order, the measured-versus-published table, the notes, and the keys. */
function ResultView({advice, state, width}: ResultViewProps) {
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
				<SaveScreen state={state} />
				{state.mode === 'naming' ? null : (
					<Text color={theme.text.muted}>s save as profile · r start over · p probe · q quit</Text>
				)}
			</Box>
		</Box>
	);
}
