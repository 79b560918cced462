// The published entry (dist/cli.cjs, scripts/cli-loader.cjs) runs the core from V8's code cache that the
// build wrote (scripts/code-cache.mjs), named by the core's content hash; a cache V8 refuses, or none, leaves
// the same answers; under --enable-source-maps the core is required as usual and stack traces map to source.
import {createHash} from 'node:crypto';
import {copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configDirForFile, root, runCli} from './helpers.js';

const dist = join(root, 'dist');
const watcher = join(import.meta.dirname, 'fixtures', 'watch-code-cache.cjs');
const configDir = configDirForFile();

/** The cache file dist/cli.cjs reads. */
function cacheName(cli = join(dist, 'cli.cjs')): string {
	const name = /core\.cjs\.[0-9a-f]{16}\.cache/.exec(readFileSync(cli, 'utf8'))?.[0];
	if (name === undefined) throw new Error('dist/cli.cjs names no code cache');
	return name;
}

interface CacheUse {
	readonly file: string;
	readonly given: boolean;
	readonly rejected: boolean | null;
}

/** Runs `node [cli] args` with the watcher preloaded: its output and how the core was compiled. */
function runWatched(args: readonly string[], name: string, cli?: string, nodeArgs: readonly string[] = []) {
	const log = join(configDir(), `${name}.log`);
	writeFileSync(log, '');
	const options = {
		configDir: configDir(),
		nodeArgs: [...nodeArgs, '--require', watcher],
		env: {NETPLACE_CACHE_LOG: log},
	};
	const result = runCli(args, cli === undefined ? options : {...options, cli});
	const uses = readFileSync(log, 'utf8')
		.split('\n')
		.filter((line) => line !== '')
		.map((line) => JSON.parse(line) as CacheUse);
	return {...result, uses};
}

describe('the code cache', () => {
	it('is named by the hash of the core it was made from, and V8 takes it', () => {
		const hash = createHash('sha256')
			.update(readFileSync(join(dist, 'core.cjs')))
			.digest('hex')
			.slice(0, 16);
		expect(cacheName()).toBe(`core.cjs.${hash}.cache`);
		const run = runWatched(['advise', '--json'], 'taken');
		expect(run.status).toBe(0);
		expect(run.uses).toEqual([{file: join(dist, 'core.cjs'), given: true, rejected: false}]);
	});

	it('a cache V8 refuses (cut short) leaves the same answer, compiled as without one', () => {
		// A copy of what advise needs, beside the real dist/: the entry reads the cache beside itself.
		const copy = join(configDir(), 'copy');
		const copyDist = join(copy, 'dist');
		mkdirSync(join(copyDist, 'sizing', 'data'), {recursive: true});
		for (const file of ['cli.cjs', 'core.cjs', cacheName(), join('sizing', 'data', 'catalogue.json')]) {
			copyFileSync(join(dist, file), join(copyDist, file));
		}
		copyFileSync(join(root, 'package.json'), join(copy, 'package.json'));
		truncateSync(join(copyDist, cacheName()), 4096);

		const args = ['advise', '--json', '--cloud', 'aws', '--streams', '4', '--min-gbps', '30'];
		const reference = runWatched(args, 'reference');
		const refused = runWatched(args, 'refused', join(copyDist, 'cli.cjs'));
		expect(refused.uses).toEqual([{file: join(copyDist, 'core.cjs'), given: true, rejected: true}]);
		expect(refused.status).toBe(0);
		expect(refused.stderr).toBe('');
		expect(refused.stdout).toBe(reference.stdout);
		expect(JSON.parse(refused.stdout).configurations.length).toBeGreaterThan(0);
	});

	it('sets its V8 flag without a warning, even where deprecations warn or throw', () => {
		for (const flag of ['--pending-deprecation', '--throw-deprecation']) {
			const run = runWatched(['advise', '--json', '--cloud', 'oci'], `deprecation${flag}`, undefined, [flag]);
			expect(run.stderr).toBe('');
			expect(run.status).toBe(0);
			// The flags are those the cache was made under.
			expect(run.uses).toEqual([{file: join(dist, 'core.cjs'), given: true, rejected: false}]);
		}
	});

	it('under --enable-source-maps the core is required as Node would, and --debug traces name the source', () => {
		const run = runWatched(['size', '--shape', 'no-such-shape', '--debug'], 'source-maps', undefined, [
			'--enable-source-maps',
		]);
		expect(run.status).toBe(2);
		expect(run.uses).toEqual([]);
		expect(run.stderr).toMatch(/source\/commands\/catalogue-input\.ts:\d+:\d+/);
	});
});
