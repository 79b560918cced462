// The question screens' state hook: the pure reducer plus named actions.

import {useMemo, useReducer} from 'react';
import type {Workload} from '../../advisor/types.js';
import {initialQuestionsState, type QuestionsState, questionsReducer} from './questions-reducer.js';

export interface QuestionsActions {
	readonly move: (delta: number) => void;
	readonly choose: () => void;
	readonly back: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	/** The type-ahead chose a shape (null: none). */
	readonly picked: (shape: string | null) => void;
	readonly restart: (workload?: Workload) => void;
}

export function useQuestionsState(workload: Workload): readonly [QuestionsState, QuestionsActions] {
	const [state, dispatch] = useReducer(questionsReducer, workload, initialQuestionsState);
	const actions = useMemo<QuestionsActions>(
		() => ({
			move: (delta) => dispatch({type: 'move', delta}),
			choose: () => dispatch({type: 'choose'}),
			back: () => dispatch({type: 'back'}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			picked: (shape) => dispatch({type: 'picked', shape}),
			restart: (next) => dispatch(next ? {type: 'restart', workload: next} : {type: 'restart'}),
		}),
		[],
	);
	return [state, actions];
}
