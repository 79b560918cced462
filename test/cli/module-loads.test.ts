// What each scripting command loads, read through the bundles' metafile (test/helpers/loaded-modules.ts):
// a module counts as loaded when the bundle file holding it was. The scripting commands run from the one
// CommonJS file, dist/cli.cjs; the wizard, probe and cleanup are the ES-module bundle beside it.
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
	it('the recorder sees what the CLI loads (the bundles expanded, a package outside them as its own files)', () => {
		expect(loadedBy(['--help'], 'help')).toContain('source/cli/usage.ts');
		expect(loadedBy(['advise', '--json'], 'advisor').some((url) => url.startsWith('source/advice/'))).toBe(true);
		// The lab's SSH transport takes ssh2 from node_modules (not bundled).
		expect(loadedBy(['cleanup', '--provider', 'lab'], 'ssh2').some((url) => url.includes('node_modules/ssh2/'))).toBe(
			true,
		);
	});

	it('runs the bundle: dist/cli.cjs, none of the per-module tsc output beside it', () => {
		const log = logOf(['advise', '--cloud', 'aws'], 'bundle');
		expect(loadedBundleFiles(log)).toEqual(['cli.cjs']);
		const dist = join(root, 'dist');
		const outsideBundle = loadedModules(log).filter(
			(where) => where.startsWith(dist) || where.startsWith(`file://${dist}`),
		);
		expect(outsideBundle).toEqual([]);
	});

	it('the scripting commands run from the one CommonJS file, not the ES-module bundle of the wizard and the probe', () => {
		for (const args of [
			['table', '--json'],
			['advise', '--json'],
			['advise', '--cloud', 'gcp'],
			['size', '--json', '--cloud', 'aws', '--min-gbps', '30'],
			['shapes', '--cloud', 'oci'],
			['results', 'list'],
		]) {
			expect(loadedBundleFiles(logOf(args, `core-${args.join('-')}`))).toEqual(['cli.cjs']);
		}
	});

	it('with probe results stored, table reads their per-cell medians from dist/cli.cjs alone; a run saved since counts', () => {
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
			return {files: loadedBundleFiles(log), probe};
		};

		// No cells file yet: the store builds it under its lock.
		const first = run('results-first');
		expect(first.files).toEqual(['cli.cjs']);
		expect(first.probe.map((row) => row.singleFlowGbps)).toEqual([0.6]);
		// Current: the same rows.
		const current = run('results-current');
		expect(current.files).toEqual(['cli.cjs']);
		expect(current.probe).toEqual(first.probe);
		// A run saved since (the runs folder moved on): the cells are rebuilt, and the new run counts.
		storeRun(dir, 'np-loads-2', 0.8, '2026-12-01T11:00:00.000Z');
		const stale = run('results-stale');
		expect(stale.probe.map((row) => row.singleFlowGbps)).toEqual([0.7]);
	});

	it('the wizard and cleanup run from the ES-module bundle, which answers their errors as the CLI does', () => {
		const cleanup = logOf(['cleanup', '--provider', 'lab'], 'cleanup');
		expect(loadedBundleFiles(cleanup)).toContain('long-running.js');
		expect(loadedModules(cleanup)).toContain('source/providers/lab/index.ts');
		expect(loadedModules(cleanup).filter((url) => /node_modules\/(ink|react)\//.test(url))).toEqual([]);
		// An error thrown inside that bundle (its own copy of errors.ts): one line, exit 2, no stack.
		const log = join(configDir(), 'wizard-profile.log');
		const wizard = runCli(['--profile', 'nope'], {
			configDir: configDir(),
			nodeArgs: ['--import', preload],
			env: {NETPLACE_LOAD_LOG: log},
		});
		expect(wizard.stderr).toBe('netplace: no profile named nope (netplace profiles list shows them)\n');
		expect(wizard.status).toBe(2);
		expect(loadedBundleFiles(log)).toContain('long-running.js');
	});

	it('shapes --live runs from the ES-module bundle, the one that holds the providers: dist/cli.cjs has none of their code', () => {
		const log = join(configDir(), 'shapes-live.log');
		// Refused before any cloud is asked (too many shapes): that bundle's own error, answered in one line.
		const live = runCli(['shapes', '--live', '--cloud', 'aws'], {
			configDir: configDir(),
			nodeArgs: ['--import', preload],
			env: {NETPLACE_LOAD_LOG: log},
		});
		expect(live.stderr).toMatch(/^netplace: --live checks at most \d+ shapes per cloud; [^\n]*\n$/);
		expect(live.status).toBe(2);
		expect(loadedBundleFiles(log)).toContain('long-running.js');
		// Every module of dist/cli.cjs (the recorder expands the file into what it holds): of a provider's folder
		// only a cloud's probe-fields.ts, the flags it declares as data (the argv parser reads them).
		const core = loadedModules(logOf(['table', '--json'], 'core-modules'));
		expect(core).toContain('source/cli/shapes.ts');
		expect(core).toContain('source/providers/aws/probe-fields.ts');
		expect(core.filter((path) => /^source\/providers\/(aws|gcp|oci|lab)\/(?!probe-fields\.ts$)/.test(path))).toEqual(
			[],
		);
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

	it('dist/cli.cjs holds no package: zod is in dist/profile-schema.cjs, loaded only when a profile is read or saved', () => {
		const packagesOf = (log: string) =>
			new Set(
				loadedModules(log)
					.filter((path) => path.includes('node_modules/'))
					.map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1]),
			);
		expect(packagesOf(logOf(['table', '--json'], 'packages'))).toEqual(new Set());
		for (const args of [
			['profiles', 'list'],
			['advise', '--json', '--save', 'schemas'],
		]) {
			const log = logOf(args, `schemas-${args.join('-')}`);
			expect(loadedBundleFiles(log)).toEqual(['cli.cjs', 'profile-schema.cjs']);
			expect(packagesOf(log)).toEqual(new Set(['zod']));
		}
	});
});

describe('the published build', () => {
	it('carries source maps: under --enable-source-maps a --debug trace names the source file', () => {
		const run = runCli(['size', '--shape', 'no-such-shape', '--debug'], {
			configDir: configDir(),
			nodeArgs: ['--enable-source-maps'],
		});
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(/source\/cli\/catalogue-input\.ts:\d+:\d+/);
	});
});
