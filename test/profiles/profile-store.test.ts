import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type Advice, defaultWorkload, type Workload} from '../../source/advisor/types.js';
import {UserError} from '../../source/errors.js';
import {migrations, readStore} from '../../source/profiles/profile-schema.js';
import {ProfileStore} from '../../source/profiles/profile-store.js';

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
const open = () => new ProfileStore({cwd: dir, onRecovered: (message) => warnings.push(message)});

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'netplace-profiles-'));
	warnings = [];
});

afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

describe('ProfileStore', () => {
	it('saves, reads back, lists and deletes a profile', () => {
		const store = open();
		expect(store.list()).toEqual([]);
		const saved = store.save('bulk-copy', {workload, advice, probeRunIds: ['np-abc-1']});
		expect(saved.name).toBe('bulk-copy');
		expect(Date.parse(saved.savedAt)).not.toBeNaN();

		const again = open();
		const profile = again.get('bulk-copy');
		expect(profile.workload).toEqual(workload);
		expect(profile.advice.steps[0]?.id).toBe('parallelise');
		expect(profile.probeRunIds).toEqual(['np-abc-1']);
		expect(again.list().map((entry) => entry.name)).toEqual(['bulk-copy']);
		expect(again.path).toBe(join(dir, 'config.json'));

		again.delete('bulk-copy');
		expect(open().list()).toEqual([]);
		expect(warnings).toEqual([]);
	});

	it('throws a UserError naming the missing profile', () => {
		const store = open();
		expect(() => store.get('nope')).toThrow(UserError);
		expect(() => store.get('nope')).toThrow('no profile named nope');
		expect(() => store.delete('nope')).toThrow('no profile named nope');
	});

	it('rejects bad profile names', () => {
		const store = open();
		for (const name of ['', 'has space', 'a/b', 'x'.repeat(65), 'semi;colon']) {
			expect(() => store.save(name, {workload, advice})).toThrow('invalid profile name');
		}

		expect(store.save('ok.name_1-2', {workload, advice}).name).toBe('ok.name_1-2');
	});

	it('moves an unparseable store aside and keeps working', () => {
		writeFileSync(join(dir, 'config.json'), '{"version": 2, "profiles": {garbage');
		const store = open();
		expect(store.list()).toEqual([]);
		const aside = store.recoveredFrom;
		expect(aside).toMatch(/config\.json\.corrupt-\d{4}-\d\d-\d\dT/);
		expect(readFileSync(aside ?? '', 'utf8')).toBe('{"version": 2, "profiles": {garbage');
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(aside ?? '');
		store.save('fresh', {workload, advice});
		expect(open().get('fresh').workload.cloud).toBe('aws');
	});

	it('moves a schema-violating store aside rather than dropping fields', () => {
		const bad = JSON.stringify({
			version: 2,
			profiles: {p: {workload: {...workload, streams: 0}, advice, savedAt: 'x', probeRunIds: []}},
		});
		writeFileSync(join(dir, 'config.json'), bad);
		const store = open();
		expect(store.list()).toEqual([]);
		expect(readdirSync(dir).filter((name) => name.startsWith('config.json.corrupt-'))).toHaveLength(1);
		expect(warnings[0]).toMatch(/schema violation at profiles\.p\.workload\.streams/);
	});

	it('migrates a version 1 store (answers, no probe run ids) to the current version and writes it back', () => {
		const v1 = {
			profiles: {old: {answers: v2Workload, advice: {...advice, workload: v2Workload}, savedAt: '2026-01-02T03:04:05.000Z'}},
		};
		writeFileSync(join(dir, 'config.json'), JSON.stringify(v1));
		const profile = open().get('old');
		expect(profile.workload).toEqual(workload);
		expect(profile.probeRunIds).toEqual([]);
		const written = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {version: number};
		expect(written.version).toBe(3);
		expect(warnings).toEqual([]);
	});

	it('migrates a version 2 workload to version 3 with the sizing constraints at their defaults', () => {
		const entry = {workload: v2Workload, advice: {...advice, workload: v2Workload}, savedAt: '2026-01-02T03:04:05.000Z'};
		writeFileSync(join(dir, 'config.json'), JSON.stringify({version: 2, profiles: {old: {...entry, probeRunIds: []}}}));
		const profile = open().get('old');
		expect(profile.workload).toEqual(workload);
		expect(profile.workload).toMatchObject({path: 'same-zone', shapes: [], region: null, placement: null});
		expect(profile.advice.workload).toEqual(workload);
	});
});

describe('readStore', () => {
	it('refuses a store newer than it understands', () => {
		const outcome = readStore({version: 4, profiles: {}});
		expect(outcome.ok).toBe(false);
	});

	it('runs every migration in order and fails when one is missing', () => {
		expect(readStore({version: 1, profiles: {}}, {})).toEqual({ok: false, reason: 'no migration to version 2'});
		const outcome = readStore({version: 1, profiles: {}}, migrations);
		expect(outcome).toMatchObject({ok: true, migratedFrom: 1, data: {version: 3, profiles: {}}});
	});
});
