// The store lock after a crash (issue 9: "tried as … a crash would"): a netplace killed with -9 while it
// holds `config.json.lock` leaves the lock behind. The next save takes it over once it is stale (not
// refreshed for 10 s: here its mtime is set back, as if the crash were 11 s ago), keeps every profile and
// leaves no lock. (Saves waiting on a live holder: test/cli/profiles-concurrency.test.ts.)
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, utimesSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type Advice, defaultWorkload} from '../../source/advisor/types.js';
import {ProfileStore} from '../../source/profiles/profile-store.js';
import {assertBuilt, root} from '../cli/helpers.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'netplace-lock-'));
});
afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

const workload = {...defaultWorkload, cloud: 'aws' as const};
const advice: Advice = {workload, configurations: [], steps: [], notes: [], bandwidth: []};
const open = () => new ProfileStore({cwd: dir, onRecovered: () => undefined});

/** A netplace process holding the store's lock (the built store layer), until it is killed. */
async function holdLock(path: string) {
	const lock = pathToFileURL(join(root, 'dist', 'store', 'store-lock.js')).href;
	// The interval keeps it alive: the lock's refresh timer is unref'd, and a process with nothing left to do
	// would exit on its own, releasing the lock on the way out, which is not a crash.
	const script = `import {withFileLock} from ${JSON.stringify(lock)};
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
});
