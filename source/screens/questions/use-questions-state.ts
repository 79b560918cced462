// The question screens' state hook: the pure reducer plus named actions.

import {useMemo, useReducer} from 'react';
import type {Workload} from '../advisor/types.js';
import {initialWizardState, type WizardState, wizardReducer} from './wizard-reducer.js';

export interface WizardActions {
	readonly move: (delta: number) => void;
	readonly choose: () => void;
	readonly back: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly restart: (workload?: Workload) => void;
}

export function useWizardState(workload: Workload): readonly [WizardState, WizardActions] {
	const [state, dispatch] = useReducer(wizardReducer, workload, initialWizardState);
	const actions = useMemo<WizardActions>(
		() => ({
			move: (delta) => dispatch({type: 'move', delta}),
			choose: () => dispatch({type: 'choose'}),
			back: () => dispatch({type: 'back'}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			restart: (next) => dispatch(next ? {type: 'restart', workload: next} : {type: 'restart'}),
		}),
		[],
	);
	return [state, actions];
}
