// Strict numbers for requests: decimal only (no 0x10, 0b11, 0o10, 1e1, Infinity, empty), checked against
// one entry of the bounds table. Pure.

import {describeBound, type NumberBound} from '../domain/bounds.js';
import {UserError} from '../domain/errors.js';

/** Plain decimal notation: an optional sign, digits, an optional fraction. `Number()` alone takes far more. */
const decimalPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The value of a plain decimal numeral, or null for anything else (hex, binary, octal, exponent, words). */
export function parseDecimal(text: string): number | null {
	const trimmed = text.trim();
	if (!decimalPattern.test(trimmed)) return null;
	const value = Number(trimmed);
	return Number.isFinite(value) ? value : null;
}

/** Whether `value` lies within `bound` (an integer where the bound wants one). */
export function inBound(value: number, bound: NumberBound): boolean {
	return (
		(!bound.integer || Number.isInteger(value)) &&
		(bound.min === undefined || value >= bound.min) &&
		(bound.above === undefined || value > bound.above) &&
		value <= bound.max
	);
}

/**
 * `raw` (a flag's or a form field's text, or a number from a stored profile) within `bound`, or a UserError
 * naming it as `name` (default the bound's flag; `streams in profile lab-8` for a profile's).
 */
export function boundedNumber(bound: NumberBound, raw: string | number, name = `--${bound.flag}`): number {
	if (typeof raw === 'string' && raw.trim() === '') {
		throw new UserError(`${name} needs a value: ${describeBound(bound)}`);
	}

	const value = typeof raw === 'number' ? raw : parseDecimal(raw);
	if (value === null || !Number.isFinite(value) || !inBound(value, bound)) {
		throw new UserError(`${name} must be ${describeBound(bound)}, got ${JSON.stringify(String(raw))}`);
	}

	return value;
}

/** A comma list of bounded numbers (`--streams 1,8` for probe), without repeats, in the order given. */
export function boundedList(bound: NumberBound, raw: string): number[] {
	const items = raw
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item !== '');
	if (items.length === 0) throw new UserError(`--${bound.flag} needs a value, e.g. 1,8`);
	return [...new Set(items.map((item) => boundedNumber(bound, item)))];
}
