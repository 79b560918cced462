// Which characters a number field takes, from its entry in the one bounds table (source/domain/bounds.ts),
// and the hint shown when one it cannot take is typed: refused with a word, never dropped (`1,5` is not 15,
// `-5` is not 5). The questions screen and the probe form both type through it. Pure.

import {describeBound, type NumberBound} from '../../domain/bounds.js';

/** Digits; a point where the bound is not an integer; a comma in a list (`--streams 1,8`); a minus below 0. */
export function numberCharacters(bound: NumberBound, list = false): RegExp {
	const point = bound.integer ? '' : '.';
	const comma = list ? ',' : '';
	const minus = (bound.min ?? bound.above ?? 0) < 0 ? '-' : '';
	return new RegExp(`^[\\d${point}${comma}${minus}]$`);
}

/** `“,” is not part of a number here: type an integer from 1 to 4096`; a list says so. */
export function refusedNumberHint(bound: NumberBound, refused: readonly string[], list = false): string {
	const shown = [...new Set(refused)].map((character) => `“${character}”`).join(' ');
	const wanted = list ? `${describeBound(bound)}, or several with commas` : describeBound(bound);
	return `${shown} is not part of ${list ? 'a list' : 'a number'} here: type ${wanted}`;
}
