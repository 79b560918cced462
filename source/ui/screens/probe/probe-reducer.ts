// The probe screen's phases: set up -> plan (confirm for clouds) -> run with live progress -> results.
// Pure: the hook performs the I/O and reports back through these actions.

import {requestBounds} from '../../../domain/bounds.js';
import type {Measurement} from '../../../domain/types.js';
import type {NetworkSplit} from '../../../probe/network-split.js';
import type {ProbeEvent, ProbeRun} from '../../../probe/types.js';
import {providerFacts} from '../../../providers/facts.js';
import type {ProbePlanEstimate} from '../../../providers/provider.js';
import {probeNumberField} from '../../../request/probe-request.js';
import {numberCharacters, refusedNumberHint} from '../number-typing.js';
import {applyTyped, typedKeys} from '../text-edit.js';
import {
	checkForm,
	choicesOf,
	type FieldId,
	type FormValues,
	initialFormValues,
	type ProbeRequest,
	visibleFields,
} from './probe-form.js';
import {emptyProgress, endProgress, type ProbeProgress, progressReducer} from './probe-progress.js';

export type ProbePhase = 'setup' | 'planning' | 'plan' | 'running' | 'aborting' | 'done' | 'failed';

export interface ProbeState {
	readonly phase: ProbePhase;
	readonly values: FormValues;
	/** Index into visibleFields(values); one past the end is the "show the plan" row. */
	readonly cursor: number;
	readonly errors: readonly string[];
	readonly request: ProbeRequest | null;
	readonly plan: ProbePlanEstimate | null;
	readonly progress: ProbeProgress;
	readonly run: ProbeRun | null;
	/** The runs before `run` when the request was several (k8s: node pairs x networks, Provider.runTargets). */
	readonly earlier: readonly ProbeRun[];
	/** k8s `--network both`: what the pod network costs per node pair, after the runs. */
	readonly splits: readonly NetworkSplit[];
	/** A complete run's measurements, evidence for the recomputed advice (none for a partial run). */
	readonly measurements: readonly Measurement[];
	/** The run was interrupted (Esc / Ctrl-C). */
	readonly interrupted: boolean;
	/** Ctrl-C pressed again while teardown runs: say it is ignored. */
	readonly ignoredInterrupt: boolean;
	readonly failure: string | null;
}

export type ProbeAction =
	| {readonly type: 'move'; readonly delta: number}
	| {readonly type: 'cycle'; readonly delta: number}
	| {readonly type: 'type-text'; readonly text: string}
	| {readonly type: 'erase'}
	| {readonly type: 'submit'}
	| {readonly type: 'plan-ready'; readonly plan: ProbePlanEstimate}
	| {readonly type: 'plan-failed'; readonly message: string}
	| {readonly type: 'back'}
	| {readonly type: 'start'}
	| {readonly type: 'run-started'; readonly label: string | null}
	| {readonly type: 'event'; readonly event: ProbeEvent}
	| {readonly type: 'interrupt'}
	| {
			readonly type: 'finished';
			readonly run: ProbeRun;
			readonly measurements: readonly Measurement[];
			readonly earlier?: readonly ProbeRun[];
			readonly splits?: readonly NetworkSplit[];
	  }
	| {readonly type: 'run-failed'; readonly message: string};

export function initialProbeState(values: FormValues = initialFormValues()): ProbeState {
	return {
		phase: 'setup',
		values,
		cursor: 0,
		errors: [],
		request: null,
		plan: null,
		progress: emptyProgress,
		run: null,
		earlier: [],
		splits: [],
		measurements: [],
		interrupted: false,
		ignoredInterrupt: false,
		failure: null,
	};
}

/** The field under the cursor, or null on the "show the plan" row. */
export function fieldAtCursor(state: ProbeState): FieldId | null {
	return visibleFields(state.values)[state.cursor]?.id ?? null;
}

/** A provider that spends money (its facts say billed): its plan needs an explicit yes. */
export function needsConfirm(state: ProbeState): boolean {
	return state.request !== null && providerFacts(state.request.provider).billed;
}

function setValue(state: ProbeState, id: FieldId, value: string): ProbeState {
	return {...state, values: {...state.values, [id]: value}, errors: []};
}

