import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {RuntimeError, UserError} from '../../source/domain/errors.js';
import {type Advice, defaultWorkload, type Workload} from '../../source/domain/types.js';
import {profileWorkloadProblem} from '../../source/request/workload.js';
import {migrations, readStore} from '../../source/stores/profile-schema.js';
import {ProfileExistsError, ProfileStore} from '../../source/stores/profile-store.js';

/** A workload as version 1 and 2 stores kept it (no sizing constraints). */
const v2Workload = {
	cloud: 'aws',
	streams: 1,
	latencySensitive: false,
	faultIsolation: true,
	minGbps: 20,
	sustained: false,
	keepLiveMigration: false,
} as const;

const workload: Workload = {...defaultWorkload, ...v2Workload};

const advice: Advice = {
	workload,
	configurations: [],
	steps: [
		{
			rank: 1,
			id: 'parallelise',
			verdict: 'do',
			title: 'Open parallel streams',
			why: 'one flow is capped',
			evidence: [
				{cloud: 'aws', shape: 'c8g.4xlarge', placement: 'default', streams: 1, gbps: 4.96, source: 'reference'},
			],
		},
	],
	notes: [{id: 'one-sample-per-cell', text: 'one sample per cell'}],
	bandwidth: [],
};

let dir: string;
let warnings: string[];
// As the CLI opens it (cli/advise.ts openStore): each stored workload checked by the one builder.
const open = () =>
	new ProfileStore({
		folder: dir,
		onRecovered: (message) => warnings.push(message),
		checkWorkload: profileWorkloadProblem,
	});

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'netplace-profiles-'));
	warnings = [];
});

afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

const file = () => join(dir, 'config.json');
const stored = (streams = 1) => ({
	workload: {...workload, streams},
	advice,
	savedAt: '2026-01-02T03:04:05.000Z',
	probeRunIds: [],
});

