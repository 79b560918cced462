// Source modules for a child process, which cannot import TypeScript: esbuild bundles them into one ES module
// that re-exports them all (their packages stay in node_modules, found from the folder it is written to).
// A test that drives a layer of netplace in a process of its own (a lock holder to kill, a transport whose
// event loop must end) imports this module instead of per-module output of the build, which `npm test` does
// not emit. The file is named by its content's hash: the same sources give the same file, written once.

import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, renameSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {buildSync} from 'esbuild';
import {root} from '../cli/helpers.js';

/** The file URL of one ES module exporting everything `sources` (paths from the repository root) export. */
export function builtModule(...sources: readonly string[]): string {
	const [output] = buildSync({
		stdin: {
			contents: sources.map((source) => `export * from ${JSON.stringify(join(root, source))};`).join('\n'),
			resolveDir: root,
			loader: 'ts',
		},
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		write: false,
		logLevel: 'warning',
	}).outputFiles;
	if (output === undefined) throw new Error(`esbuild wrote nothing for ${sources.join(', ')}`);
	const folder = join(root, 'node_modules', '.cache', 'netplace-test-modules');
	const file = join(folder, `${createHash('sha256').update(output.contents).digest('hex').slice(0, 16)}.mjs`);
	if (!existsSync(file)) {
		mkdirSync(folder, {recursive: true});
		const partial = `${file}.${String(process.pid)}`;
		writeFileSync(partial, output.contents);
		renameSync(partial, file);
	}

	return pathToFileURL(file).href;
}
