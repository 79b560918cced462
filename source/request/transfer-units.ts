// `--transfer SIZE` and `--within DURATION`: a number with a unit, checked against the one bounds table
// (bounds.ts: transfer in TB, within in hours). Sizes take decimal units (KB ... PB, powers of 1000) and
// binary ones (KiB ... PiB, powers of 1024), in bytes: a capital prefix with a lower-case b (100Mb) is bits
// and refused; durations s, m (min), h, d. A stored profile holds bytes and seconds as plain numbers. Pure.

import {describeBound, type NumberBound, requestBounds} from '../domain/bounds.js';
import {UserError} from '../domain/errors.js';
import {round} from '../domain/format.js';
import type {Workload} from '../domain/types.js';
import {inBound, parseDecimal} from './request-number.js';

export const byteUnits: Readonly<Record<string, number>> = {
	b: 1,
	kb: 1e3,
	mb: 1e6,
	gb: 1e9,
	tb: 1e12,
	pb: 1e15,
	kib: 2 ** 10,
	mib: 2 ** 20,
	gib: 2 ** 30,
	tib: 2 ** 40,
	pib: 2 ** 50,
};

export const secondUnits: Readonly<Record<string, number>> = {
	s: 1,
	sec: 1,
	m: 60,
	min: 60,
	h: 3600,
	hr: 3600,
	d: 86_400,
	day: 86_400,
	days: 86_400,
};

/** Bytes in the transfer bound's unit (TB), seconds in the within bound's (h). */
const bytesPerBoundUnit = 1e12;
const secondsPerBoundUnit = 3600;

const quantityPattern = /^([0-9.]+)\s*([a-z]+)$/i;

/** A number and a unit from `units`, in the unit's base (bytes, seconds), or null when the text is not one. */
export function quantity(text: string, units: Readonly<Record<string, number>>): number | null {
	const match = quantityPattern.exec(text.trim());
	if (match === null) return null;
	const value = parseDecimal(match[1] ?? '');
	const scale = units[(match[2] ?? '').toLowerCase()];
	return value === null || scale === undefined ? null : value * scale;
}

/**
 * A unit written with a capital prefix and a lower-case `b` (`100Mb`, `10Gb`, `1Tib`) is bits by the usual
 * convention (IEC 80000-13: b bit, B byte), a network engineer's habit, and a factor of 8 away from bytes:
 * refused, never guessed either way. A unit typed all in lower case (`50tb`, `2 pb`) says nothing by its case
 * and is read as bytes, as before.
 */
function assertNotBits(raw: string, name: string): void {
	const unit = quantityPattern.exec(raw.trim())?.[2] ?? '';
	if (unit.length < 2 || !unit.endsWith('b') || unit === unit.toLowerCase()) return;
	const value = raw.trim().slice(0, -unit.length).trim();
	throw new UserError(
		`${name} ${JSON.stringify(raw)}: a lower-case b is bits, and the size is in bytes`,
		`write ${value}${unit.charAt(0).toUpperCase()}${unit.length > 2 ? 'iB' : 'B'} for bytes, or divide by 8 for bits`,
	);
}

function checked(
	raw: string | number,
	bound: NumberBound,
	units: Readonly<Record<string, number>>,
	perBoundUnit: number,
	example: string,
	name = `--${bound.flag}`,
): number {
	if (typeof raw === 'string' && units === byteUnits) assertNotBits(raw, name);
	const base = typeof raw === 'number' ? raw : quantity(raw, units);
	if (base === null || !Number.isFinite(base) || !inBound(base / perBoundUnit, bound)) {
		throw new UserError(`${name} must be ${example}: ${describeBound(bound)}, got ${JSON.stringify(String(raw))}`);
	}

	return base;
}

/** `--transfer`: bytes (a profile stores them so), or null when absent; refused as `name`. */
export function parseTransferBytes(raw: string | number | null | undefined, name?: string): number | null {
	if (raw === undefined || raw === null) return null;
	const example = 'a size such as 50TB, 500GB or 1.5TiB';
	return checked(raw, requestBounds.transfer, byteUnits, bytesPerBoundUnit, example, name);
}

/** `--within`: seconds (a profile stores them so), or null when absent; refused as `name`. */
export function parseWithinSeconds(raw: string | number | null | undefined, name?: string): number | null {
	if (raw === undefined || raw === null) return null;
	const example = 'a duration such as 6h, 90m or 2d';
	return checked(raw, requestBounds.within, secondUnits, secondsPerBoundUnit, example, name);
}

/** A volume over a time, as a target: Gbps rounded up to 0.01 (meeting it finishes in time). Null without both. */
export function transferTargetGbps(workload: Pick<Workload, 'transferBytes' | 'withinSeconds'>): number | null {
	const {transferBytes, withinSeconds} = workload;
	if (transferBytes === null || withinSeconds === null) return null;
	return Math.ceil(round((transferBytes * 8) / withinSeconds / 1e9, 6) * 100) / 100;
}
