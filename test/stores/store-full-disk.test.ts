// Issue 27, finding 2: "a full disk destroys the profile store while saying Saved". A write that does not fit
// is an error (exit 1, "not saved"), never a truncated store: on a real full file system (a 256 KiB tmpfs
// with room for part of the new store, so the kernel answers with a short write) and with a short write
// injected. The old store is left byte for byte, with no temporary file or lock beside it.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {writeFileAtomic} from '../../source/stores/atomic-file.js';
import {assertBuilt, lines, runCli} from '../cli/helpers.js';

const canMount =
	process.getuid?.() === 0 && process.platform === 'linux' && spawnSync('mount', ['--version']).status === 0;

/** Fills the file system at `folder` with 4 KiB files until it is full, then frees `pages` of them. */
function fillLeaving(folder: string, pages: number): void {
	const fill = join(folder, 'fill');
	mkdirSync(fill);
	const page = Buffer.alloc(4096, 1);
	let count = 0;
	for (;;) {
		try {
			writeFileSync(join(fill, String(count)), page);
			count++;
		} catch {
			break;
		}
	}

	rmSync(join(fill, String(count)), {force: true});
	for (let index = 1; index <= pages; index++) rmSync(join(fill, String(count - index)));
}

describe.skipIf(!canMount)('a save on a full file system (tmpfs)', () => {
	let mountPoint: string;
	beforeAll(() => {
		assertBuilt();
		mountPoint = mkdtempSync(join(tmpdir(), 'netplace-full-'));
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', mountPoint]);
	});
	afterAll(() => {
		execFileSync('umount', [mountPoint]);
		rmSync(mountPoint, {recursive: true, force: true});
	});

	it('a store that does not fit is "not saved", exit 1; the old store is kept whole', () => {
		const configDir = join(mountPoint, 'netplace');
		expect(runCli(['advise', '--save', 'first'], {configDir}).status).toBe(0);
		const before = readFileSync(join(configDir, 'config.json'));
		// Room for the lock's owner file and part of the new store (some 60 KB with two profiles).
		fillLeaving(mountPoint, 3);

		const result = runCli(['advise', '--cloud', 'aws', '--save', 'second'], {configDir});
		expect(result.status).toBe(1);
		expect(lines(result.stderr)).toEqual([
			expect.stringMatching(
				/^netplace: cannot save to .*config\.json: no space left on the device \(ENOSPC\): not saved; the file as it was is kept/,
			),
		]);
		expect(result.stdout).not.toContain('Saved as profile');
		expect(readFileSync(join(configDir, 'config.json')).equals(before)).toBe(true);
		expect(readdirSync(configDir)).toEqual(['config.json']);
		rmSync(join(mountPoint, 'fill'), {recursive: true});
		const list = runCli(['profiles', 'list', '--json'], {configDir});
		expect((JSON.parse(list.stdout) as Array<{name: string}>).map((entry) => entry.name)).toEqual(['first']);
	});
});

describe('writeFileAtomic with a short write injected', () => {
	let folder: string;
	beforeEach(() => {
		folder = mkdtempSync(join(tmpdir(), 'netplace-short-'));
	});
	afterEach(() => {
		rmSync(folder, {recursive: true, force: true});
	});

	it('continues a short write to the end', () => {
		const path = join(folder, 'store.json');
		let calls = 0;
		writeFileAtomic(path, 'a whole store', undefined, {
			writeSync: (fd, buffer, offset, length) => {
				calls++;
				return writeSome(fd, buffer, offset, Math.min(length, 4));
			},
		});
		expect(readFileSync(path, 'utf8')).toBe('a whole store');
		expect(calls).toBe(4);
	});

	it('a write that takes nothing is ENOSPC: an error naming the file, the old file intact, no temporary left', () => {
		const path = join(folder, 'store.json');
		writeFileSync(path, 'the old store');
		let calls = 0;
		const write = () =>
			writeFileAtomic(path, 'a much longer new store', undefined, {
				writeSync: (fd, buffer, offset) => (calls++ === 0 ? writeSome(fd, buffer, offset, 5) : 0),
			});
		expect(write).toThrow(`cannot save to ${path}: no space left on the device (ENOSPC): not saved`);
		expect(readFileSync(path, 'utf8')).toBe('the old store');
		expect(readdirSync(folder)).toEqual(['store.json']);
	});
});

function writeSome(fd: number, buffer: Uint8Array, offset: number, length: number): number {
	writeFileSync(fd, buffer.subarray(offset, offset + length));
	return length;
}
