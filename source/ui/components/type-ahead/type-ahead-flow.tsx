import {TypeAhead} from './type-ahead.js';
import type {PickItem} from './type-ahead-reducer.js';
import {type TypeAheadCallbacks, useTypeAheadInput} from './use-type-ahead-input.js';
import {useTypeAheadState} from './use-type-ahead-state.js';

export interface TypeAheadFlowProps extends TypeAheadCallbacks {
	readonly items: readonly PickItem[];
	readonly prompt: string;
	readonly width: number;
	readonly isActive: boolean;
	readonly rows?: number;
}

/** The type-ahead picker: its state hook, its keys, its view. */
export function TypeAheadFlow({items, prompt, width, isActive, rows, ...callbacks}: TypeAheadFlowProps) {
	const [state, actions] = useTypeAheadState(items);
	useTypeAheadInput(state, actions, callbacks, {isActive});
	return <TypeAhead state={state} prompt={prompt} width={width} {...(rows === undefined ? {} : {rows})} />;
}
