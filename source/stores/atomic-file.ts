// Whole-file writes that a reader never sees half done, and that never say "saved" unless they were: write a
// temporary file beside the target (every byte: a short write is continued, one that takes nothing is
// ENOSPC), fsync and close it (each can report a full disk or quota), rename it over the target (atomic
// within one file system), then fsync the folder so the rename itself survives a crash. Any failure removes
// the temporary file and leaves the old target as it was. Reads tell a missing file from an unreadable one.

import {closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync} from 'node:fs';
import {dirname} from 'node:path';
import {isSaid} from '../domain/errors.js';
import {errnoCode, storeAccessError} from './store-access.js';

let counter = 0;

/** The file system calls a write makes (tests inject a short or failing write). */
export interface WriteParts {
	readonly writeSync: (fd: number, buffer: Uint8Array, offset: number, length: number) => number;
}

const nodeParts: WriteParts = {writeSync: (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length)};

function noSpace(path: string): NodeJS.ErrnoException {
	return Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {code: 'ENOSPC'});
}

/** Every byte of `bytes` to `fd`: a short write is continued; a write that takes nothing is a full disk. */
function writeAll(fd: number, bytes: Uint8Array, path: string, parts: WriteParts): void {
	let offset = 0;
	while (offset < bytes.length) {
		const written = parts.writeSync(fd, bytes, offset, bytes.length - offset);
		if (written <= 0) throw noSpace(path);
		offset += written;
	}
}

function closeQuietly(fd: number): void {
	try {
		closeSync(fd);
	} catch {
		// The write's own error is the one to report.
	}
}

/** Flushes a folder's entries (the rename); a file system that cannot fsync a folder (EINVAL…) is let be. */
function syncFolder(folder: string): void {
	let fd: number | undefined;
	try {
		fd = openSync(folder, 'r');
		fsyncSync(fd);
	} catch (error: unknown) {
		const code = errnoCode(error);
		if (code === 'EIO' || code === 'ENOSPC' || code === 'EDQUOT') throw error;
	} finally {
		if (fd !== undefined) closeQuietly(fd);
	}
}

/**
 * Writes `text` to `path` atomically (creating its folder); failures are one line naming the path (exit 1) and
 * leave the old file as it was. `beforeRename` runs once the new text is on disk (the store lock checks it
 * still holds the lock there: store-lock.ts).
 */
export function writeFileAtomic(
	path: string,
	text: string,
	beforeRename?: () => void,
	parts: WriteParts = nodeParts,
): void {
	const temporary = `${path}.${process.pid}.${(counter++).toString(36)}.tmp`;
	try {
		const folder = dirname(path);
		mkdirSync(folder, {recursive: true});
		const fd = openSync(temporary, 'w', 0o600);
		let closed = false;
		try {
			writeAll(fd, Buffer.from(text), temporary, parts);
			fsyncSync(fd);
			closed = true;
			closeSync(fd);
		} finally {
			if (!closed) closeQuietly(fd);
		}

		beforeRename?.();
		renameSync(temporary, path);
		syncFolder(folder);
	} catch (error: unknown) {
		rmSync(temporary, {force: true});
		if (isSaid(error)) throw error;
		throw storeAccessError('save to', path, error, 'not saved; the file as it was is kept');
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
