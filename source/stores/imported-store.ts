// Measurements `netplace explain --save` keeps (footed `imported`): one file per saved test in
// `<config folder>/imported/`, written atomically. They sit beside the probe results store, never in it: an
// imported figure never replaces a netplace probe's own, and `explain` says when one exists for the same cell.

import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {printableJson} from '../domain/printable.js';
import {readTextOrNull, writeFileAtomic} from './atomic-file.js';
import {configFolder} from './config-folder.js';
import {errnoCode} from './store-access.js';

/** The format of a saved import; a file with another is listed as unreadable, never rewritten. */
export const importedVersion = 1;

export function importedFolder(): string {
	return join(configFolder(), 'imported');
}

let counter = 0;

/** A new id: `im-` + the time and a counter in base 36 (sorted by when it was saved). */
export function importedId(now = Date.now()): string {
	counter = (counter + 1) % 1296;
	return `im-${now.toString(36)}-${counter.toString(36).padStart(2, '0')}`;
}

/** Saves one entry (any JSON) under `id`; the path it went to. */
export function saveImported(id: string, entry: object): string {
	const path = join(importedFolder(), `${id}.json`);
	writeFileAtomic(path, `${JSON.stringify({version: importedVersion, id, ...entry}, null, 2)}\n`);
	return path;
}

export interface StoredImport {
	readonly id: string;
	readonly path: string;
	/** The parsed entry, or null with the reason it could not be read. */
	readonly entry: Record<string, unknown> | null;
	readonly problem: string | null;
}

function readOne(path: string, id: string): StoredImport {
	const text = readTextOrNull(path);
	if (text === null) return {id, path, entry: null, problem: 'gone'};
	try {
		const entry: unknown = JSON.parse(text, printableJson);
		const ok =
			typeof entry === 'object' && entry !== null && (entry as {version?: unknown}).version === importedVersion;
		return ok
			? {id, path, entry: entry as Record<string, unknown>, problem: null}
			: {id, path, entry: null, problem: 'not a saved import of this netplace'};
	} catch {
		return {id, path, entry: null, problem: 'not valid JSON'};
	}
}

/** Every saved import, oldest first. */
export function listImported(): StoredImport[] {
	let names: string[];
	try {
		names = readdirSync(importedFolder());
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return [];
		throw error;
	}

	return names
		.filter((name) => /^im-[a-z0-9-]+\.json$/.test(name))
		.sort()
		.map((name) => readOne(join(importedFolder(), name), name.slice(0, -'.json'.length)));
}