/**
 * Typing into a text field; a number field (its bound from the one bounds table) refuses a character it
 * cannot take with a hint, keeping what was typed before it (the questions screen's rule: number-typing.ts).
 */
function typeInto(state: ProbeState, id: FieldId, text: string): ProbeState {
	const number = probeNumberField(id);
	const value = state.values[id];
	if (number === null || number.word !== undefined) return setValue(state, id, applyTyped(value, text));
	const bound = requestBounds[number.bound];
	const typed = typedKeys(value, text, numberCharacters(bound, number.list === true));
	const next = setValue(state, id, typed.value);
	return typed.refused.length === 0
		? next
		: {...next, errors: [refusedNumberHint(bound, typed.refused, number.list === true)]};
}

function editField(state: ProbeState, action: ProbeAction): ProbeState {
	const fields = visibleFields(state.values);
	const field = fields[state.cursor];
	switch (action.type) {
		case 'move': {
			const rows = fields.length + 1;
			return {...state, cursor: (state.cursor + action.delta + rows) % rows};
		}

		case 'cycle': {
			const choices = field ? choicesOf(field) : [];
			if (!field || choices.length === 0) {
				return state;
			}

			const index = choices.indexOf(state.values[field.id]);
			const count = choices.length;
			const next = choices[(index + action.delta + count) % count] ?? state.values[field.id];
			return setValue(state, field.id, next);
		}

		case 'type-text': {
			return field?.kind === 'text' ? typeInto(state, field.id, action.text) : state;
		}

		case 'erase': {
			return field?.kind === 'text' ? setValue(state, field.id, state.values[field.id].slice(0, -1)) : state;
		}

		default: {
			return state;
		}
	}
}

export function probeReducer(state: ProbeState, action: ProbeAction): ProbeState {
	switch (action.type) {
		case 'move':
		case 'cycle':
		case 'type-text':
		case 'erase': {
			return state.phase === 'setup' ? editField(state, action) : state;
		}

		case 'submit': {
			return state.phase === 'setup' ? submitted(state) : state;
		}

		case 'plan-ready': {
			return state.phase === 'planning' ? {...state, phase: 'plan', plan: action.plan} : state;
		}

		case 'plan-failed': {
			return state.phase === 'planning' ? {...state, phase: 'setup', errors: [action.message]} : state;
		}

		case 'back': {
			return state.phase === 'plan' || state.phase === 'failed' || state.phase === 'done'
				? {...initialProbeState(state.values), cursor: state.cursor}
				: state;
		}

		case 'start': {
			return state.phase === 'plan'
				? {...state, phase: 'running', progress: emptyProgress, run: null, earlier: [], splits: []}
				: state;
		}

		case 'run-started': {
			// One run of several starts: its steps replace the last run's (which the results list after).
			return state.phase === 'running' || state.phase === 'aborting'
				? {...state, progress: {...emptyProgress, runLabel: action.label}}
				: state;
		}

		case 'event': {
			return state.phase === 'running' || state.phase === 'aborting'
				? {...state, progress: progressReducer(state.progress, action.event)}
				: state;
		}

		case 'interrupt': {
			return interrupted(state);
		}

		case 'finished': {
			return finished(state, action);
		}

		case 'run-failed': {
			return {...state, phase: 'failed', progress: endProgress(state.progress), failure: action.message};
		}
	}
}

/** The form checked: on to planning with its request, or its errors shown. */
function submitted(state: ProbeState): ProbeState {
	const check = checkForm(state.values);
	return check.ok
		? {...state, phase: 'planning', request: check.request, errors: [], plan: null}
		: {...state, errors: check.errors};
}

/** Ctrl-C while running aborts (teardown still runs); another while aborting is noted and ignored. */
function interrupted(state: ProbeState): ProbeState {
	if (state.phase === 'running') {
		return {...state, phase: 'aborting', interrupted: true};
	}

	return state.phase === 'aborting' ? {...state, ignoredInterrupt: true} : state;
}

function finished(state: ProbeState, action: Extract<ProbeAction, {type: 'finished'}>): ProbeState {
	return {
		...state,
		phase: 'done',
		progress: endProgress(state.progress),
		run: action.run,
		earlier: action.earlier ?? [],
		splits: action.splits ?? [],
		measurements: action.measurements,
		interrupted: state.interrupted || [...(action.earlier ?? []), action.run].some((run) => run.aborted === true),
	};
}
