// The question screens' state as a pure reducer with named actions (no React, no Ink).

import {UserError} from '../../../domain/errors.js';
import type {Workload} from '../../../domain/types.js';
import {hostCharacter, hostName} from '../../../request/host-name.js';
import type {RttReading} from '../../../session/measure-rtt.js';
import {typedKeys} from '../text-edit.js';
import {
	type AnswerValue,
	activeQuestions,
	answerOf,
	initialCursor,
	type Question,
	questions,
	withAnswer,
} from './questions.js';
import {acceptOf, parseTyped, refusalHint} from './typed-answer.js';

export interface QuestionsState {
	/** Answers so far (starts from the defaults or an initial workload). */
	readonly workload: Workload;
	/** Index into `activeQuestions(workload)`. */
	readonly index: number;
	readonly cursor: number;
	/** A text field is open for a typed number. */
	readonly typing: boolean;
	readonly draft: string;
	/** A type-ahead is open (the shape or region question's `pick` option). */
	readonly picking: boolean;
	/** The open field takes a host to measure the round trip to (the RTT question's `measure` option). */
	readonly measuring: boolean;
	/** The host being pinged, until its reading comes back ('measured'). */
	readonly pinging: string | null;
	/** How the last answer was measured, shown under the next question. */
	readonly note: string | null;
	readonly error: string | null;
	/** Every question answered: the result screen takes over. */
	readonly done: boolean;
	/** Esc on the first question (or on the one question edited alone): the user wants out. */
	readonly cancelled: boolean;
	/** One answer edited from the result screen: choosing it ends the questions. */
	readonly only: boolean;
}

export type QuestionsAction =
	| {readonly type: 'move'; readonly delta: number}
	| {readonly type: 'choose'}
	| {readonly type: 'back'}
	| {readonly type: 'type-text'; readonly text: string}
	| {readonly type: 'erase'}
	| {readonly type: 'picked'; readonly value: string | null}
	| {readonly type: 'measured'; readonly reading: RttReading}
	| {readonly type: 'restart'; readonly workload?: Workload};

/**
 * The questions from `index` (Esc on the result steps back to the last one); `only`: that one question
 * alone (the result screen's answers list edits one answer).
 */
export function initialQuestionsState(workload: Workload, index = 0, only = false): QuestionsState {
	const asked = activeQuestions(workload);
	const at = Math.min(Math.max(0, index), asked.length - 1);
	const first = asked[at]!;
	return {
		workload,
		index: at,
		cursor: initialCursor(first, workload),
		typing: false,
		draft: '',
		picking: false,
		measuring: false,
		pinging: null,
		note: null,
		error: null,
		done: false,
		cancelled: false,
		only,
	};
}

export function currentQuestion(state: QuestionsState): Question | undefined {
	return activeQuestions(state.workload)[state.index];
}

/**
 * "3 of 7": position and count of the questions asked for these answers. On the cloud question the count
 * follows the cloud under the cursor, so it does not jump when the choice drops the GCP question.
 */
export function progressOf(state: QuestionsState): {readonly position: number; readonly total: number} {
	const question = currentQuestion(state);
	const highlighted = question?.id === 'cloud' && !state.typing ? question.options[state.cursor]?.value : undefined;
	const workload =
		highlighted === undefined || highlighted === 'type'
			? state.workload
			: (answerOrNot(state.workload, 'cloud', highlighted) ?? state.workload);
	const total = activeQuestions(workload).length;
	return {position: Math.min(state.index + 1, total), total};
}

/** No field, type-ahead or measurement open. */
const closed = {
	typing: false,
	picking: false,
	measuring: false,
	pinging: null,
	draft: '',
	error: null,
	note: null,
} as const;

function atQuestion(state: QuestionsState, index: number, workload: Workload): QuestionsState {
	const question = activeQuestions(workload)[index];
	if (!question) {
		return {...state, ...closed, workload, index, done: true};
	}

	return {
		...state,
		...closed,
		workload,
		index,
		cursor: initialCursor(question, workload),
		error: null,
		done: false,
	};
}

/** The current answer when no option holds it (`--streams 3`, `--min-gbps 30`): the typed field starts with it. */
export function offListAnswer(question: Question, workload: Workload): string | null {
	const current = answerOf(workload, question.id);
	if (typeof current !== 'number' && (typeof current !== 'string' || question.id !== 'transfer')) return null;
	return question.options.some((option) => option.value === current) ? null : String(current);
}

/** The question after this one: none when one answer is edited alone. */
function nextIndex(state: QuestionsState): number {
	return state.only ? Number.MAX_SAFE_INTEGER : state.index + 1;
}

