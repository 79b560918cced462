// What a run of the built CLI loaded, as module paths: the log written by test/cli/fixtures/record-loads.mjs
// (one `esm:URL` or `cjs:PATH` a line), with each file of the bundles (dist/cli.cjs, dist/long-running.js
// and its chunks) replaced by the source and package files esbuild put in it (dist/meta.json, its
// metafile, scripts/build-bundle.mjs). A package outside the bundles (the cloud SDKs, ssh2) shows as its
// own node_modules files, as Node resolved them. So `node_modules/ink/` means Ink's code was loaded,
// and `source/ui/screens/result/` that a result-screen module was.

import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

/** Each bundle file (as `cli.cjs`, `chunk-….js`) and the source and package files it holds. */
function bundleInputs(): ReadonlyMap<string, readonly string[]> {
	const meta = JSON.parse(readFileSync(join(dist, 'meta.json'), 'utf8')) as {
		outputs: Record<string, {inputs: Record<string, unknown>}>;
	};
	return new Map(
		Object.entries(meta.outputs)
			.filter(([file]) => /\.c?js$/.test(file))
			.map(([file, output]) => [file.slice('dist/'.length), Object.keys(output.inputs)]),
	);
}

/** The bundle file a log line names (dist/cli.cjs, loaded as CommonJS, or an ES module of dist/), if any. */
function bundleFileOf(line: string, inputs: ReadonlyMap<string, readonly string[]>): string | undefined {
	for (const prefix of [`esm:file://${dist}/`, `cjs:${dist}/`]) {
		if (!line.startsWith(prefix)) continue;
		const file = line.slice(prefix.length);
		return inputs.has(file) ? file : undefined;
	}

	return undefined;
}

/**
 * Every module the run loaded (Node built-ins left out), bundle files expanded into what they hold; the
 * bundle files in `except` left out (e.g. `cli.cjs`, which every run loads, for what the wizard adds).
 */
export function loadedModules(log: string, except: readonly string[] = []): string[] {
	const inputs = bundleInputs();
	const loaded = new Set<string>();
	for (const line of readFileSync(log, 'utf8').split('\n')) {
		const where = line.replace(/^(esm|cjs):/, '');
		if (where.length === 0 || where.startsWith('node:')) continue;
		const file = bundleFileOf(line, inputs);
		if (file !== undefined && except.includes(file)) continue;
		for (const module of file === undefined ? [where] : (inputs.get(file) ?? [])) loaded.add(module);
	}

	return [...loaded];
}

/** The bundle files (dist/cli.cjs, dist/long-running.js and chunks) the run loaded. */
export function loadedBundleFiles(log: string): string[] {
	const inputs = bundleInputs();
	const files = readFileSync(log, 'utf8')
		.split('\n')
		.map((line) => bundleFileOf(line, inputs))
		.filter((file): file is string => file !== undefined);
	return [...new Set(files)];
}
