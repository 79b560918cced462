// The answers list's state hook: the pure reducer plus named actions.

import {useMemo, useReducer} from 'react';
import {type AnswersState, answersReducer, closedAnswers} from './answers-reducer.js';

export interface AnswersActions {
	readonly open: () => void;
	readonly close: () => void;
	readonly move: (delta: number, count: number) => void;
	readonly edit: () => void;
	readonly edited: () => void;
}

export function useAnswersState(): readonly [AnswersState, AnswersActions] {
	const [state, dispatch] = useReducer(answersReducer, closedAnswers);
	const actions = useMemo<AnswersActions>(
		() => ({
			open: () => dispatch({type: 'open'}),
			close: () => dispatch({type: 'close'}),
			move: (delta, count) => dispatch({type: 'move', delta, count}),
			edit: () => dispatch({type: 'edit'}),
			edited: () => dispatch({type: 'edited'}),
		}),
		[],
	);
	return [state, actions];
}
