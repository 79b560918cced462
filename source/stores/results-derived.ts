// Where the probe results store lives, and its derived files read without the lock: what `advise`, `size`,
// `table` and the wizard need when the per-cell medians (results-cells.json) are current. The store itself
// (results-store.ts: run files, the lock, rebuilding the derived files, given what a run is by
// probe/probe-results.ts) is loaded only when they are not. Layout and formats: results-files.ts.

import {createHash} from 'node:crypto';
import {existsSync, readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {printableJson} from '../domain/printable.js';
import {readTextOrNull} from './atomic-file.js';
import {configFolder} from './config-folder.js';
import {errnoCode, storeAccessError} from './store-access.js';

/** Version of the run files and the derived files; a newer one makes the store read-only. */
export const resultsVersion = 2;

export interface ResultsPaths {
	readonly folder: string;
	readonly runs: string;
	readonly index: string;
	readonly cells: string;
	/** netplace 0.1's single file, migrated into `runs` on first use. */
	readonly legacy: string;
}

/**
 * What every derived file holds besides its rows: its format, the stamp of the run files it was made from
 * (runsStamp), and the version of the rules that judged each stored test (probe/validity.ts
 * validityRulesVersion). Files derived under other rules (or before there were any: no `rules`) are rebuilt,
 * so a CPU-bound test that an older netplace counted never stays in the cells `advise` and `table` read.
 */
interface Derived {
	readonly version: number;
	readonly runsStamp: string;
	readonly rules?: number;
}

export function resultsPaths(): ResultsPaths {
	const folder = configFolder();
	return {
		folder,
		runs: join(folder, 'results'),
		index: join(folder, 'results-index.json'),
		cells: join(folder, 'results-cells.json'),
		legacy: join(folder, 'results.json'),
	};
}

/** What a run file is, as far as being changed goes: size, modification and change times, inode. */
function fileStamp(folder: string, name: string): string {
	const stats = statSync(join(folder, name), {throwIfNoEntry: false});
	return stats === undefined ? `${name} gone` : `${name} ${stats.size} ${stats.mtimeMs} ${stats.ctimeMs} ${stats.ino}`;
}

/**
 * Up to this many run files each is stat'ed for the stamp: `advise` over 1,000 runs read 1.13x an empty store's
 * start (1.02x before, load 17). Every file of 10,000 read 1.57x (load 13; the README's target is 1.2x), so a
 * store larger than this is stamped by its names and the folder's mtime (1.09x): an edit in place there is
 * read at the next save or delete.
 */
export const statedRunFiles = 1000;

/**
 * The stamp of the run files as they stand (null when the folder does not exist): a hash over each `.json`
 * entry's name, size, mtime, ctime and inode. A run edited in place changes it, which the folder's own mtime
 * (what the derived files were keyed on before) does not: its old figures were evidence until another run
 * was saved. ctime moves on every write and cannot be set back by `touch`. One stat per run file, up to
 * statedRunFiles; beyond, the names and the folder's mtime.
 */
export function runsStamp(paths: ResultsPaths): string | null {
	let names: string[];
	let folderMtime: number;
	try {
		names = readdirSync(paths.runs).filter((name) => name.endsWith('.json'));
		folderMtime = statSync(paths.runs).mtimeMs;
	} catch (error: unknown) {
		if (errnoCode(error) === 'ENOENT') return null;
		throw storeAccessError('read', paths.runs, error);
	}

	const hash = createHash('sha256');
	const each = names.length <= statedRunFiles;
	hash.update(each ? 'files\n' : `folder ${folderMtime}\n`);
	for (const name of names.sort()) hash.update(`${each ? fileStamp(paths.runs, name) : name}\n`);
	return hash.digest('hex');
}

/** A derived file, if it is current for these run files and these rules (else null: rebuild). */
export function readDerived<T extends Derived>(path: string, stamp: string, rules: number): T | null {
	const text = readTextOrNull(path);
	if (text === null) return null;
	try {
		const parsed = JSON.parse(text, printableJson) as T;
		return parsed.version === resultsVersion && parsed.runsStamp === stamp && parsed.rules === rules ? parsed : null;
	} catch {
		return null;
	}
}

/**
 * The cells file when it is current and no netplace 0.1 file waits to be migrated; else null, and the
 * store rebuilds it under its lock (results-store.ts).
 */
export function currentCellsFile<T extends Derived>(paths: ResultsPaths, rules: number): T | null {
	if (existsSync(paths.legacy)) return null;
	const stamp = runsStamp(paths);
	return stamp === null ? null : readDerived<T>(paths.cells, stamp, rules);
}
