// What each scripting command loads, read through the bundle's manifest (test/helpers/loaded-modules.ts):
// a module counts as loaded when the bundle file holding it was.
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadedBundleFiles, loadedModules} from '../helpers/loaded-modules.js';
import {assertBuilt, root, runCli, tempConfigDir} from './helpers.js';

let configDir: string;

beforeAll(() => {
	assertBuilt();
	configDir = tempConfigDir();
});

afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const heavy = /node_modules\/(ink|react|@inkjs|@alcalzone|@aws-sdk|@google-cloud|oci-[a-z]+|ssh2)\//;
const preload = join(import.meta.dirname, 'fixtures', 'record-loads.mjs');

function logOf(args: readonly string[], name: string): string {
	const log = join(configDir, `${name}.log`);
	const result = runCli(args, {configDir, nodeArgs: ['--import', preload], env: {NETPLACE_LOAD_LOG: log}});
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

	it('runs the bundle: dist/cli.js and its chunks, none of the per-module tsc output beside them', () => {
		const log = logOf(['size', '--json', '--cloud', 'any', '--streams', '4', '--min-gbps', '30'], 'bundle');
		expect(loadedBundleFiles(log)).toContain('cli.js');
		const dist = `file://${join(root, 'dist')}/`;
		const outsideBundle = loadedModules(log).filter((url) => url.startsWith(dist));
		expect(outsideBundle).toEqual([]);
	});

	it('loads what cli.js needs at start-up as one chunk (scripts/eager-chunk.mjs), not one per set of lazy entries', () => {
		// cli.js, the eager chunk and esbuild's runtime helpers; size adds its own chunk and the catalogue's re-export.
		expect(loadedBundleFiles(logOf(['table', '--json'], 'eager-table'))).toHaveLength(3);
		const size = loadedBundleFiles(logOf(['size', '--json', '--cloud', 'aws', '--min-gbps', '30'], 'eager-size'));
		expect(size).toHaveLength(5);
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
