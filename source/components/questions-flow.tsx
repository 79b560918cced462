import {useEffect} from 'react';
import type {Workload} from '../advisor/types.js';
import {useWizardInput} from '../wizard/use-wizard-input.js';
import {useWizardState} from '../wizard/use-wizard-state.js';
import {QuestionScreen} from './question-screen.js';

export interface QuestionsFlowProps {
	readonly initialWorkload: Workload;
	readonly isActive: boolean;
	readonly onAnswered: (workload: Workload) => void;
	readonly onCancel: () => void;
	readonly onInterrupt: () => void;
}

/** The question screens: state hook + input hook + view; reports the answers when the last one is given. */
export function QuestionsFlow({initialWorkload, isActive, onAnswered, onCancel, onInterrupt}: QuestionsFlowProps) {
	const [state, actions] = useWizardState(initialWorkload);
	useWizardInput(state, actions, {isActive: isActive && !state.done && !state.cancelled, onInterrupt});
	useEffect(() => {
		if (state.done) {
			onAnswered(state.workload);
		} else if (state.cancelled) {
			onCancel();
		}
	}, [state.done, state.cancelled, state.workload, onAnswered, onCancel]);
	return <QuestionScreen state={state} />;
}
