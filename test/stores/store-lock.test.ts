// The store lock after a crash (issue 9: "tried as … a crash would"): a netplace killed with -9 while it
// holds `config.json.lock` leaves the lock behind. The next save takes it over once it is stale (not
// refreshed for 10 s: here its mtime is set back, as if the crash were 11 s ago), keeps every profile and
// leaves no lock. Issue 27 (finding 3): a holder paused (SIGSTOP) past that stale time is alive, so its lock
// is not taken over: the other save waits (and says so), and when the paused one resumes both saves are
// there. (Saves waiting on a live holder: test/cli/profiles-concurrency.test.ts.)
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {type Advice, defaultWorkload} from '../../source/domain/types.js';
import {ProfileStore} from '../../source/stores/profile-store.js';
import {assertBuilt, cliPath, root} from '../cli/helpers.js';
import {builtModule} from '../helpers/built-module.js';

/** The store layer as a netplace process runs it: the lock and the atomic file, built for a child process. */
let stores: string;
beforeAll(() => {
	stores = JSON.stringify(builtModule('source/stores/store-lock.ts', 'source/stores/atomic-file.ts'));
});

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'netplace-lock-'));
});
afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

const workload = {...defaultWorkload, cloud: 'aws' as const};
const advice: Advice = {workload, configurations: [], steps: [], notes: [], bandwidth: []};
const open = () => new ProfileStore({folder: dir, onRecovered: () => undefined});

/** A netplace process holding the store's lock (the built store layer), until it is killed. */
async function holdLock(path: string) {
	// The interval keeps it alive: the lock's refresh timer is unref'd, and a process with nothing left to do
	// would exit on its own, releasing the lock on the way out, which is not a crash.
	const script = `import {withFileLock} from ${stores};
setInterval(() => undefined, 1000);
await withFileLock(${JSON.stringify(path)}, () => { process.stdout.write('held\\n'); return new Promise(() => {}); });`;
	const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'inherit']});
	const exited = new Promise<void>((resolve) => {
		child.on('exit', () => resolve());
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('held')) resolve();
		});
		void exited.then(() => reject(new Error('the lock holder ended before it held the lock')));
	});
	return {child, exited};
}

describe('the store lock', () => {
	it('a lock left by a killed netplace is taken over once stale; nothing saved is lost', async () => {
		assertBuilt();
		await open().save('before', {workload, advice});
		const path = join(dir, 'config.json');
		const holder = await holdLock(path);
		holder.child.kill('SIGKILL');
		await holder.exited;
		expect(existsSync(`${path}.lock`)).toBe(true);
		const crashed = (Date.now() - 11_000) / 1000;
		utimesSync(`${path}.lock`, crashed, crashed);

		await open().save('after', {workload, advice});
		expect(
			open()
				.list()
				.map((profile) => profile.name),
		).toEqual(['after', 'before']);
		expect(existsSync(`${path}.lock`)).toBe(false);
	});

	it('a holder paused past the stale time keeps its lock: the other save waits, both saves are kept', async () => {
		assertBuilt();
		await open().save('seed', {workload, advice});
		const path = join(dir, 'config.json');
		const holder = await pausedSave(path);
		// As if the pause had lasted past the stale time (the lock's mtime is all the old lock looked at).
		const long = (Date.now() - 60_000) / 1000;
		utimesSync(`${path}.lock`, long, long);

		const other = spawn(process.execPath, [cliPath, 'advise', '--save', 'other'], {
			cwd: root,
			env: {...process.env, NETPLACE_CONFIG_DIR: dir, NO_COLOR: '1'},
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		let stderr = '';
		const otherEnded = new Promise<number | null>((resolve) => {
			other.on('close', (code) => resolve(code));
		});
		await new Promise<void>((resolve) => {
			other.stderr.on('data', (chunk: Buffer) => {
				stderr += chunk.toString();
				if (stderr.includes('waiting for')) resolve();
			});
			void otherEnded.then(() => resolve());
		});
		holder.child.kill('SIGCONT');
		expect(await holder.exited).toBe(0);
		expect(await otherEnded).toBe(0);
		expect(
			open()
				.list()
				.map((profile) => profile.name),
		).toEqual(['other', 'paused', 'seed']);
		expect(stderr).toContain(
			`netplace: waiting for ${path}: another netplace (pid ${holder.child.pid}) is saving to it`,
		);
		expect(existsSync(`${path}.lock`)).toBe(false);
	}, 60_000);

	it('a holder whose lock was taken from it fails loudly at its write; the other save is kept', async () => {
		const {withFileLock} = await import('../../source/stores/store-lock.js');
		const {writeFileAtomic} = await import('../../source/stores/atomic-file.js');
		const path = join(dir, 'store.json');
		writeFileSync(path, 'first');
		const write = withFileLock(path, (lock) => {
			// Another netplace's lock in its place, and its save.
			rmSync(`${path}.lock`, {recursive: true});
			mkdirSync(`${path}.lock`);
			writeFileSync(join(`${path}.lock`, 'owner.json'), JSON.stringify({pid: 1, start: null, host: 'x', token: 't'}));
			writeFileSync(path, 'the other save');
			writeFileAtomic(path, 'an overwrite', lock.assertHeld);
		});
		await expect(write).rejects.toThrow(`lost the lock on ${path} to another netplace while saving: nothing was saved`);
		expect(readFileSync(path, 'utf8')).toBe('the other save');
	});
});

/**
 * A netplace saving a profile that is paused (SIGSTOP) between its read and its write, holding the lock; on
 * SIGCONT it writes what it read plus a profile "paused" (a copy of "seed"), as a save does.
 */
async function pausedSave(path: string) {
	const script = `import {readTextOrNull, withFileLock, writeFileAtomic} from ${stores};
const path = ${JSON.stringify(path)};
await withFileLock(path, (lock) => {
	const store = JSON.parse(readTextOrNull(path));
	process.stdout.write('held\\n');
	process.kill(process.pid, 'SIGSTOP');
	store.profiles.paused = store.profiles.seed;
	writeFileAtomic(path, JSON.stringify(store), lock?.assertHeld);
});`;
	const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'inherit']});
	const exited = new Promise<number | null>((resolve) => {
		child.on('exit', (code) => resolve(code));
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('held')) resolve();
		});
		void exited.then(() => reject(new Error('the paused save ended before it held the lock')));
	});
	return {child, exited};
}
