// Typed input arrives in chunks: a fast typist, a paste or a terminal multiplexer can deliver several keys
// at once (e.g. "\x7f\x7f3"), and Ink hands the whole chunk to useInput. Applying it key by key, as a
// terminal line editor would, keeps every text field of the wizard honest. Pure: no React, no I/O.

const erase = new Set(['\u007F', '\b']);

/**
 * A chunk with an Enter in it ("30\r": fast typing, a paste, keys over SSH): the text before the first
 * CR/LF, and whether Enter was pressed. Ink reports such a chunk as text, not as `key.return`.
 */
export function splitAtEnter(chunk: string): {readonly text: string; readonly enter: boolean} {
	const at = chunk.search(/[\r\n]/);
	return at === -1 ? {text: chunk, enter: false} : {text: chunk.slice(0, at), enter: true};
}

/**
 * `value` after typing `chunk`: DEL/BS erase the last character, other control characters (CR, LF, tab,
 * escape) are dropped, and the rest is appended when it matches `accept` (default: any printable character).
 */
export function applyTyped(value: string, chunk: string, accept: RegExp = /^[^\p{Cc}]$/u): string {
	return typedKeys(value, chunk, accept).value;
}

/**
 * `applyTyped`, stopping at the first printable character `accept` refuses, which it returns: a field says
 * so rather than drop it, and takes nothing typed after it in the chunk (a pasted `1,5` is `1` and the
 * hint, never 15).
 */
export function typedKeys(
	value: string,
	chunk: string,
	accept: RegExp = /^[^\p{Cc}]$/u,
): {readonly value: string; readonly refused: readonly string[]} {
	let result = value;
	const refused: string[] = [];
	for (const character of chunk) {
		if (erase.has(character)) {
			result = [...result].slice(0, -1).join('');
		} else if (accept.test(character)) {
			result += character;
		} else if (!/\p{Cc}/u.test(character)) {
			refused.push(character);
			break;
		}
	}

	return {value: result, refused};
}
