import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {assertBuilt, lines, runCli, tempConfigDir} from './helpers.js';

let configDir: string;

beforeAll(() => {
	assertBuilt();
});

beforeEach(() => {
	configDir = tempConfigDir();
});

afterEach(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describe('profiles round trip', () => {
	it('saves with advise --save, lists, shows, exports, loads with --profile and deletes', () => {
		const saved = runCli(['advise', '--cloud', 'gcp', '--latency-sensitive', '--save', 'low-latency'], {configDir});
		expect(saved.status).toBe(0);
		expect(saved.stdout).toContain('Saved as profile low-latency');

		const list = runCli(['profiles', 'list'], {configDir});
		expect(list.status).toBe(0);
		expect(list.stdout).toMatch(/^low-latency\s+\d{4}-\d\d-\d\dT.*GCP, 1 stream, latency-sensitive/m);

		const exported = runCli(['profiles', 'export', 'low-latency'], {configDir});
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

		const show = runCli(['profiles', 'show', 'low-latency'], {configDir});
		expect(show.status).toBe(0);
		expect(show.stdout).toContain('Profile low-latency');
		expect(show.stdout).toMatch(/DO\s+/);

		const loaded = runCli(['advise', '--profile', 'low-latency', '--json'], {configDir});
		expect(JSON.parse(loaded.stdout)).toMatchObject({workload: {cloud: 'gcp', latencySensitive: true}});
		const overridden = runCli(['advise', '--profile', 'low-latency', '--cloud', 'aws', '--json'], {configDir});
		expect(JSON.parse(overridden.stdout)).toMatchObject({workload: {cloud: 'aws', latencySensitive: true}});

		const deleted = runCli(['profiles', 'delete', 'low-latency'], {configDir});
		expect(deleted.status).toBe(0);
		expect(runCli(['profiles', 'list', '--json'], {configDir}).stdout.trim()).toBe('[]');
	});
});

describe('a corrupt store', () => {
	it('is kept aside, the user is told where in one line, and netplace keeps working', () => {
		const garbage = '{"version": 2, "profiles": {"x": ]]] not json';
		writeFileSync(join(configDir, 'config.json'), garbage);
		const result = runCli(['profiles', 'list'], {configDir});
		expect(result.status).toBe(0);
		const aside = readdirSync(configDir).filter((name) => name.startsWith('config.json.corrupt-'));
		expect(aside).toHaveLength(1);
		expect(readFileSync(join(configDir, aside[0] ?? ''), 'utf8')).toBe(garbage);
		expect(lines(result.stderr)).toHaveLength(1);
		expect(result.stderr).toContain(aside[0]);
		expect(result.stdout).toContain('No saved profiles');

		const saved = runCli(['advise', '--save', 'after'], {configDir});
		expect(saved.status).toBe(0);
		expect(saved.stderr).toBe('');
		expect(runCli(['profiles', 'list'], {configDir}).stdout).toMatch(/^after\s/m);
	});

	it('a schema-violating store is kept aside too', () => {
		writeFileSync(join(configDir, 'config.json'), JSON.stringify({version: 2, profiles: {p: {workload: 'nope'}}}));
		const result = runCli(['advise', '--save', 'fresh', '--json'], {configDir});
		expect(result.status).toBe(0);
		expect(result.stderr).toMatch(/^netplace: warning: .*schema violation.*corrupt-/);
		expect(readdirSync(configDir).filter((name) => name.startsWith('config.json.corrupt-'))).toHaveLength(1);
		expect(JSON.parse(runCli(['profiles', 'export', 'fresh'], {configDir}).stdout)).toMatchObject({name: 'fresh'});
	});
});
