// Issue 42, finding 11: liveness across PID namespaces. A lock or run record keyed by pid alone read as dead
// when written in a container with this host's name (its pid is not one this process can see): a save there had
// its lock taken at once, and `cleanup --yes` here would delete a live cloud run started there. Now the owner
// carries its boot id and PID namespace: another namespace is never "dead" by its pid, another boot always is.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {holderGone, newOwner} from '../../source/stores/lock-owner.js';

const lock = mkdtempSync(join(tmpdir(), 'netplace-lock-owner-'));
afterAll(() => rmSync(lock, {recursive: true, force: true}));
// A pid no process has here (pid_max is at most 2^22).
const absentPid = 2 ** 22 + 7;

describe('holderGone across PID namespaces and boots', () => {
	it('records the boot id and the PID namespace', () => {
		const owner = newOwner();
		expect(owner.boot).toMatch(/^[0-9a-f-]{36}$/);
		expect(owner.pidns).toMatch(/^pid:\[\d+\]$/);
	});

	it('a holder whose pid is absent here, in this namespace and boot, is gone', () => {
		expect(holderGone(lock, {...newOwner(), pid: absentPid, start: 1}, Date.now())).toBe(true);
	});

	it('a holder in another PID namespace is not gone because its pid is absent here (a fresh lock is held)', () => {
		const owner = {...newOwner(), pid: absentPid, start: 1, pidns: 'pid:[4026530000]'};
		expect(holderGone(lock, owner, Date.now())).toBe(false);
		// As for another host: gone only once its folder is older than the stale time.
		expect(holderGone(lock, owner, Date.now() + 60_000)).toBe(true);
		// `cleanup` asks with now = 0: never provably dead.
		expect(holderGone(lock, owner, 0)).toBe(false);
	});

	it('a holder from an earlier boot is gone, even when a process with its pid runs now', () => {
		const owner = {...newOwner(), boot: '00000000-0000-0000-0000-000000000000'};
		expect(holderGone(lock, owner, 0)).toBe(true);
		expect(holderGone(lock, newOwner(), 0)).toBe(false);
	});
});
