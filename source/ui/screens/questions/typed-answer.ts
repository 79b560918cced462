// What the user types into a question's field: which characters the field takes (a character it cannot
// take is refused with a hint naming what it takes, never dropped: `1,5` is not 15, `-5` is not 5) and
// the value, checked against the request layer's one bounds table, as the CLI's flags are. Pure.

import {describeBound, type NumberBound, requestBounds} from '../../../domain/bounds.js';
import {inBound, parseDecimal} from '../../../request/request-number.js';
import type {QuestionId} from './questions.js';
import {regionPattern} from './sizing-questions.js';

export type ParsedAnswer =
	| {readonly ok: true; readonly value: number | string}
	| {readonly ok: false; readonly error: string};

/** The bounds table's entry for each number question: the same bound as its flag. */
const numberBounds: Partial<Record<QuestionId, NumberBound>> = {
	streams: requestBounds.workloadStreams,
	minGbps: requestBounds.minGbps,
	minVcpus: requestBounds.minVcpus,
	minMemoryGib: requestBounds.minMemory,
};

/** What a field takes, one character at a time: digits (and a point where the bound is not an integer). */
export function acceptOf(id: QuestionId): RegExp {
	if (id === 'region') return /^[a-z0-9-]$/;
	return numberBounds[id]?.integer === true ? /^\d$/ : /^[\d.]$/;
}

/** `“,” is not part of a number here: type an integer from 1 to 4096`. */
export function refusalHint(id: QuestionId, refused: readonly string[]): string {
	const shown = [...new Set(refused)].map((character) => `“${character}”`).join(' ');
	const bound = numberBounds[id];
	if (!bound) return `${shown}: a region takes lower-case letters, digits and dashes`;
	return `${shown} is not part of a number here: type ${describeBound(bound)}`;
}

/** Parse what the user typed for a `type` option. */
export function parseTyped(id: QuestionId, text: string): ParsedAnswer {
	const trimmed = text.trim();
	const bound = numberBounds[id];
	if (!bound) {
		return regionPattern.test(trimmed)
			? {ok: true, value: trimmed}
			: {ok: false, error: 'Type a region such as us-east-1.'};
	}

	const value = parseDecimal(trimmed);
	return value !== null && inBound(value, bound)
		? {ok: true, value}
		: {ok: false, error: `Type ${describeBound(bound)}${trimmed === '' ? '' : ` (not ${trimmed})`}.`};
}
