#!/usr/bin/env node
// netplace's published entry, dist/cli.cjs: written by scripts/build-bundle.mjs from scripts/cli-loader.cjs.
// It runs the core (dist/core.cjs: cli.tsx and the commands that answer from the catalogue) from V8's code
// cache where the build left one, so the bytecode of every function a command runs is read, not compiled
// again: parsing and compiling the core was about a fifth of `advise --json`'s start (bench/cli-start).
//
// - The cache (dist/core.cjs.HASH.cache) is written by the build (scripts/code-cache.mjs) from a run of the
//   built CLI, for the core whose content hash its name carries: a core built again is never read with
//   another core's cache. V8 rejects a cache of another Node version or other flags; the core is then
//   compiled as it would be without one.
// - Under --enable-source-maps the core is required as usual, so Node maps its stack traces.
// - Code compiled by vm cannot call import() (Node 20 needs --experimental-vm-modules for that): the core
//   loads its chunks through `npLoad`, which is this file's import() (the build writes `npLoad(` for the
//   core's `import(` of a chunk; both sit in dist/).
// - The ES-module chunks take the core's modules through this file's `coreModule` (scripts/build-bundle.mjs).
// - V8 optimises a function once it has run some bytecode (its interrupt budget). A command runs for some
//   50 ms, most of it code that runs once per shape; with the default budget TurboFan compiled functions that
//   were done before their optimised code was used, on the other of two cores that the collector also wants.
//   A budget 4.4 times the default (300,000) cut `advise --json` by some 30 ms of CPU and 10 to 20 ms of wall
//   time (interleaved runs, as bench/cli-start does); the wizard's searches, run again at every what-if, are still optimised, a little later.
// - The young generation keeps its first size (a semispace growth factor of 1). V8 doubles it once enough
//   has survived its scavenges, and the catalogue (read once, kept for the run) is enough: the doubled space
//   is memory the process touches for the first time, and on the virtual machines we measure on each first
//   touch of a 4 KiB page costs some 12 us (a page fault the host serves). Kept at its first size,
//   `advise --json` touched some 440 fewer pages (4,200 -> 3,760 faults, perf stat) and took some 6 ms less
//   (41 interleaved runs); a long wizard session scavenges a little more often, each scavenge as small.
//   The code cache is made under the same flags (V8 refuses one made under others). Loading node:v8 to set
//   the flags would cost some 5 ms of its own (setV8Flags says how they are set instead).
'use strict';

const {readFileSync, renameSync, writeFileSync} = require('node:fs');
const Module = require('node:module');
const {join} = require('node:path');
const vm = require('node:vm');

setV8Flags('--interrupt-budget=300000 --semi-space-growth-factor=1');

/**
 * `v8.setFlagsFromString` without loading node:v8, which loads all of Node's stream modules (its heap
 * snapshot streams) at some 5 ms of every start: through the binding node:v8 itself calls. Node warns that
 * the binding is deprecated (DEP0111), so the warning is held back for this one call; a Node without the
 * binding gets node:v8.
 */
function setV8Flags(flags) {
	const warns = process.noDeprecation;
	process.noDeprecation = true;
	try {
		process.binding('v8').setFlagsFromString(flags);
	} catch {
		require('node:v8').setFlagsFromString(flags);
	} finally {
		process.noDeprecation = warns;
	}
}

const coreFile = join(__dirname, 'core.cjs');
const cacheFile = join(__dirname, 'core.cjs.__CORE_HASH__.cache');

function readCache() {
	try {
		return readFileSync(cacheFile);
	} catch {
		return undefined;
	}
}

/** Written whole or not at all: V8 checks a cache's length, version and flags, not its bytes. */
function writeCache(script, file) {
	writeFileSync(`${file}.${process.pid}`, script.createCachedData());
	renameSync(`${file}.${process.pid}`, file);
}

/**
 * Runs the core as the module dist/core.cjs (in require.cache, as require would): from the cache when usable,
 * or (`writing`) compiled afresh, its cache written as the process exits.
 */
function runCore(writing) {
	if (process.sourceMapsEnabled && !writing) {
		require(coreFile);
		return;
	}

	const core = new Module(coreFile, module);
	core.filename = coreFile;
	core.paths = module.paths;
	core.netplaceImport = (specifier) => import(specifier);
	require.cache[coreFile] = core;
	const cachedData = writing ? undefined : readCache();
	const script = new vm.Script(Module.wrap(readFileSync(coreFile, 'utf8')), {filename: coreFile, cachedData});
	if (writing) process.once('exit', () => writeCache(script, cacheFile));
	script.runInThisContext()(core.exports, Module.createRequire(coreFile), core, coreFile, __dirname);
	core.loaded = true;
}

exports.coreModule = (path) => require.cache[coreFile].exports.coreModule(path);
/** For scripts/code-cache.mjs: run the CLI on process.argv and write the code cache as the process exits. */
exports.runCoreWritingCache = () => runCore(true);

if (require.main === module) runCore(false);
