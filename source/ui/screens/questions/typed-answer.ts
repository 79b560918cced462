// What the user types into a question's field: which characters the field takes (a character it cannot
// take is refused with a hint naming what it takes, never dropped: `1,5` is not 15, `-5` is not 5) and
// the value, checked against the request layer's one bounds table, as the CLI's flags are. Pure.

import {describeBound, type NumberBound, requestBounds} from '../../../domain/bounds.js';
import {inBound, parseDecimal} from '../../../request/request-number.js';
import {
	parseTransferPhrase,
	transferPhrase,
	transferPhraseCharacter,
	transferPhraseWanted,
} from '../../../request/transfer-phrase.js';
import {numberCharacters, refusedNumberHint} from '../number-typing.js';
import type {QuestionId} from './questions.js';

export type ParsedAnswer =
	| {readonly ok: true; readonly value: number | string}
	| {readonly ok: false; readonly error: string};

/** The bounds table's entry for each number question: the same bound as its flag. */
const numberBounds: Partial<Record<QuestionId, NumberBound>> = {
	streams: requestBounds.workloadStreams,
	minGbps: requestBounds.minGbps,
	minVcpus: requestBounds.minVcpus,
	minMemoryGib: requestBounds.minMemory,
	rttMs: requestBounds.pathRtt,
};

/** What a field takes, one character at a time: digits (and a point where the bound is not an integer). */
export function acceptOf(id: QuestionId): RegExp {
	if (id === 'transfer') return transferPhraseCharacter;
	const bound = numberBounds[id];
	return bound ? numberCharacters(bound) : /^[\d.]$/;
}

/** `“,” is not part of a number here: type an integer from 1 to 4096`. */
export function refusalHint(id: QuestionId, refused: readonly string[], host = false): string {
	if (host) {
		return `${quoted(refused)}: a host takes letters, digits, dots, dashes and colons`;
	}
	const bound = numberBounds[id];
	if (bound) return refusedNumberHint(bound, refused);
	if (id === 'transfer') return `${quoted(refused)} is not part of a size or a time here: type ${transferPhraseWanted}`;
	return `${quoted(refused)} is not part of a number here`;
}

/** Parse what the user typed for a `type` option. */
export function parseTyped(id: QuestionId, text: string): ParsedAnswer {
	const trimmed = text.trim();
	if (id === 'transfer') return parsedTransfer(trimmed);
	const bound = numberBounds[id];
	if (!bound) return {ok: false, error: 'Type a number.'};

	const value = parseDecimal(trimmed);
	return value !== null && inBound(value, bound)
		? {ok: true, value}
		: {ok: false, error: `Type ${describeBound(bound)}${trimmed === '' ? '' : ` (not ${trimmed})`}.`};
}

/** The transfer field: read back as the flags' text ("50TB in 6h") for the answers to hold. */
function parsedTransfer(trimmed: string): ParsedAnswer {
	const transfer = parseTransferPhrase(trimmed);
	const phrase = transfer === null ? null : transferPhrase(transfer);
	return phrase === null
		? {ok: false, error: `Type ${transferPhraseWanted}${trimmed === '' ? '' : ` (not ${trimmed})`}.`}
		: {ok: true, value: phrase};
}

function quoted(refused: readonly string[]): string {
	return [...new Set(refused)].map((character) => `“${character}”`).join(' ');
}
