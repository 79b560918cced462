// Whole-file writes that a reader never sees half done: write a temporary file beside the target, fsync,
// rename over it (rename is atomic within one file system). Reads tell a missing file from an unreadable one.

import {closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync} from 'node:fs';
import {dirname} from 'node:path';
import {errnoCode, storeAccessError} from './store-access.js';

let counter = 0;

/** Writes `text` to `path` atomically (creating its folder); failures are one line naming the path. */
export function writeFileAtomic(path: string, text: string): void {
	const temporary = `${path}.${process.pid}.${(counter++).toString(36)}.tmp`;
	try {
		mkdirSync(dirname(path), {recursive: true});
		const fd = openSync(temporary, 'w', 0o600);
		try {
			writeSync(fd, text);
			fsyncSync(fd);
		} finally {
			closeSync(fd);
		}

		renameSync(temporary, path);
	} catch (error: unknown) {
		rmSync(temporary, {force: true});
		throw storeAccessError('save to', path, error);
	}
}

/** The file's text, or null when it does not exist; other failures are one line naming the path. */
export function readTextOrNull(path: string): string | null {
	try {
		return readFileSync(path, 'utf8');
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return null;
		throw storeAccessError('read', path, error);
	}
}

/** A timestamp safe in a file name: 2026-12-01T09-14-00.000Z. */
export function fileStamp(date = new Date()): string {
	return date.toISOString().replaceAll(':', '-');
}

/** Moves a file out of the way (kept, never deleted) and returns where it went. */
export function moveAside(path: string, label: string): string {
	const aside = `${path}.${label}-${fileStamp()}`;
	try {
		renameSync(path, aside);
	} catch (error: unknown) {
		throw storeAccessError('move aside', path, error);
	}

	return aside;
}
