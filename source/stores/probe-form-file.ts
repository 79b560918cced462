// The probe form as the user last left it, kept across sessions in `<config folder>/probe-form.json`: text
// values by field id and the recommendation they were filled from. What the form remembers is typing, not
// data: a file that cannot be read or parsed is left as it is and the form opens on the recommendation; the
// next write replaces it. Strings are read printable (printable.ts); at most 64 KiB is read.

import {statSync} from 'node:fs';
import {printableJson} from '../domain/printable.js';
import {readTextOrNull, writeFileAtomic} from './atomic-file.js';
import {configFile} from './config-folder.js';

export const probeFormVersion = 1;
/** A form of some 30 short fields is under 2 KiB; a larger file is not one this netplace wrote. */
const maxBytes = 64 * 1024;
/** A field's text longer than this is not something typed into a form field. */
const maxValueLength = 256;

export interface StoredProbeForm {
	/** Field id -> the text the field held. */
	readonly values: Readonly<Record<string, string>>;
	/** The recommendation the form was filled from (its cloud/shape/placement/… key), or null. */
	readonly from: string | null;
}

export function probeFormPath(): string {
	return configFile('probe-form');
}

function sizeOk(path: string): boolean {
	try {
		return statSync(path).size <= maxBytes;
	} catch {
		return false;
	}
}

/** Only string values of a sane length: anything else in the file is not a field's text. */
function valuesOf(raw: unknown): Record<string, string> | null {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
	const values: Record<string, string> = {};
	for (const [key, value] of Object.entries(raw)) {
		if (typeof value === 'string' && value.length <= maxValueLength) values[key] = value;
	}

	return values;
}

/** The form as last left, or null (none kept, unreadable, malformed, or written by a newer netplace). */
export function readProbeForm(path: string = probeFormPath()): StoredProbeForm | null {
	try {
		if (!sizeOk(path)) return null;
		const text = readTextOrNull(path);
		if (text === null) return null;
		const parsed = JSON.parse(text, printableJson) as {version?: unknown; values?: unknown; from?: unknown};
		if (parsed.version !== probeFormVersion) return null;
		const values = valuesOf(parsed.values);
		if (values === null) return null;
		return {values, from: typeof parsed.from === 'string' ? parsed.from : null};
	} catch {
		return null;
	}
}

/** Keeps the form (atomically); a failed write is reported to the caller, which may go on without it. */
export function writeProbeForm(form: StoredProbeForm, path: string = probeFormPath()): void {
	writeFileAtomic(path, `${JSON.stringify({version: probeFormVersion, ...form}, null, 2)}\n`);
}
