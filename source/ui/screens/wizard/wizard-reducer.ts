// Which screen the app shows, and what carries between screens. Pure.

import type {RankedConfiguration} from '../../../domain/model-types.js';
import type {Measurement, Workload} from '../../../domain/types.js';
import type {ProbeRun} from '../../../probe/types.js';
import {initialWhatIf, type WhatIfAction, type WhatIfState, whatIfReducer} from '../../../session/what-if.js';
import type {FinishedProbe} from './probe-engine.js';

export type Screen = 'questions' | 'result' | 'probe';

export interface WizardState {
	readonly screen: Screen;
	/** The answered workload (set when the questions are done). */
	readonly workload: Workload | null;
	/** This session's complete probe runs (partial runs are never evidence), for the export. */
	readonly sessionRuns: readonly ProbeRun[];
	/** Those of runs the store did not keep: the reloaded store lacks them, so the answer adds them. */
	readonly unsavedEvidence: readonly Measurement[];
	/** This session's complete runs. */
	readonly probeRunIds: readonly string[];
	/** Bumped on start over, so the question screens start afresh. */
	readonly round: number;
	/** The result screen's what-if over the answered workload (kept while a probe runs). */
	readonly whatIf: WhatIfState | null;
	/** The recommendation `p` opened the probe form on. */
	readonly probeFrom: RankedConfiguration | null;
	/** Where the questions open: Esc on the result steps back to the last question with the answers kept. */
	readonly questionsFrom: {readonly workload: Workload; readonly index: number} | null;
}

export type WizardAction =
	| {readonly type: 'answered'; readonly workload: Workload}
	| {readonly type: 'restart'}
	/** Esc on the result: back to the last question, the answers (as the result shows them) kept. */
	| {readonly type: 'back'; readonly lastIndex: number}
	| {readonly type: 'open-probe'; readonly configuration?: RankedConfiguration | null}
	| {readonly type: 'what-if'; readonly action: WhatIfAction}
	| {readonly type: 'close-probe'}
	| {readonly type: 'probe-finished'; readonly finished: FinishedProbe};

export function initialWizardState(workload: Workload | null): WizardState {
	return {
		screen: workload ? 'result' : 'questions',
		workload,
		sessionRuns: [],
		unsavedEvidence: [],
		probeRunIds: [],
		round: 0,
		whatIf: workload ? initialWhatIf(workload) : null,
		probeFrom: null,
		questionsFrom: null,
	};
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
	switch (action.type) {
		case 'answered': {
			return {...state, screen: 'result', workload: action.workload, whatIf: initialWhatIf(action.workload)};
		}

		case 'restart': {
			return {...state, screen: 'questions', round: state.round + 1, questionsFrom: null};
		}

		case 'back': {
			return backToQuestions(state, action.lastIndex);
		}

		case 'open-probe': {
			return state.workload ? {...state, screen: 'probe', probeFrom: action.configuration ?? null} : state;
		}

		case 'what-if': {
			return state.whatIf ? {...state, whatIf: whatIfReducer(state.whatIf, action.action)} : state;
		}

		case 'close-probe': {
			return {...state, screen: state.workload ? 'result' : 'questions'};
		}

		case 'probe-finished': {
			return withProbeRun(state, action.finished);
		}
	}
}

/** Back to the questions at the one last asked, with the workload as the what-ifs left it. */
function backToQuestions(state: WizardState, lastIndex: number): WizardState {
	const workload = state.whatIf?.workload ?? state.workload;
	if (!workload) return state;
	return {...state, screen: 'questions', round: state.round + 1, questionsFrom: {workload, index: lastIndex}};
}

/** A finished probe's measurements join the session's evidence (and the unsaved ones, if its run was not kept). */
function withProbeRun(
	state: WizardState,
	finished: Extract<WizardAction, {type: 'probe-finished'}>['finished'],
): WizardState {
	const {runId, run, measurements, kept} = finished;
	return {
		...state,
		sessionRuns: [...state.sessionRuns, run],
		unsavedEvidence: kept ? state.unsavedEvidence : [...state.unsavedEvidence, ...measurements],
		probeRunIds: [...state.probeRunIds, runId],
	};
}