describe('ProfileStore', () => {
	it('saves, reads back, lists and deletes a profile', async () => {
		const store = open();
		expect(store.list()).toEqual([]);
		const saved = await store.save('bulk-copy', {workload, advice, probeRunIds: ['np-abc-1']});
		expect(saved.name).toBe('bulk-copy');
		expect(Date.parse(saved.savedAt)).not.toBeNaN();

		const again = open();
		const profile = again.get('bulk-copy');
		expect(profile.workload).toEqual(workload);
		expect(profile.advice.steps[0]?.id).toBe('parallelise');
		expect(profile.probeRunIds).toEqual(['np-abc-1']);
		expect(again.list().map((entry) => entry.name)).toEqual(['bulk-copy']);
		expect(again.path).toBe(file());

		await again.delete('bulk-copy');
		expect(open().list()).toEqual([]);
		expect(warnings).toEqual([]);
	});

	it('throws a UserError naming the missing profile (built-in names too)', async () => {
		const store = open();
		for (const name of ['nope', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'constructor']) {
			expect(() => store.get(name)).toThrow(UserError);
			expect(() => store.get(name)).toThrow(`no profile named ${name}`);
			await expect(store.delete(name)).rejects.toThrow(`no profile named ${name}`);
			expect(store.has(name)).toBe(false);
		}
	});

	it('rejects bad profile names', async () => {
		const store = open();
		for (const name of ['', 'has space', 'a/b', 'x'.repeat(65), 'semi;colon']) {
			await expect(store.save(name, {workload, advice})).rejects.toThrow('invalid profile name');
		}

		expect((await store.save('ok.name_1-2', {workload, advice})).name).toBe('ok.name_1-2');
	});

	it('keeps names that collide with object built-ins as ordinary names, through the file and back', async () => {
		const names = ['__proto__', 'valueOf', 'hasOwnProperty', 'toString', 'constructor'];
		for (const [index, name] of names.entries()) {
			await open().save(name, {workload: {...workload, streams: index + 1}, advice});
		}

		const again = open();
		expect(again.list().map((entry) => entry.name)).toEqual([...names].sort());
		for (const [index, name] of names.entries()) expect(again.get(name).workload.streams).toBe(index + 1);
		const onDisk = JSON.parse(readFileSync(file(), 'utf8')) as {profiles: object};
		expect(Object.keys(onDisk.profiles).sort()).toEqual([...names].sort());
		await again.delete('__proto__');
		expect(
			open()
				.list()
				.map((entry) => entry.name),
		).toEqual(names.slice(1).sort());
		expect(warnings).toEqual([]);
	});

	it('refuses to replace a profile unless asked to overwrite', async () => {
		await open().save('same', {workload, advice});
		const error = await open()
			.save('same', {workload: {...workload, streams: 9}, advice})
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(ProfileExistsError);
		expect((error as UserError).exitCode).toBe(2);
		expect(String((error as Error).message)).toContain(file());
		expect(open().get('same').workload.streams).toBe(1);
		await open().save('same', {workload: {...workload, streams: 9}, advice}, {overwrite: true});
		expect(open().get('same').workload.streams).toBe(9);
	});

	it('reports one bad entry with the file and name, keeps it, and the others stay usable', async () => {
		const text = JSON.stringify({version: 2, profiles: {good: stored(), bad: stored(0)}});
		writeFileSync(file(), text);
		const store = open();
		expect(store.list().map((entry) => entry.name)).toEqual(['good']);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(file());
		expect(warnings[0]).toMatch(
			/profile "bad" .* is not usable \(streams in profile bad must be an integer from 1 to 4096, got "0"\)/,
		);
		expect(readFileSync(file(), 'utf8')).toBe(text); // a read changes nothing
		await store.save('new', {workload, advice});
		const onDisk = JSON.parse(readFileSync(file(), 'utf8')) as {
			profiles: Record<string, {workload: {streams: number}}>;
		};
		expect(Object.keys(onDisk.profiles)).toEqual(['good', 'bad', 'new']);
		expect(onDisk.profiles['bad']?.workload.streams).toBe(0);
		expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([]);
		await open().delete('bad'); // a bad entry can still be deleted by name
		expect(open().has('bad')).toBe(false);
	});

	it('a profile past a bound (streams: 100000) is not usable, named by its field; get says so in one line', () => {
		const text = JSON.stringify({version: 3, profiles: {good: stored(), wide: stored(100_000)}});
		writeFileSync(file(), text);
		const store = open();
		const refused = (() => {
			try {
				store.get('wide');
			} catch (error: unknown) {
				return error;
			}

			return undefined;
		})();
		expect(refused).toBeInstanceOf(UserError);
		expect((refused as UserError).message).toBe(
			`profile wide in ${file()} is not usable: streams in profile wide must be an integer from 1 to 4096, got "100000"`,
		);
		expect((refused as UserError).hint).toBe('fix it there, or netplace profiles delete wide');
		// Its own warning is not told beside the refusal that says the same; the list leaves it out and says why.
		expect(warnings).toEqual([]);
		expect(store.list().map((entry) => entry.name)).toEqual(['good']);
		expect(warnings).toEqual([expect.stringMatching(/profile "wide" .* is not usable \(streams in profile wide must/)]);
		expect(readFileSync(file(), 'utf8')).toBe(text);
	});

	it("without the builder's check the store reads the form only: the bounds are the bounds table's", () => {
		writeFileSync(file(), JSON.stringify({version: 3, profiles: {wide: stored(100_000)}}));
		expect(new ProfileStore({folder: dir, onRecovered: () => undefined}).get('wide').workload.streams).toBe(100_000);
	});

	it('leaves an unparseable store alone on reads; the next save moves it aside and says where', async () => {
		const garbage = '{"version": 2, "profiles": {garbage';
		writeFileSync(file(), garbage);
		expect(open().list()).toEqual([]);
		expect(warnings[0]).toContain(file());
		expect(readFileSync(file(), 'utf8')).toBe(garbage);
		warnings = [];
		const store = open();
		await store.save('fresh', {workload, advice});
		const aside = store.recoveredFrom;
		expect(aside).toMatch(/config\.json\.corrupt-\d{4}-\d\d-\d\dT/);
		expect(readFileSync(aside ?? '', 'utf8')).toBe(garbage);
		expect(warnings.some((line) => line.includes(aside ?? '?'))).toBe(true);
		expect(open().get('fresh').workload.cloud).toBe('aws');
	});

	it('reads a store written by a newer netplace but never writes or moves it', async () => {
		const text = JSON.stringify({version: 99, profiles: {mine: stored()}, future: true});
		writeFileSync(file(), text);
		const store = open();
		expect(store.list().map((entry) => entry.name)).toEqual(['mine']);
		expect(warnings[0]).toMatch(/newer netplace \(store version 99/);
		const error = await store.save('x', {workload, advice}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(RuntimeError);
		expect(String((error as Error).message)).toContain(file());
		await expect(open().delete('mine')).rejects.toThrow('newer netplace');
		expect(readFileSync(file(), 'utf8')).toBe(text);
		expect(readdirSync(dir).sort()).toEqual(['config.json']);
	});

	it('migrates a version 1 store (answers, no probe run ids) on read and writes version 3 on the next save', async () => {
		const old = {answers: v2Workload, advice: {...advice, workload: v2Workload}, savedAt: '2026-01-02T03:04:05.000Z'};
		const v1 = {profiles: {old, __proto__x: 1}};
		writeFileSync(file(), JSON.stringify(v1).replace('__proto__x', '__proto__'));
		const profile = open().get('old');
		expect(profile.workload).toEqual(workload);
		expect(profile.probeRunIds).toEqual([]);
		await open().save('next', {workload, advice});
		const written = JSON.parse(readFileSync(file(), 'utf8')) as {version: number; profiles: object};
		expect(written.version).toBe(3);
		expect(Object.keys(written.profiles)).toEqual(['old', '__proto__', 'next']);
	});

	it('migrates a version 2 workload to version 3 with the sizing constraints at their defaults', () => {
		const entry = {
			workload: v2Workload,
			advice: {...advice, workload: v2Workload},
			savedAt: '2026-01-02T03:04:05.000Z',
		};
		writeFileSync(file(), JSON.stringify({version: 2, profiles: {old: {...entry, probeRunIds: []}}}));
		const profile = open().get('old');
		expect(profile.workload).toEqual(workload);
		// Pinned here, not read from defaultWorkload: what a v2 workload means must not follow later defaults.
		const meant = {
			path: 'same-zone',
			region: null,
			arch: null,
			minVcpus: null,
			minMemoryGib: null,
			shapes: [],
			placement: null,
			enaExpress: null,
			tier1: null,
			// The path figures (added later): absent in every stored profile before them, read as the defaults.
			rttMs: null,
			mtu: null,
			rmemMax: null,
			wmemMax: null,
			tcpRmemMax: null,
			tcpWmemMax: null,
			cc: null,
			lossPercent: null,
			// The transfer (added later): none said.
			transferBytes: null,
			withinSeconds: null,
			toRegion: null,
			hostsAsIs: false,
			maxPairs: 16,
		};
		expect(profile.workload).toEqual({...v2Workload, ...meant});
		expect(profile.advice.workload).toEqual({...v2Workload, ...meant});
	});

	it('imports an exported profile as it was, validated', async () => {
		const entry = stored();
		expect((await open().import('imported', entry)).savedAt).toBe(entry.savedAt);
		expect(open().get('imported').savedAt).toBe(entry.savedAt);
		await expect(open().import('bad', {...entry, workload: {...workload, streams: 0}})).rejects.toThrow(
			/profile bad is not valid: streams in profile bad must be an integer from 1 to 4096, got "0"/,
		);
		await expect(open().import('imported', entry)).rejects.toBeInstanceOf(ProfileExistsError);
	});

	it('a write that fails names the file, and the store is unchanged', async () => {
		await open().save('kept', {workload, advice});
		execFileSync('chattr', ['+i', file()]);
		try {
			const error = await open()
				.save('more', {workload, advice})
				.catch((caught: unknown) => caught);
			expect(error).toBeInstanceOf(RuntimeError);
			expect((error as Error).message).toMatch(new RegExp(`^cannot save to ${file()}: operation not permitted`));
		} finally {
			execFileSync('chattr', ['-i', file()]);
		}

		expect(
			open()
				.list()
				.map((entry) => entry.name),
		).toEqual(['kept']);
	});
});

describe('readStore', () => {
	it('reads a store newer than it understands as read-only', () => {
		const outcome = readStore({version: 4, profiles: {}});
		expect(outcome).toMatchObject({ok: true, newer: true});
	});

	it('runs every migration in order and fails when one is missing', () => {
		expect(readStore({version: 1, profiles: {}}, {})).toEqual({ok: false, reason: 'no migration to version 2'});
		const outcome = readStore({version: 1, profiles: {}}, migrations);
		expect(outcome).toMatchObject({ok: true, migratedFrom: 1, version: 1});
	});
});
