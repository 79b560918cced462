// `profiles import FILE` checks a file as strictly as flags: a size and a nesting depth no export comes near,
// only the fields an export has (in the entry and its workload), and the workload against the one bounds
// table (request/workload.ts parseWorkload, what the flags go through), each bad field named as the file's. Each refusal is one line, exit 2,
// before anything is written. Strings come back without control characters (domain/printable.ts).

import {UserError} from '../domain/errors.js';
import {printableJson} from '../domain/printable.js';
import {readRegularFile} from '../stores/bounded-read.js';
import {profileSchemas} from '../stores/profile-schema.js';
import {parseWorkload, type WorkloadInput} from './workload.js';

/** An export is some 30 to 60 KB (a workload and its advice); 1 MiB is far above any. */
export const maxImportBytes = 1024 * 1024;
/** An export nests some 8 deep (advice -> steps -> evidence -> fields); 32 is far above. */
export const maxImportDepth = 32;

const hint = 'profiles import reads what profiles export wrote';
const entryFields = new Set(['name', 'savedAt', 'workload', 'probeRunIds', 'advice']);

/** How deep `value` nests (a scalar 0), counted without recursion; stops once past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
	let deepest = 0;
	const stack: Array<readonly [unknown, number]> = [[value, 0]];
	while (stack.length > 0) {
		const [item, depth] = stack.pop() ?? [null, 0];
		if (typeof item !== 'object' || item === null) continue;
		deepest = Math.max(deepest, depth + 1);
		if (deepest > limit) return deepest;
		for (const child of Object.values(item)) stack.push([child, depth + 1]);
	}

	return deepest;
}

function deeperThan(file: string): UserError {
	return new UserError(`${file} nests deeper than ${maxImportDepth} levels: not an exported profile`, hint);
}

/** The file's text: a regular file of at most 1 MiB (a FIFO or /dev/zero refused without a read that blocks or never ends). */
function exportText(file: string): string {
	const read = readRegularFile(file, maxImportBytes);
	switch (read.kind) {
		case 'text': {
			return read.text;
		}

		case 'missing': {
			throw new UserError(`no such file ${file}`, hint);
		}

		case 'not-regular': {
			throw new UserError(`${file} is ${read.what}, not a file: no exported profile is read from it`, hint);
		}

		case 'too-big': {
			const size = (read.bytes / 1024 / 1024).toFixed(1);
			throw new UserError(`${file} is ${size} MiB: no exported profile is over 1 MiB`, hint);
		}
	}
}

/** The file's JSON object, checked for size, depth and form; the name apart from the entry. */
export function readExportFile(file: string): {name: unknown; entry: Record<string, unknown>} {
	const text = exportText(file);
	let parsed: unknown;
	try {
		parsed = JSON.parse(text, printableJson);
	} catch (error: unknown) {
		// V8's parser runs out of stack on nesting some thousands deep.
		if (error instanceof RangeError) throw deeperThan(file);
		throw new UserError(`${file} is not valid JSON`, hint);
	}

	if (nestingDepth(parsed, maxImportDepth) > maxImportDepth) {
		throw deeperThan(file);
	}

	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new UserError(`${file} is not an exported profile (not a JSON object)`, hint);
	}

	const {name, ...entry} = parsed as Record<string, unknown>;
	assertKnownFields(file, parsed as Record<string, unknown>);
	return {name, entry};
}

function assertKnownFields(file: string, parsed: Record<string, unknown>): void {
	const unknown = Object.keys(parsed).filter((key) => !entryFields.has(key));
	const workload = parsed['workload'];
	if (typeof workload === 'object' && workload !== null && !Array.isArray(workload)) {
		const known = new Set(Object.keys(profileSchemas().workloadFields.shape));
		unknown.push(
			...Object.keys(workload)
				.filter((key) => !known.has(key))
				.map((key) => `workload.${key}`),
		);
	}

	if (unknown.length > 0) {
		throw new UserError(`${file} has fields an exported profile does not: ${unknown.join(', ')}`, hint);
	}
}

/**
 * The workload checked by the one builder, as the flags are (the bounds table): a RequestError (exit 2) names
 * each bad field as the file's (`workload.streams in x.json must be an integer from 1 to 4096, got "100000"`).
 */
export function assertImportBounds(file: string, workload: unknown): void {
	if (typeof workload !== 'object' || workload === null) return; // the schema says what is missing
	parseWorkload(workload as WorkloadInput, () => ({kind: 'file', file}));
}
