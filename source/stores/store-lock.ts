// One lock per store file around every read-modify-write: an atomic mkdir of `<file>.lock` holding
// `owner.json` (lock-owner.ts: pid, process start time, host, token). A lock is taken over only from a
// holder that is gone (its process ended, or its pid now runs another process): a holder that is slow or
// paused (SIGSTOP past any stale time) keeps it, and whoever waits says so, then fails loudly ("nothing was
// saved") rather than take it. Before its rename a write checks it still holds the lock (`assertHeld`), so a
// holder that lost its lock fails instead of overwriting the saves made meanwhile. Reads take no lock: every
// write is an atomic rename, so a reader sees the old file or the new one, never half of either.

import {mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import {setTimeout as delay} from 'node:timers/promises';
import {RuntimeError} from '../domain/errors.js';
import {describeOwner, holderGone, type LockOwner, newOwner, ownerFile, readOwner} from './lock-owner.js';
import {errnoCode, storeAccessError} from './store-access.js';

/** What the update holding the lock is given: a check that it holds it still (writeFileAtomic's beforeRename). */
export interface HeldLock {
	readonly assertHeld: () => void;
}

export interface LockOptions {
	/** Told once, after a short wait, who holds the lock (a live netplace). */
	readonly onWait?: (line: string) => void;
}

/** Tries before giving up on a live holder: short waits first (a save holds it for milliseconds), capped at
 * 50-100 ms: some 30 s in all. */
const attempts = 400;
/** One holder keeping the lock this long is told about (a save holds it for milliseconds). */
const tellAfterMs = 2000;

const notSaved = 'nothing was saved';

/** Moves a gone holder's lock aside and deletes it; puts back a lock that turned out to be someone else's. */
function takeOver(lockPath: string, owner: LockOwner | null): void {
	const aside = `${lockPath}.gone-${process.pid}-${Date.now().toString(36)}`;
	try {
		renameSync(lockPath, aside);
	} catch {
		return; // another netplace took it over first
	}

	if (readOwner(aside)?.token !== owner?.token) {
		try {
			renameSync(aside, lockPath);
			return;
		} catch {
			// Its holder finds the lock gone at its assertHeld and fails loudly.
		}
	}

	rmSync(aside, {recursive: true, force: true});
}

function claim(lockPath: string, me: LockOwner): void {
	try {
		writeFileSync(ownerFile(lockPath), JSON.stringify(me), {mode: 0o600});
	} catch (error: unknown) {
		rmSync(lockPath, {recursive: true, force: true});
		throw error;
	}
}

async function acquire(path: string, lockPath: string, options: LockOptions): Promise<LockOwner> {
	const me = newOwner();
	let seen: {token: string | undefined; since: number} = {token: undefined, since: Date.now()};
	let told = false;
	for (let attempt = 0; ; attempt++) {
		try {
			mkdirSync(lockPath);
			claim(lockPath, me);
			return me;
		} catch (error: unknown) {
			if (errnoCode(error) !== 'EEXIST') throw storeAccessError('lock', path, error, notSaved);
		}

		const owner = readOwner(lockPath);
		if (holderGone(lockPath, owner)) {
			takeOver(lockPath, owner);
			continue;
		}

		if (attempt + 1 >= attempts) {
			throw new RuntimeError(
				`${path} is locked by another netplace (${describeOwner(owner)}, still running): ${notSaved}`,
				`try again when it has finished; ${lockPath} is taken over once its holder has ended`,
			);
		}

		if (owner?.token !== seen.token) seen = {token: owner?.token, since: Date.now()};
		else if (!told && Date.now() - seen.since > tellAfterMs) {
			told = true;
			options.onWait?.(`netplace: waiting for ${path}: another netplace (${describeOwner(owner)}) is saving to it`);
		}

		await delay(Math.min(50, 2 * 1.3 ** attempt) * (1 + Math.random()));
	}
}

function release(lockPath: string, me: LockOwner): void {
	if (readOwner(lockPath)?.token === me.token) rmSync(lockPath, {recursive: true, force: true});
}

/** Runs `update` holding `<path>.lock`; waits while another live netplace holds it (some 30 s at most). */
export async function withFileLock<T>(
	path: string,
	update: (lock: HeldLock) => T | Promise<T>,
	options: LockOptions = {},
): Promise<T> {
	const lockPath = `${path}.lock`;
	try {
		mkdirSync(dirname(path), {recursive: true});
	} catch (error: unknown) {
		throw storeAccessError('create the folder of', path, error, notSaved);
	}

	const me = await acquire(path, lockPath, options);
	const assertHeld = (): void => {
		if (readOwner(lockPath)?.token !== me.token) {
			throw new RuntimeError(
				`lost the lock on ${path} to another netplace while saving: ${notSaved}`,
				'try again; the other save is kept',
			);
		}
	};

	try {
		return await update({assertHeld});
	} finally {
		release(lockPath, me);
	}
}
