import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {lines, tempConfigDir} from './helpers.js';
import {runInProcess} from './in-process.js';

let configDir: string;

beforeEach(() => {
	configDir = tempConfigDir();
});

afterEach(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describe('profiles round trip', () => {
	it('saves with advise --save, lists, shows, exports, loads with --profile and deletes', async () => {
		const saved = await runInProcess(['advise', '--cloud', 'gcp', '--latency-sensitive', '--save', 'low-latency'], {
			configDir,
		});
		expect(saved.status).toBe(0);
		expect(saved.stdout).toContain('Saved as profile low-latency');

		const list = await runInProcess(['profiles', 'list'], {configDir});
		expect(list.status).toBe(0);
		expect(list.stdout).toMatch(/^low-latency\s+\d{4}-\d\d-\d\dT.*GCP, 1 stream, latency-sensitive/m);
		// A header row names the columns, as `results list` does.
		expect(list.stdout.split('\n')[0]).toMatch(/^NAME\s+SAVED\s+WORKLOAD$/);

		const exported = await runInProcess(['profiles', 'export', 'low-latency'], {configDir});
		expect(exported.status).toBe(0);
		const profile = JSON.parse(exported.stdout) as {
			name: string;
			savedAt: string;
			workload: {cloud: string; latencySensitive: boolean};
			advice: {steps: Array<{id: string; verdict: string}>};
			probeRunIds: string[];
		};
		expect(profile.name).toBe('low-latency');
		expect(profile.workload).toMatchObject({cloud: 'gcp', latencySensitive: true});
		expect(profile.advice.steps).toContainEqual(expect.objectContaining({id: 'collocate', verdict: 'do'}));
		expect(profile.probeRunIds).toEqual([]);

		const show = await runInProcess(['profiles', 'show', 'low-latency'], {configDir});
		expect(show.status).toBe(0);
		expect(show.stdout).toContain('Profile low-latency');
		expect(show.stdout).toMatch(/DO\s+collocate/);

		const loaded = await runInProcess(['advise', '--profile', 'low-latency', '--json'], {configDir});
		expect(JSON.parse(loaded.stdout)).toMatchObject({workload: {cloud: 'gcp', latencySensitive: true}});
		const overridden = await runInProcess(['advise', '--profile', 'low-latency', '--cloud', 'aws', '--json'], {
			configDir,
		});
		expect(JSON.parse(overridden.stdout)).toMatchObject({workload: {cloud: 'aws', latencySensitive: true}});

		const deleted = await runInProcess(['profiles', 'delete', 'low-latency'], {configDir});
		expect(deleted.status).toBe(0);
		expect((await runInProcess(['profiles', 'list', '--json'], {configDir})).stdout.trim()).toBe('[]');
	});
});

describe('a corrupt store', () => {
	it('an unparseable store is left alone by reads; the next save keeps it aside and says where', async () => {
		const garbage = '{"version": 2, "profiles": {"x": ]]] not json';
		writeFileSync(join(configDir, 'config.json'), garbage);
		const result = await runInProcess(['profiles', 'list'], {configDir});
		expect(result.status).toBe(0);
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toContain(join(configDir, 'config.json'));
		expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(garbage);
		expect(result.stdout).toContain('No saved profiles');

		const saved = await runInProcess(['advise', '--save', 'after'], {configDir});
		expect(saved.status).toBe(0);
		const aside = readdirSync(configDir).filter((name) => name.startsWith('config.json.corrupt-'));
		expect(aside).toHaveLength(1);
		expect(readFileSync(join(configDir, aside[0] ?? ''), 'utf8')).toBe(garbage);
		expect(saved.stderr).toContain(aside[0]);
		expect((await runInProcess(['profiles', 'list'], {configDir})).stdout).toMatch(/^after\s/m);
	});

	it('one invalid profile (streams: 0) is reported with the path and kept; the others stay usable', async () => {
		const good = JSON.parse(await runCliOk(['profiles', 'export', 'seed'], 'seed')) as Record<string, unknown>;
		const {name: _name, ...entry} = good;
		const bad = {...entry, workload: {...(entry['workload'] as object), streams: 0}};
		const text = JSON.stringify({version: 2, profiles: {seed: entry, broken: bad}});
		writeFileSync(join(configDir, 'config.json'), text);
		for (const args of [['profiles', 'list'], ['table'], ['advise', '--profile', 'seed', '--json']]) {
			const result = await runInProcess(args, {configDir});
			expect(result.status).toBe(0);
			expect(lines(result.stderr).every((line) => line.includes('broken') || !line.includes('netplace'))).toBe(true);
		}

		const list = await runInProcess(['profiles', 'list'], {configDir});
		expect(list.stdout).toMatch(/^seed\s/m);
		expect(list.stderr).toMatch(new RegExp(`profile "broken" in ${join(configDir, 'config.json')} is not usable`));
		expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(text);
		expect((await runInProcess(['advise', '--save', 'third'], {configDir})).status).toBe(0);
		expect(
			Object.keys((JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {profiles: object}).profiles),
		).toEqual(['seed', 'broken', 'third']);
		expect(readdirSync(configDir).filter((name) => name.includes('corrupt'))).toEqual([]);
	});

	it('a store written by a newer netplace (version 99) is read, never moved aside; a save refuses in one line', async () => {
		const text = JSON.stringify({version: 99, profiles: {}});
		writeFileSync(join(configDir, 'config.json'), text);
		for (const args of [['profiles', 'list'], ['table'], ['advise', '--json']]) {
			expect((await runInProcess(args, {configDir})).status).toBe(0);
		}

		const save = await runInProcess(['advise', '--save', 'x'], {configDir});
		expect(save.status).toBe(1);
		expect(lines(save.stderr)).toEqual([
			expect.stringMatching(/^netplace: .*config\.json was written by a newer netplace/),
		]);
		expect(save.stdout).toBe('');
		expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(text);
		expect(readdirSync(configDir).filter((name) => name.startsWith('config.json'))).toEqual(['config.json']);
	});
});

async function runCliOk(args: readonly string[], seed: string): Promise<string> {
	expect((await runInProcess(['advise', '--save', seed], {configDir})).status).toBe(0);
	const result = await runInProcess(args, {configDir});
	expect(result.status).toBe(0);
	return result.stdout;
}

describe('profile names and overwrites', () => {
	it('names that collide with object built-ins round-trip; a missing one is exit 2', async () => {
		const names = ['__proto__', 'valueOf', 'hasOwnProperty', 'toString'];
		for (const name of names) {
			const missing = await runInProcess(['profiles', 'delete', name], {configDir});
			expect(missing.status).toBe(2);
			expect(lines(missing.stderr)).toEqual([`netplace: no profile named ${name} (netplace profiles list shows them)`]);
			expect((await runInProcess(['profiles', 'show', name], {configDir})).status).toBe(2);
			expect((await runInProcess(['advise', '--streams', '4', '--save', name], {configDir})).status).toBe(0);
		}

		const listed = JSON.parse((await runInProcess(['profiles', 'list', '--json'], {configDir})).stdout) as Array<{
			name: string;
		}>;
		expect(listed.map((entry) => entry.name).sort()).toEqual([...names].sort());
		for (const name of names) {
			const shown = await runInProcess(['profiles', 'show', name], {configDir});
			expect(shown.status).toBe(0);
			expect(shown.stdout).toContain(`Profile ${name}`);
			const exported = JSON.parse((await runInProcess(['profiles', 'export', name], {configDir})).stdout) as {
				name: string;
			};
			expect(exported.name).toBe(name);
			expect((await runInProcess(['advise', '--profile', name, '--json'], {configDir})).stdout).toContain(
				'"streams": 4',
			);
			expect((await runInProcess(['profiles', 'delete', name], {configDir})).stdout).toContain(
				`Deleted profile ${name}`,
			);
		}

		expect((await runInProcess(['profiles', 'list', '--json'], {configDir})).stdout.trim()).toBe('[]');
	});

	it('--save onto an existing name needs --force in a script; nothing is replaced without it', async () => {
		expect((await runInProcess(['advise', '--streams', '2', '--save', 'mine'], {configDir})).status).toBe(0);
		const again = await runInProcess(['advise', '--streams', '5', '--save', 'mine'], {configDir});
		expect(again.status).toBe(2);
		expect(lines(again.stderr)).toEqual([
			expect.stringMatching(/^netplace: a profile named mine already exists in .*config\.json \(add --force/),
		]);
		expect(again.stdout).toBe('');
		const kept = JSON.parse((await runInProcess(['profiles', 'export', 'mine'], {configDir})).stdout) as {
			workload: {streams: number};
		};
		expect(kept.workload.streams).toBe(2);
		expect((await runInProcess(['advise', '--streams', '5', '--save', 'mine', '--force'], {configDir})).status).toBe(0);
		const replaced = JSON.parse((await runInProcess(['profiles', 'export', 'mine'], {configDir})).stdout) as {
			workload: {streams: number};
		};
		expect(replaced.workload.streams).toBe(5);
	});

	it('profiles import reads back what export wrote (validated; --force to replace; NAME to rename)', async () => {
		expect((await runInProcess(['advise', '--streams', '3', '--save', 'orig'], {configDir})).status).toBe(0);
		const file = join(configDir, 'orig.json');
		writeFileSync(file, (await runInProcess(['profiles', 'export', 'orig'], {configDir})).stdout);
		const clash = await runInProcess(['profiles', 'import', file], {configDir});
		expect(clash.status).toBe(2);
		expect(clash.stderr).toContain('already exists');
		const renamed = await runInProcess(['profiles', 'import', file, 'copy'], {configDir});
		expect(renamed.status).toBe(0);
		expect(JSON.parse((await runInProcess(['profiles', 'export', 'copy'], {configDir})).stdout)).toEqual({
			...(JSON.parse(readFileSync(file, 'utf8')) as object),
			name: 'copy',
		});
		expect((await runInProcess(['profiles', 'import', file, '--force'], {configDir})).status).toBe(0);
		const broken = join(configDir, 'broken.json');
		writeFileSync(broken, readFileSync(file, 'utf8').replace('"streams": 3', '"streams": 0'));
		const invalid = await runInProcess(['profiles', 'import', broken, 'other'], {configDir});
		expect(invalid.status).toBe(2);
		expect(lines(invalid.stderr)).toEqual([
			expect.stringMatching(
				/^netplace: workload\.streams in \S+broken\.json must be an integer from 1 to 4096, got "0"$/,
			),
		]);
		expect((await runInProcess(['profiles', 'import', join(configDir, 'none.json')], {configDir})).status).toBe(2);
	});

	it('advise --min-gbps 0 --save x is one line and exit 2, nothing saved', async () => {
		const result = await runInProcess(['advise', '--min-gbps', '0', '--save', 'x'], {configDir});
		expect(result.status).toBe(2);
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toMatch(/^netplace: .*min-?gbps/i);
		expect((await runInProcess(['profiles', 'list', '--json'], {configDir})).stdout.trim()).toBe('[]');
	});

	it('a store that cannot be written names its path, one line', async () => {
		expect((await runInProcess(['advise', '--save', 'one'], {configDir})).status).toBe(0);
		execFileSync('chattr', ['+i', join(configDir, 'config.json')]);
		try {
			const result = await runInProcess(['advise', '--save', 'two'], {configDir});
			expect(result.status).toBe(1);
			expect(lines(result.stderr)).toEqual([
				expect.stringContaining(`netplace: cannot save to ${join(configDir, 'config.json')}: operation not permitted`),
			]);
		} finally {
			execFileSync('chattr', ['-i', join(configDir, 'config.json')]);
		}
	});
});

describe('a stored profile is checked by the one workload builder, named by its own fields', () => {
	/** A saved profile `wide` with `streams` written into its stored workload, as an editor might. */
	async function storedWith(streams: number): Promise<string> {
		expect((await runInProcess(['advise', '--streams', '4', '--save', 'wide'], {configDir})).status).toBe(0);
		const path = join(configDir, 'config.json');
		const store = JSON.parse(readFileSync(path, 'utf8')) as {profiles: {wide: {workload: {streams: number}}}};
		store.profiles.wide.workload.streams = streams;
		writeFileSync(path, JSON.stringify(store));
		return path;
	}

	it('profiles show, export, advise --profile and size --profile say what is wrong: one line, exit 2', async () => {
		const path = await storedWith(100_000);
		const line = `netplace: profile wide in ${path} is not usable: streams in profile wide must be an integer from 1 to 4096, got "100000" (fix it there, or netplace profiles delete wide)`;
		for (const args of [
			['profiles', 'show', 'wide'],
			['profiles', 'export', 'wide'],
			['advise', '--profile', 'wide'],
			['size', '--profile', 'wide', '--json'],
		]) {
			const result = await runInProcess(args, {configDir});
			expect(result.status, args.join(' ')).toBe(2);
			// Never `--streams`, a flag the user did not type.
			expect(lines(result.stderr), args.join(' ')).toEqual([line]);
			expect(result.stdout).toBe('');
		}

		const list = await runInProcess(['profiles', 'list'], {configDir});
		expect(list.status).toBe(0);
		expect(list.stdout).not.toMatch(/^wide\s/m);
		expect(list.stdout.trim()).toBe(
			`No usable profiles (1 not usable, kept as they are) in ${path} (netplace advise --save NAME saves one).`,
		);
		expect(lines(list.stderr)).toEqual([
			expect.stringMatching(/profile "wide" .* is not usable \(streams in profile wide must/),
		]);
		// Kept as it is, and deletable by name.
		expect(readFileSync(path, 'utf8')).toContain('"streams":100000');
		expect((await runInProcess(['profiles', 'delete', 'wide'], {configDir})).status).toBe(0);
	});

	it('over a good profile, a bad typed flag is named as the flag', async () => {
		await storedWith(8);
		const result = await runInProcess(['advise', '--profile', 'wide', '--streams', '5000'], {configDir});
		expect(result.status).toBe(2);
		expect(lines(result.stderr)).toEqual(['netplace: --streams must be an integer from 1 to 4096, got "5000"']);
	});
});
