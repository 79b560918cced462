// One lock per store file around every read-modify-write (proper-lockfile: an atomic mkdir of
// `<file>.lock`, refreshed while held, taken over when stale after a crash). Reads take no lock: every
// write is an atomic rename, so a reader sees the old file or the new one, never half of either.

import {mkdirSync} from 'node:fs';
import {dirname} from 'node:path';
import {setTimeout as delay} from 'node:timers/promises';
import {RuntimeError} from '../errors.js';
import {errnoCode, storeAccessError} from './store-access.js';

/** A lock older than this (not refreshed: its holder died) is taken over. */
const staleMs = 10_000;

type Lockfile = typeof import('proper-lockfile');
let lockfile: Lockfile | undefined;

async function loadLockfile(): Promise<Lockfile> {
	lockfile ??= (await import('proper-lockfile')).default;
	return lockfile;
}

/** Tries before giving up on a held lock: short waits first (a save holds it for milliseconds), capped at
 * 50-100 ms, so a stale lock's age (10 s) is reached well within them. */
const attempts = 400;

/**
 * Takes the lock, waiting only while another netplace holds it (ELOCKED). Any other failure (EACCES, EROFS…)
 * is final at once: proper-lockfile's own retries would repeat those too, for ~20 s, before saying so.
 */
async function lockWhenFree(lock: Lockfile['lock'], path: string, lockPath: string): Promise<() => Promise<void>> {
	for (let attempt = 0; ; attempt++) {
		try {
			return await lock(path, {
				realpath: false,
				lockfilePath: lockPath,
				stale: staleMs,
				// proper-lockfile's default throws from a timer (an uncaught crash); the write is atomic either way.
				onCompromised: () => undefined,
			});
		} catch (error: unknown) {
			if (errnoCode(error) !== 'ELOCKED' || attempt + 1 >= attempts) throw error;
			await delay(Math.min(50, 2 * 1.3 ** attempt) * (1 + Math.random()));
		}
	}
}

/** Runs `update` holding `<path>.lock`; waits for another netplace holding it (up to a stale lock's age). */
export async function withFileLock<T>(path: string, update: () => T | Promise<T>): Promise<T> {
	const {lock} = await loadLockfile();
	const lockPath = `${path}.lock`;
	try {
		mkdirSync(dirname(path), {recursive: true});
	} catch (error: unknown) {
		throw storeAccessError('create the folder of', path, error);
	}

	let release: () => Promise<void>;
	try {
		release = await lockWhenFree(lock, path, lockPath);
	} catch (error: unknown) {
		if (errnoCode(error) === 'ELOCKED') {
			throw new RuntimeError(
				`${path} is locked by another netplace (${lockPath})`,
				'try again when it has finished; a lock left by a crash is taken over after 10 s',
			);
		}

		throw storeAccessError('lock', path, error);
	}

	try {
		return await update();
	} finally {
		await release().catch(() => undefined);
	}
}
