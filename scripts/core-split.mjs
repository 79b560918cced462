// Part of scripts/build-bundle.mjs: which modules go in the CommonJS core (dist/cli.cjs) and which in the
// ES-module chunks loaded on use, read from a first build's metafile (no output written).
//
// - The core is what cli.tsx imports statically, plus every module it imports lazily (a dynamic `import()`)
//   whose own static imports stay within the project's source: the scripting commands' code. Node starts a
//   CommonJS file without its ES-module loader, which here was some 10 ms of every command's start.
// - A lazily imported module that reaches a package (Ink and React, meow, zod, the cloud SDKs) is an entry of
//   the ES-module build: Ink and Yoga await at their top level, which only an ES module can. So is one of
//   the probe, a provider or a screen: they run for seconds or wait on a person, and in the core they would
//   be more to read at every command's start (about twice the core's size).
// - `shared` are the core modules those chunks import (statically or not): they get them from the core
//   (scripts/build-bundle.mjs's shims), so each module has one instance, its classes one identity.

import {isBuiltin} from 'node:module';

const isPackage = (path) => path.includes('node_modules/');
const longRunning = /^source\/(probe|providers|screens)\//;

/** The core, the lazy entries of the ES-module build and the core modules they share (metafile input paths). */
export function coreSplit(metafile, entry) {
	const inputs = metafile.inputs;
	const imports = (path) => inputs[path]?.imports ?? [];
	const staticImports = (path) => imports(path).filter((item) => item.kind === 'import-statement');
	const closureOf = (start) => {
		const closure = new Set([start]);
		for (const path of closure) {
			for (const item of staticImports(path)) if (!item.external) closure.add(item.path);
		}
		return closure;
	};
	const sourceOnly = (closure) =>
		[...closure].every(
			(path) => !isPackage(path) && staticImports(path).every((item) => !item.external || isBuiltin(item.path)),
		);

	const core = closureOf(entry);
	const lazy = new Set();
	for (const path of core) {
		for (const item of imports(path)) {
			if (item.kind !== 'dynamic-import' || item.external || core.has(item.path) || isPackage(item.path)) continue;
			const closure = closureOf(item.path);
			if (sourceOnly(closure) && ![...closure].some((module) => longRunning.test(module))) {
				for (const module of closure) core.add(module);
			} else lazy.add(item.path);
		}
	}

	for (const path of core) lazy.delete(path);
	const shared = new Set();
	for (const path of Object.keys(inputs)) {
		if (core.has(path)) continue;
		for (const item of imports(path)) if (core.has(item.path)) shared.add(item.path);
	}

	return {core, lazy: [...lazy].sort(), shared: [...shared].sort()};
}
