// What a failed file operation on a store means to the user: one line naming the file and what to do,
// never a raw errno. Used by every store (profiles, probe results) for reads, writes and locks.

import {RuntimeError} from '../domain/errors.js';

const causes: Readonly<Record<string, string>> = {
	EACCES: 'permission denied',
	EPERM: 'operation not permitted (immutable or read-only file?)',
	EROFS: 'read-only file system',
	ENOSPC: 'no space left on the device',
	EDQUOT: 'disk quota exceeded',
	EISDIR: 'it is a folder, not a file',
	// Node's own code for rm/rmSync on a folder without `recursive`.
	ERR_FS_EISDIR: 'it is a folder, not a file',
	ENOTDIR: 'a part of the path is not a folder',
	EMFILE: 'too many open files',
};

export function errnoCode(error: unknown): string | undefined {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	return typeof code === 'string' ? code : undefined;
}

/** `cannot save to /x/config.json: permission denied (EACCES)` as a RuntimeError (exit 1). */
export function storeAccessError(action: string, path: string, error: unknown, outcome?: string): RuntimeError {
	const code = errnoCode(error);
	const cause = code === undefined ? (error instanceof Error ? error.message : String(error)) : (causes[code] ?? code);
	return new RuntimeError(
		`cannot ${action} ${path}: ${cause}${code !== undefined && causes[code] ? ` (${code})` : ''}${outcome ? `: ${outcome}` : ''}`,
		'NETPLACE_CONFIG_DIR moves the folder netplace keeps its data in',
	);
}
