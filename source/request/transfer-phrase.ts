// The wizard's "How much data, and by when?" field: "50TB in 6h", "50TB", "in 90m": a size, a time or
// both, each read with the units and the bounds `--transfer` and `--within` take (transfer-units.ts, the
// one bounds table). And back: bytes and seconds as the flags' own text ("50TB", "1.5TiB", "6h", "90m"),
// for the field, the answers list and the "same as: netplace size …" line. Pure.

import {describeBound, requestBounds} from '../domain/bounds.js';
import type {Workload} from '../domain/types.js';
import {byteUnits, parseTransferBytes, parseWithinSeconds, quantity, secondUnits} from './transfer-units.js';

export type TransferAnswer = Pick<Workload, 'transferBytes' | 'withinSeconds'>;

/** Words that may join the size and the time: "50TB in 6h", "50 TB within 2 days". */
const joiners = new Set(['in', 'within', 'by', 'over', 'and']);

const quantityAt = /\s*([0-9.]+)\s*([a-z]+)\s*/iy;

/** What the field takes, one character at a time: digits, a point, letters (units, "in") and spaces. */
export const transferPhraseCharacter = /^[\d. a-zA-Z]$/;

/** Why a phrase was refused: what to type, from the bounds table. */
export const transferPhraseWanted = `a size and a time such as 50TB in 6h, or one alone: the size ${describeBound(requestBounds.transfer)}, the time ${describeBound(requestBounds.within)}`;

/** The quantities in `text` with the joining words left out, or null when something else is in it. */
function quantities(text: string): string[] | null {
	const words = text.trim().split(/\s+/);
	const rest = words.filter((word) => !joiners.has(word.toLowerCase())).join(' ');
	const found: string[] = [];
	quantityAt.lastIndex = 0;
	while (quantityAt.lastIndex < rest.length) {
		const match = quantityAt.exec(rest);
		if (match === null) return null;
		found.push(`${match[1] ?? ''}${match[2] ?? ''}`);
	}

	return found;
}

/** "50TB in 6h" as bytes and seconds (null where the phrase gives none), or null when it does not read. */
export function parseTransferPhrase(text: string): TransferAnswer | null {
	const found = quantities(text);
	if (found === null || found.length === 0 || found.length > 2) return null;
	const sizes = found.filter((part) => quantity(part, byteUnits) !== null);
	const times = found.filter((part) => quantity(part, secondUnits) !== null);
	if (sizes.length > 1 || times.length > 1 || sizes.length + times.length !== found.length) return null;
	try {
		return {transferBytes: parseTransferBytes(sizes[0]), withinSeconds: parseWithinSeconds(times[0])};
	} catch {
		return null;
	}
}

/** The unit `value` reads best in: the largest whose figure is at least 1 with at most three decimals, exactly. */
function compact(value: number, units: Readonly<Record<string, number>>, shown: (unit: string) => string): string {
	const largestFirst = Object.entries(units).sort(([, a], [, b]) => b - a);
	for (const [unit, scale] of largestFirst) {
		const figure = Math.round((value / scale) * 1000) / 1000;
		if (figure >= 1 && figure * scale === value) return `${String(figure)}${shown(unit)}`;
	}

	return `${String(value)}${shown(largestFirst.at(-1)?.[0] ?? '')}`;
}

/** Bytes as `--transfer` takes them: "50TB", "1.5TiB", "1649267441664B". */
export function sizeFlagText(bytes: number): string {
	return compact(bytes, byteUnits, (unit) => unit.toUpperCase().replace('IB', 'iB'));
}

/** Seconds as `--within` takes them: "6h", "90m", "2d", "45s". */
export function durationFlagText(seconds: number): string {
	const units = {d: secondUnits.d ?? 86_400, h: secondUnits.h ?? 3600, m: secondUnits.m ?? 60, s: 1};
	const whole = Object.entries(units).find(([, scale]) => seconds >= scale && Number.isInteger(seconds / scale));
	return whole ? `${String(seconds / whole[1])}${whole[0]}` : `${String(seconds)}s`;
}

/** "50TB in 6h", "50TB", "in 6h", or null when the workload says neither: what the field reads back. */
export function transferPhrase(answer: TransferAnswer): string | null {
	const size = answer.transferBytes === null ? null : sizeFlagText(answer.transferBytes);
	const time = answer.withinSeconds === null ? null : `in ${durationFlagText(answer.withinSeconds)}`;
	if (size === null && time === null) return null;
	return [size, time].filter((part) => part !== null).join(' ');
}
