// What a run of the built CLI loaded, as module paths: the log written by test/cli/fixtures/record-loads.mjs
// (one `esm:URL` or `cjs:PATH` a line), with each file of the bundle (dist/cli.js and its chunks) replaced
// by the source and package files esbuild put in it (dist/bundle-inputs.json, scripts/build-bundle.mjs).
// A package outside the bundle (the cloud SDKs, ssh2, proper-lockfile) shows as its own node_modules
// files, as Node resolved them. So `node_modules/ink/` means Ink's code was loaded, bundled or not, and
// `source/screens/result/` that a result-screen module was.

import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

function bundleInputs(): Readonly<Record<string, readonly string[]>> {
	return JSON.parse(readFileSync(join(dist, 'bundle-inputs.json'), 'utf8')) as Record<string, readonly string[]>;
}

/** Every module the run loaded (Node built-ins left out), bundle files expanded into what they hold. */
export function loadedModules(log: string): string[] {
	const inputs = bundleInputs();
	const distPrefix = `file://${dist}/`;
	const loaded = new Set<string>();
	for (const line of readFileSync(log, 'utf8').split('\n')) {
		const where = line.replace(/^(esm|cjs):/, '');
		if (where.length === 0 || where.startsWith('node:')) continue;
		const bundled = where.startsWith(distPrefix) ? inputs[where.slice(distPrefix.length)] : undefined;
		for (const module of bundled ?? [where]) loaded.add(module);
	}

	return [...loaded];
}

/** The bundle files (dist/cli.js and chunks) the run loaded. */
export function loadedBundleFiles(log: string): string[] {
	const inputs = bundleInputs();
	const distPrefix = `file://${dist}/`;
	const files = readFileSync(log, 'utf8')
		.split('\n')
		.filter((line) => line.startsWith(`esm:${distPrefix}`))
		.map((line) => line.slice(`esm:${distPrefix}`.length))
		.filter((file) => file in inputs);
	return [...new Set(files)];
}