function choose(state: QuestionsState, question: Question): QuestionsState {
	if (state.measuring) {
		const host = hostName(state.draft);
		if (host === null) return {...state, error: 'Type a host name or an IP address.'};
		return {...state, pinging: host, error: null};
	}

	if (state.typing) {
		const parsed = parseTyped(question.id, state.draft);
		if (!parsed.ok) {
			return {...state, error: parsed.error};
		}

		return answered(state, question, parsed.value);
	}

	const option = question.options[state.cursor];
	if (!option) {
		return state;
	}

	if (option.value === 'type') {
		return {...state, typing: true, draft: offListAnswer(question, state.workload) ?? '', error: null};
	}

	if (option.value === 'pick') {
		return {...state, picking: true, error: null};
	}

	if (option.value === 'measure') {
		return {...state, typing: true, measuring: true, draft: '', error: null};
	}

	return answered(state, question, option.value);
}

/**
 * The answers with the highlighted choice taken (the result screen re-ranks on it while one answer is
 * edited); the answers as they stand while a field or the type-ahead is open.
 */
export function previewOf(state: QuestionsState): Workload {
	const question = currentQuestion(state);
	const option = question?.options[state.cursor];
	const opens = option?.value === 'type' || option?.value === 'pick' || option?.value === 'measure';
	if (!question || !option || state.typing || state.picking || opens) {
		return state.workload;
	}

	return answerOrNot(state.workload, question.id, option.value) ?? state.workload;
}

/** The answers with `value` (the request layer's builder checks it), or null when it refuses it. */
function answerOrNot(workload: Workload, id: Question['id'], value: AnswerValue): Workload | null {
	try {
		return withAnswer(workload, id, value);
	} catch (error: unknown) {
		if (error instanceof UserError) return null;
		throw error;
	}
}

/** On to the next question with `value` answered; a value the builder refuses stays here, saying why. */
function answered(state: QuestionsState, question: Question, value: AnswerValue): QuestionsState {
	try {
		return atQuestion(state, nextIndex(state), withAnswer(state.workload, question.id, value));
	} catch (error: unknown) {
		if (!(error instanceof UserError)) throw error;
		return {...state, pinging: null, error: error.message};
	}
}

export function questionsReducer(state: QuestionsState, action: QuestionsAction): QuestionsState {
	const question = currentQuestion(state);
	switch (action.type) {
		case 'move': {
			if (!question || state.typing) return state;
			const count = question.options.length;
			return {...state, cursor: (state.cursor + action.delta + count) % count, error: null};
		}

		case 'choose': {
			return question ? choose(state, question) : state;
		}

		case 'picked': {
			if (!question || !state.picking) return state;
			return answered(state, question, action.value);
		}

		case 'measured': {
			return question && state.pinging !== null ? withMeasured(state, question, action.reading) : state;
		}

		case 'back': {
			return goneBack(state);
		}

		case 'type-text': {
			return question ? withTyped(state, question, action.text) : state;
		}

		case 'erase': {
			return state.typing && state.pinging === null ? {...state, draft: state.draft.slice(0, -1), error: null} : state;
		}

		case 'restart': {
			return initialQuestionsState(action.workload ?? state.workload, 0, state.only);
		}
	}
}

/** The RTT measured: the answer, and on to the next question; a failed reading says why and stays. */
function withMeasured(
	state: QuestionsState,
	question: Question,
	reading: Extract<QuestionsAction, {type: 'measured'}>['reading'],
): QuestionsState {
	if (!reading.ok) return {...state, pinging: null, error: reading.error};
	const next = answered(state, question, reading.rttMs);
	return next.error === null ? {...next, note: reading.detail} : next;
}

/** Back one level: out of the pick list or the typing, to the last question from the end, else the one before. */
function goneBack(state: QuestionsState): QuestionsState {
	if (state.pinging !== null) return state;
	if (state.picking) {
		return {...state, picking: false, error: null};
	}

	if (state.typing) {
		return {...state, typing: false, measuring: false, draft: '', error: null};
	}

	if (state.done) {
		return atQuestion(state, activeQuestions(state.workload).length - 1, state.workload);
	}

	if (state.index === 0 || state.only) {
		return {...state, cancelled: true};
	}

	return atQuestion(state, state.index - 1, state.workload);
}

/** Typed keys into the draft; keys the question does not take are refused with a hint. */
function withTyped(state: QuestionsState, question: Question, text: string): QuestionsState {
	if (!state.typing || state.pinging !== null) {
		return state;
	}

	const accept = state.measuring ? hostCharacter : acceptOf(question.id);
	const {value: draft, refused} = typedKeys(state.draft, text, accept);
	if (refused.length > 0) return {...state, draft, error: refusalHint(question.id, refused, state.measuring)};
	return draft === state.draft ? state : {...state, draft, error: null};
}

/**
 * The answers the questions end with when Enter is pressed on each one from `index` on (each opens on the
 * answer it holds; a typed figure is confirmed as it stands), or null when Enter would open the type-ahead
 * or a field whose figure does not parse.
 */
export function answersIfKept(workload: Workload, index: number): Workload | null {
	let state = atQuestion(initialQuestionsState(workload), index, workload);
	for (let step = 0; !state.done; step++) {
		const next = questionsReducer(state, {type: 'choose'});
		if (next === state || next.picking || next.measuring || next.error !== null || step > 2 * questions.length)
			return null;
		state = next;
	}

	return state.workload;
}
