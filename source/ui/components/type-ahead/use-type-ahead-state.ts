// The type-ahead's state hook: the pure reducer over the given items, plus named actions.

import {useCallback, useMemo, useReducer} from 'react';
import {
	initialTypeAheadState,
	type PickItem,
	type TypeAheadAction,
	type TypeAheadState,
	typeAheadReducer,
} from './type-ahead-reducer.js';

export interface TypeAheadActions {
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly move: (delta: number) => void;
	readonly submit: () => void;
	readonly clear: () => void;
}

export function useTypeAheadState(items: readonly PickItem[]): readonly [TypeAheadState, TypeAheadActions] {
	const reducer = useCallback(
		(state: TypeAheadState, action: TypeAheadAction) => typeAheadReducer(state, action, items),
		[items],
	);
	const [state, dispatch] = useReducer(reducer, undefined, initialTypeAheadState);
	const actions = useMemo<TypeAheadActions>(
		() => ({
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			move: (delta) => dispatch({type: 'move', delta}),
			submit: () => dispatch({type: 'submit'}),
			clear: () => dispatch({type: 'clear'}),
		}),
		[],
	);
	return [state, actions];
}
