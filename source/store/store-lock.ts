// One lock per store file around every read-modify-write (proper-lockfile: an atomic mkdir of
// `<file>.lock`, refreshed while held, taken over when stale after a crash). Reads take no lock: every
// write is an atomic rename, so a reader sees the old file or the new one, never half of either.

import {mkdirSync} from 'node:fs';
import {dirname} from 'node:path';
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
		release = await lock(path, {
			realpath: false,
			lockfilePath: lockPath,
			stale: staleMs,
			// proper-lockfile's default throws from a timer (an uncaught crash); the write is atomic either way.
			onCompromised: () => undefined,
			// Short waits first (a save holds the lock for milliseconds), capped so a stale lock is reached.
			retries: {retries: 400, factor: 1.3, minTimeout: 2, maxTimeout: 50, randomize: true},
		});
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
