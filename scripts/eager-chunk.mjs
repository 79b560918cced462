// Part of scripts/build-bundle.mjs: everything the entry loads at start-up in ONE chunk.
//
// esbuild puts each module in the chunk of the set of entry points that reach it, and every dynamic
// `import()` target is an entry point. The entry's static closure (what `cli.tsx` loads before any command
// runs) is also reached by most lazy entries, each by a different subset, so it came out as ~20 small
// chunks that every command loads one by one (each a module resolution and compile: ~1 ms apiece here).
// esbuild does not know the entry is always loaded first; this plugin tells it, in two ways:
// - every lazy entry outside the closure also imports the entry's own static imports (first, in the entry's
//   order, so modules evaluate in the order the entry gives them): every lazy entry reaches the whole
//   closure, so the closure is one chunk. At run time these imports find modules already evaluated.
// - a dynamic `import()` of a module inside the closure (already loaded when the import runs) is pointed at
//   a module re-exporting it (`export *`: the project's modules have named exports only), so the module
//   itself is no entry point and stays in the one chunk.
// Lazy entries in packages (Ink's devtools) are left alone.
// `eagerGraph` reads the closure from a first build's metafile (no output written).

import {readFile} from 'node:fs/promises';
import {dirname, resolve} from 'node:path';

/** The entry's static closure and its own static imports (absolute paths), from a metafile. */
export function eagerGraph(metafile, entry) {
	const inputs = metafile.inputs;
	const staticImports = (path) =>
		(inputs[path]?.imports ?? []).filter((item) => item.kind === 'import-statement' && !item.external);
	const closure = new Set([entry]);
	for (const path of closure) for (const item of staticImports(path)) closure.add(item.path);
	const lazy = new Set();
	for (const value of Object.values(inputs)) {
		for (const item of value.imports) {
			const own = !item.external && !item.path.includes('node_modules/');
			if (item.kind === 'dynamic-import' && own && !closure.has(item.path)) lazy.add(resolve(item.path));
		}
	}

	return {
		closure: new Set([...closure].map((path) => resolve(path))),
		lazyEntries: lazy,
		entryImports: staticImports(entry).map((item) => resolve(item.path)),
	};
}

const importLines = (paths) => paths.map((path) => `import ${JSON.stringify(path)};`).join('\n');
const loaderOf = (path) => (path.endsWith('.tsx') ? 'tsx' : path.endsWith('.ts') ? 'ts' : 'js');

export function eagerChunk({closure, lazyEntries, entryImports}) {
	return {
		name: 'eager-chunk',
		setup(builder) {
			builder.onResolve({filter: /.*/}, async (args) => {
				if (args.kind !== 'dynamic-import' || args.pluginData === 'eager-chunk') return undefined;
				const found = await builder.resolve(args.path, {
					kind: args.kind,
					importer: args.importer,
					resolveDir: args.resolveDir,
					pluginData: 'eager-chunk',
				});
				return closure.has(found.path) ? {path: found.path, namespace: 'loaded'} : undefined;
			});
			builder.onLoad({filter: /.*/, namespace: 'loaded'}, (args) => ({
				contents: `${importLines(entryImports)}\nexport * from ${JSON.stringify(args.path)};\n`,
				loader: 'js',
				resolveDir: dirname(args.path),
			}));
			builder.onLoad({filter: /\.[jt]sx?$/}, async (args) => {
				if (!lazyEntries.has(args.path)) return undefined;
				const text = await readFile(args.path, 'utf8');
				return {contents: `${importLines(entryImports)}\n${text}`, loader: loaderOf(args.path)};
			});
		},
	};
}
