// The question screens' state hook: the pure reducer plus named actions. The last answer (or Esc on the
// first question) is reported from the action itself, not from an effect after the frame: the result
// screen then replaces the questions in the same commit, and its frame is the next one written (a frame
// right after another waits for Ink's frame interval).

import {useMemo, useReducer, useRef} from 'react';
import type {Workload} from '../../../domain/types.js';
import type {RttReading} from '../../../session/measure-rtt.js';
import {
	initialQuestionsState,
	type QuestionsAction,
	type QuestionsState,
	questionsReducer,
} from './questions-reducer.js';

export interface QuestionsActions {
	readonly move: (delta: number) => void;
	readonly choose: () => void;
	readonly back: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	/** The type-ahead chose a shape or region (null: none). */
	readonly picked: (value: string | null) => void;
	/** The round trip to the host being pinged came back (or did not). */
	readonly measured: (reading: RttReading) => void;
	readonly restart: (workload?: Workload) => void;
}

export interface QuestionsOutcome {
	/** Every question answered: called once, with the answers. */
	readonly onAnswered: (workload: Workload) => void;
	/** Esc on the first question. */
	readonly onCancel: () => void;
}

export interface QuestionsStart {
	readonly workload: Workload;
	/** The question to open on (default the first). */
	readonly index?: number;
	/** That question alone: its answer ends the questions (the result screen's answers list). */
	readonly only?: boolean;
}

export function useQuestionsState(
	start: QuestionsStart,
	outcome: QuestionsOutcome,
): readonly [QuestionsState, QuestionsActions] {
	const [state, dispatch] = useReducer(questionsReducer, start, ({workload, index, only}) =>
		initialQuestionsState(workload, index, only),
	);
	// The state the actions dispatched so far lead to (several can come before the next render, e.g. y/n).
	const ahead = useRef(state);
	ahead.current = state;
	const latest = useRef(outcome);
	latest.current = outcome;
	const actions = useMemo<QuestionsActions>(() => {
		const act = (action: QuestionsAction): void => {
			const before = ahead.current;
			const after = questionsReducer(before, action);
			ahead.current = after;
			dispatch(action);
			if (after.done && !before.done) latest.current.onAnswered(after.workload);
			else if (after.cancelled && !before.cancelled) latest.current.onCancel();
		};

		return {
			move: (delta) => act({type: 'move', delta}),
			choose: () => act({type: 'choose'}),
			back: () => act({type: 'back'}),
			typeText: (text) => act({type: 'type-text', text}),
			erase: () => act({type: 'erase'}),
			picked: (value) => act({type: 'picked', value}),
			measured: (reading) => act({type: 'measured', reading}),
			restart: (next) => act(next ? {type: 'restart', workload: next} : {type: 'restart'}),
		};
	}, []);
	return [state, actions];
}
