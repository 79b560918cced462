// What each scripting command loads, read through the bundle's manifest (test/helpers/loaded-modules.ts):
// a module counts as loaded when the bundle file holding it was.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadedBundleFiles, loadedModules} from '../helpers/loaded-modules.js';
import {configDirForFile, root, runCli, storeRun} from './helpers.js';

const configDir = configDirForFile();

const heavy = /node_modules\/(ink|react|@inkjs|@alcalzone|@aws-sdk|@google-cloud|oci-[a-z]+|ssh2)\//;
const preload = join(import.meta.dirname, 'fixtures', 'record-loads.mjs');

function logOf(args: readonly string[], name: string): string {
	const log = join(configDir(), `${name}.log`);
	const result = runCli(args, {configDir: configDir(), nodeArgs: ['--import', preload], env: {NETPLACE_LOAD_LOG: log}});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return log;
}

function loadedBy(args: readonly string[], name: string): string[] {
	return loadedModules(logOf(args, name));
}

describe('the scripting commands start light', () => {
	it('the recorder sees what the CLI loads (the lock and zod for profiles; the help from package.json, no meow)', () => {
		const help = loadedBy(['--help'], 'help');
		expect(help).toContain('source/commands/usage.ts');
		expect(help.filter((url) => url.includes('/node_modules/'))).toEqual([]);
		const profiles = loadedBy(['advise', '--save', 'sanity'], 'sanity');
		expect(profiles.some((url) => url.includes('node_modules/proper-lockfile/'))).toBe(true);
		expect(profiles.some((url) => url.includes('node_modules/zod/'))).toBe(true);
		expect(loadedBy(['advise', '--json'], 'advisor').some((url) => url.startsWith('source/advisor/'))).toBe(true);
	});

	it('runs the bundle: dist/core.cjs and its chunks, none of the per-module tsc output beside them', () => {
		const log = logOf(['advise', '--cloud', 'aws'], 'bundle');
		expect(loadedBundleFiles(log)).toContain('core.cjs');
		const dist = join(root, 'dist');
		const outsideBundle = loadedModules(log).filter(
			(where) => where.startsWith(dist) || where.startsWith(`file://${dist}`),
		);
		expect(outsideBundle).toEqual([]);
	});

	it('the commands that answer from the catalogue run from the entry and the one CommonJS core, no chunk (scripts/core-split.mjs)', () => {
		for (const args of [
			['table', '--json'],
			['advise', '--json'],
			['advise', '--cloud', 'gcp'],
			['size', '--json', '--cloud', 'aws', '--min-gbps', '30'],
			['shapes', '--cloud', 'oci'],
		]) {
			expect(loadedBundleFiles(logOf(args, `core-${args.join('-')}`))).toEqual(['cli.cjs', 'core.cjs']);
		}
	});

	it('with probe results stored, their current per-cell medians are read from the core; a stale file loads the store, which rebuilds it', () => {
		const dir = join(configDir(), 'with-results');
		storeRun(dir, 'np-loads-1', 0.6, '2026-12-01T10:00:00.000Z');
		const run = (name: string) => {
			const log = join(dir, `${name}.log`);
			const result = runCli(['table', '--json'], {
				configDir: dir,
				nodeArgs: ['--import', preload],
				env: {NETPLACE_LOAD_LOG: log},
			});
			expect(result.stderr).toBe('');
			expect(result.status).toBe(0);
			const probe = (JSON.parse(result.stdout) as {source: string; singleFlowGbps: number}[]).filter(
				(row) => row.source === 'probe',
			);
			return {files: loadedBundleFiles(log), modules: loadedModules(log), probe};
		};
		const probeStore = 'source/probe/results-store.ts';

		// No cells file yet: the store builds it under its lock.
		const first = run('results-first');
		expect(first.modules).toContain(probeStore);
		expect(first.probe.map((row) => row.singleFlowGbps)).toEqual([0.6]);
		// Current: the entry and the core alone, the same rows.
		const current = run('results-current');
		expect(current.files).toEqual(['cli.cjs', 'core.cjs']);
		expect(current.probe).toEqual(first.probe);
		// A run saved since (the runs folder moved on): the store again, and the new run counts.
		storeRun(dir, 'np-loads-2', 0.8, '2026-12-01T11:00:00.000Z');
		const stale = run('results-stale');
		expect(stale.modules).toContain(probeStore);
		expect(stale.probe.map((row) => row.singleFlowGbps)).toEqual([0.7]);
	});

	it('each source module is in one bundle file: a chunk takes the core modules from dist/core.cjs, no copy', () => {
		const inputs = JSON.parse(readFileSync(join(root, 'dist', 'bundle-inputs.json'), 'utf8')) as Record<
			string,
			string[]
		>;
		const holders = new Map<string, string[]>();
		for (const [file, modules] of Object.entries(inputs)) {
			for (const module of modules.filter((path) => path.startsWith('source/'))) {
				holders.set(module, [...(holders.get(module) ?? []), file]);
			}
		}

		expect([...holders].filter(([, files]) => files.length > 1)).toEqual([]);
		// The modules every chunk needs from the core are there, and in no chunk.
		for (const module of ['source/errors.ts', 'source/advisor/index.ts', 'source/sizing/catalogue.ts']) {
			expect(holders.get(module)).toEqual(['core.cjs']);
		}
	});

	for (const args of [
		['advise', '--json'],
		['size', '--json', '--cloud', 'any', '--streams', '4', '--min-gbps', '30'],
		['advise', '--cloud', 'aws'],
		['table', '--json'],
		['table'],
		['profiles', 'list'],
		['advise', '--save', 'light'],
	]) {
		it(`${args.join(' ')} loads neither ink nor react nor a cloud SDK`, () => {
			const loaded = loadedBy(args, args.join('-'));
			expect(loaded.filter((url) => heavy.test(url))).toEqual([]);
		});
	}

	it('advise and table without profile flags load no package at all (not meow, conf or zod either)', () => {
		for (const args of [
			['advise', '--json'],
			['table', '--json'],
		]) {
			const loaded = loadedBy(args, `${args[0] ?? ''}-store`);
			expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([]);
		}
	});
});
