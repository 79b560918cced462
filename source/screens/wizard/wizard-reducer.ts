// Which screen the app shows, and what carries between screens. Pure.

import type {Measurement, Workload} from '../../advisor/types.js';

export type Screen = 'questions' | 'result' | 'probe';

export interface WizardState {
	readonly screen: Screen;
	/** The answered workload (set when the questions are done). */
	readonly workload: Workload | null;
	/** Measurements from probes run in this session: evidence for the result screen's advice. */
	readonly sessionEvidence: readonly Measurement[];
	readonly probeRunIds: readonly string[];
	/** Bumped on start over, so the question screens start afresh. */
	readonly round: number;
}

export type WizardAction =
	| {readonly type: 'answered'; readonly workload: Workload}
	| {readonly type: 'restart'}
	| {readonly type: 'open-probe'}
	| {readonly type: 'close-probe'}
	| {readonly type: 'probe-finished'; readonly runId: string; readonly measurements: readonly Measurement[]};

export function initialWizardState(workload: Workload | null): WizardState {
	return {
		screen: workload ? 'result' : 'questions',
		workload,
		sessionEvidence: [],
		probeRunIds: [],
		round: 0,
	};
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
	switch (action.type) {
		case 'answered': {
			return {...state, screen: 'result', workload: action.workload};
		}

		case 'restart': {
			return {...state, screen: 'questions', round: state.round + 1};
		}

		case 'open-probe': {
			return state.workload ? {...state, screen: 'probe'} : state;
		}

		case 'close-probe': {
			return {...state, screen: state.workload ? 'result' : 'questions'};
		}

		case 'probe-finished': {
			return {
				...state,
				sessionEvidence: [...state.sessionEvidence, ...action.measurements],
				probeRunIds: [...state.probeRunIds, action.runId],
			};
		}
	}
}
