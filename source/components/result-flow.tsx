import type {Advice} from '../advisor/types.js';
import type {ProfileSaverSource} from '../wizard/profile-saver.js';
import {type ResultNavigation, useResultInput} from '../wizard/use-result-input.js';
import {useResultState} from '../wizard/use-result-state.js';
import {ResultScreen} from './result-screen.js';

export interface ResultFlowProps {
	readonly advice: Advice;
	readonly profileStore: ProfileSaverSource;
	readonly probeRunIds: readonly string[];
	readonly width: number;
	readonly isActive: boolean;
	readonly navigation: ResultNavigation;
}

/** The result screen: its state hook (save as profile), its keys, its view. */
export function ResultFlow({advice, profileStore, probeRunIds, width, isActive, navigation}: ResultFlowProps) {
	const [state, actions] = useResultState({store: profileStore, workload: advice.workload, advice, probeRunIds});
	useResultInput(state, actions, navigation, {isActive});
	return <ResultScreen advice={advice} state={state} width={width} />;
}
