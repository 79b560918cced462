// The bytes of a file `netplace explain` was given (I/O): a regular file or `-` (standard input, which must not
// be a terminal), at most maxImportBytes. Anything else is refused in one line naming the file, before a byte
// is read: a FIFO or a device is never opened (opening a FIFO waits for a writer), a directory is not a file.

import {closeSync, fstatSync, openSync, readSync, type Stats, statSync} from 'node:fs';
import {isSaid, UserError} from '../domain/errors.js';
import {printable} from '../domain/printable.js';

/**
 * The largest file read: iperf3 `-J` over an hour at 1 s intervals with 16 streams is about 20 MB, so 64 MiB holds
 * every real run with room, and a file past it is refused before it fills the memory.
 */
export const maxImportBytes = 64 * 1_048_576;

/** One line: "explain: FILE: why". */
export function importError(file: string, why: string): UserError {
	return new UserError(`explain: ${printable(file)}: ${why}`, 'netplace explain --help lists what it reads');
}

function kindOf(stats: Stats): string {
	if (stats.isDirectory()) return 'a directory';
	if (stats.isFIFO()) return 'a FIFO (named pipe): give a regular file, or pipe it to `-`';
	if (stats.isSocket()) return 'a socket';
	if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
	return 'not a regular file';
}

function tooBig(bytes: number): string {
	return `${Math.round(bytes / 1_048_576)} MiB, more than the ${maxImportBytes / 1_048_576} MiB explain reads`;
}

function errnoText(error: unknown): string {
	const code = (error as {code?: string}).code;
	if (code === 'ENOENT') return 'no such file';
	if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
	return printable(error instanceof Error ? error.message : String(error));
}

function readRegular(file: string): string {
	let stats: Stats;
	try {
		stats = statSync(file);
	} catch (error: unknown) {
		throw importError(file, errnoText(error));
	}

	if (!stats.isFile()) throw importError(file, kindOf(stats));
	if (stats.size > maxImportBytes) throw importError(file, tooBig(stats.size));
	try {
		return readBounded(openSync(file, 'r'), file);
	} catch (error: unknown) {
		if (isSaid(error)) throw error;
		throw importError(file, errnoText(error));
	}
}

/** Reads `fd` to its end, refusing past maxImportBytes (a file that grows while read, or a pipe); closes a file. */
function readBounded(fd: number, file: string): string {
	const chunks: Buffer[] = [];
	let total = 0;
	try {
		const chunk = Buffer.alloc(1_048_576);
		for (;;) {
			const read = readSync(fd, chunk, 0, chunk.length, null);
			if (read === 0) break;
			total += read;
			if (total > maxImportBytes) throw importError(file, tooBig(total));
			chunks.push(Buffer.from(chunk.subarray(0, read)));
		}
	} catch (error: unknown) {
		if (isSaid(error)) throw error;
		if ((error as {code?: string}).code === 'EAGAIN')
			throw importError(file, 'standard input is not ready to read (non-blocking): redirect a file with < instead');
		throw importError(file, errnoText(error));
	} finally {
		if (fd !== 0) closeSync(fd);
	}

	return Buffer.concat(chunks).toString('utf8');
}

function readStandardInput(): string {
	if (process.stdin.isTTY) throw importError('-', 'standard input is a terminal: pipe a file to it, or name the file');
	const stats = fstatSync(0);
	if (stats.isFile() && stats.size > maxImportBytes) throw importError('-', tooBig(stats.size));
	return readBounded(0, '-');
}

/** The text of `file` (`-`: standard input), or a UserError naming it. */
export function readImport(file: string): string {
	return file === '-' ? readStandardInput() : readRegular(file);
}
