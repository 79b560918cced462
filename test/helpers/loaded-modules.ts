// What a run of the built CLI loaded, as module paths: the log written by test/cli/fixtures/record-loads.mjs
// (one `esm:URL` or `cjs:PATH` a line), with each file of the bundle (dist/cli.cjs and its chunks) replaced
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

/** The bundle file a log line names (dist/cli.cjs, loaded as CommonJS, or a chunk, as an ES module), if any. */
function bundleFileOf(line: string, inputs: Readonly<Record<string, readonly string[]>>): string | undefined {
	for (const prefix of [`esm:file://${dist}/`, `cjs:${dist}/`]) {
		if (!line.startsWith(prefix)) continue;
		const file = line.slice(prefix.length);
		return file in inputs ? file : undefined;
	}

	return undefined;
}

/** Every module the run loaded (Node built-ins left out), bundle files expanded into what they hold. */
export function loadedModules(log: string): string[] {
	const inputs = bundleInputs();
	const loaded = new Set<string>();
	for (const line of readFileSync(log, 'utf8').split('\n')) {
		const where = line.replace(/^(esm|cjs):/, '');
		if (where.length === 0 || where.startsWith('node:')) continue;
		const file = bundleFileOf(line, inputs);
		for (const module of file === undefined ? [where] : (inputs[file] ?? [])) loaded.add(module);
	}

	return [...loaded];
}

/** The bundle files (dist/cli.cjs and chunks) the run loaded. */
export function loadedBundleFiles(log: string): string[] {
	const inputs = bundleInputs();
	const files = readFileSync(log, 'utf8')
		.split('\n')
		.map((line) => bundleFileOf(line, inputs))
		.filter((file): file is string => file !== undefined);
	return [...new Set(files)];
}
