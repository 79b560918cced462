// Reading a file the user names (an export to import, a file to explain) without trusting what it is: opened
// without blocking (a FIFO with no writer opens at once instead of waiting for one for good), checked to be a
// regular file by the open descriptor (a FIFO, /dev/zero, a socket or a folder is refused: none has a size
// to trust, /dev/zero's is 0 and it never ends), and read to at most `maxBytes` + 1 bytes, counted as read.

import {closeSync, constants, fstatSync, openSync, readSync, type Stats} from 'node:fs';
import {errnoCode, storeAccessError} from './store-access.js';

export type BoundedRead =
	| {readonly kind: 'text'; readonly text: string}
	| {readonly kind: 'missing'}
	/** Not a regular file: what it is ("a FIFO", "a character device"…). */
	| {readonly kind: 'not-regular'; readonly what: string}
	/** Over the cap: at least this many bytes. */
	| {readonly kind: 'too-big'; readonly bytes: number};

function whatItIs(stats: Stats): string {
	if (stats.isDirectory()) return 'a folder';
	if (stats.isFIFO()) return 'a FIFO (named pipe)';
	if (stats.isCharacterDevice()) return 'a character device';
	if (stats.isBlockDevice()) return 'a block device';
	if (stats.isSocket()) return 'a socket';
	return 'not a regular file';
}

function readCapped(fd: number, maxBytes: number): BoundedRead {
	const chunks: Buffer[] = [];
	let total = 0;
	for (;;) {
		const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - total));
		const read = readSync(fd, chunk, 0, chunk.length, null);
		if (read === 0) break;
		chunks.push(chunk.subarray(0, read));
		total += read;
		if (total > maxBytes) return {kind: 'too-big', bytes: total};
	}

	return {kind: 'text', text: Buffer.concat(chunks).toString('utf8')};
}

/** The file's text when it is a regular file of at most `maxBytes`; else what it is instead. */
export function readRegularFile(path: string, maxBytes: number): BoundedRead {
	let fd: number;
	try {
		fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return {kind: 'missing'};
		throw storeAccessError('read', path, error);
	}

	try {
		const stats = fstatSync(fd);
		if (!stats.isFile()) return {kind: 'not-regular', what: whatItIs(stats)};
		if (stats.size > maxBytes) return {kind: 'too-big', bytes: stats.size};
		return readCapped(fd, maxBytes);
	} catch (error: unknown) {
		throw storeAccessError('read', path, error);
	} finally {
		closeSync(fd);
	}
}
