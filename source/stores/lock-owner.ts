// Who holds a store lock, and whether that holder is gone. The lock folder holds `owner.json`: the holder's
// pid, its process start time (field 22 of /proc/<pid>/stat, so a pid reused by another process is not
// taken for the holder), its host and a random token. A holder is gone only when its pid is not running or
// runs another process; a holder that is merely slow or paused (SIGSTOP, a laptop lid) is never gone, so its
// lock is never taken from it. A lock folder with no owner (one being created, or left by a netplace before
// this one, which refreshed the folder's mtime while it held it) is gone once older than `staleMs`; so is a
// lock from another host, or from another PID namespace on this one (a container with the host's name: its
// pid is not one this process can ask about, so its absence here says nothing), whose processes cannot be
// seen from here. An owner written in an earlier boot (another boot id) is gone: the machine restarted.

import {randomBytes} from 'node:crypto';
import {readFileSync, readlinkSync, statSync} from 'node:fs';
import {hostname} from 'node:os';
import {join} from 'node:path';
import {errnoCode} from './store-access.js';

export interface LockOwner {
	readonly pid: number;
	/** The process's start time in clock ticks since boot, or null where /proc is not available. */
	readonly start: number | null;
	readonly host: string;
	readonly token: string;
	/** The kernel's boot id (/proc/sys/kernel/random/boot_id): another one means the machine rebooted since. */
	readonly boot?: string | null;
	/** The holder's PID namespace (/proc/self/ns/pid): in another one (a container) its pid means nothing here. */
	readonly pidns?: string | null;
}

/** A lock without a live owner to ask is stale after this long. */
export const staleMs = 10_000;

/** The start time of process `pid` (clock ticks since boot), or null (no /proc, or no such process). */
export function processStart(pid: number): number | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const start = Number(fields[19]);
		return Number.isFinite(start) ? start : null;
	} catch {
		return null;
	}
}

export function ownerFile(lockPath: string): string {
	return join(lockPath, 'owner.json');
}

function bootId(): string | null {
	try {
		return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
	} catch {
		return null;
	}
}

function pidNamespace(): string | null {
	try {
		return readlinkSync('/proc/self/ns/pid');
	} catch {
		return null;
	}
}

export function newOwner(): LockOwner {
	return {
		pid: process.pid,
		start: processStart(process.pid),
		host: hostname(),
		token: randomBytes(8).toString('hex'),
		boot: bootId(),
		pidns: pidNamespace(),
	};
}

/** Where the holder's pid can be asked about here: same host name, same boot, same PID namespace. */
function sameProcessSpace(owner: LockOwner): 'same' | 'rebooted' | 'unseen' {
	if (owner.host !== hostname()) return 'unseen';
	const boot = bootId();
	if (owner.boot && boot && owner.boot !== boot) return 'rebooted';
	const pidns = pidNamespace();
	if (owner.pidns && pidns && owner.pidns !== pidns) return 'unseen';
	return 'same';
}

function isOwner(value: unknown): value is LockOwner {
	const owner = value as Partial<LockOwner> | null;
	return (
		typeof owner === 'object' &&
		owner !== null &&
		Number.isInteger(owner.pid) &&
		typeof owner.host === 'string' &&
		typeof owner.token === 'string' &&
		(owner.start === null || typeof owner.start === 'number') &&
		(owner.boot === undefined || owner.boot === null || typeof owner.boot === 'string') &&
		(owner.pidns === undefined || owner.pidns === null || typeof owner.pidns === 'string')
	);
}

/** The lock's owner as written, or null when it has none (yet) or it cannot be read. */
export function readOwner(lockPath: string): LockOwner | null {
	try {
		const parsed: unknown = JSON.parse(readFileSync(ownerFile(lockPath), 'utf8'));
		return isOwner(parsed) ? parsed : null;
	} catch {
		return null;
	}
}

function running(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error: unknown) {
		return errnoCode(error) === 'EPERM';
	}
}

/** Whether the lock at `lockPath`, owned by `owner` (null: none written), may be taken over now. */
export function holderGone(lockPath: string, owner: LockOwner | null, now = Date.now()): boolean {
	const space = owner === null ? 'unseen' : sameProcessSpace(owner);
	// The machine rebooted since the holder wrote: every process of that boot is gone.
	if (space === 'rebooted') return true;
	// Another host, or a container with this host's name (another PID namespace): its pid cannot be asked here.
	if (owner === null || space === 'unseen') {
		try {
			return now - statSync(lockPath).mtimeMs > staleMs;
		} catch {
			return false;
		}
	}

	if (!running(owner.pid)) return true;
	const start = processStart(owner.pid);
	return owner.start !== null && start !== null && start !== owner.start;
}

/** `pid 4242 on this host` for messages. */
export function describeOwner(owner: LockOwner | null): string {
	if (owner === null) return 'a netplace that has not said who it is';
	return owner.host === hostname() ? `pid ${owner.pid}` : `pid ${owner.pid} on ${owner.host}`;
}
