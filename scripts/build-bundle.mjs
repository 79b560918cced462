// Part of `npm run build`, after tsc: bundles the CLI with esbuild into dist/core.cjs and the chunks it loads
// on use, and writes dist/cli.cjs, the file `bin` and `npm start` run, which runs the core from V8's code
// cache (scripts/cli-loader.cjs; the cache is written last, by scripts/code-cache.mjs). Start-up is the point
// (bench/cli-start, bench/wizard): one file to load instead of a few hundred modules, read as bytecode rather
// than compiled, React's production build chosen at build time.
//
// - Two formats (scripts/core-split.mjs says which module goes where). The core is CommonJS: cli.tsx and the
//   commands that answer from the catalogue (advise, size, table, shapes and their text output). Node starts
//   a CommonJS file without building its ES-module loader, which was some 10 ms of every such command. The
//   rest (the wizard and its screens with Ink and React, meow, the probe, the providers, the profile store
//   with zod) is ES-module chunks, split so each lazy `import()` loads only its own: Ink and Yoga await at
//   their top level, which only an ES module can.
// - A chunk takes a core module from the core, not a copy of its own: one instance of each module, so a
//   UserError thrown in a chunk is the core's UserError. The chunk build replaces each core module with a
//   shim that asks dist/cli.cjs for it (its `coreModule` export, the core's) and re-exports its names.
// - The cloud SDKs, ssh2 and proper-lockfile stay outside the bundle, loaded from node_modules by the
//   same lazy imports as before: they are needed only by commands that talk to a cloud, a host or the
//   profile store, and bundling them gains no start-up (google-gax and the OCI SDK also read files beside
//   their own modules, and ssh2 has an optional native addon). zod is bundled, into the profile store's
//   lazy chunk: the parts the schemas use load in a third of the time its CommonJS build took to require.
// - Everything sits directly in dist/, so paths a module resolves from its own URL stay valid: the
//   catalogue (sizing/data/catalogue.json, scripts/copy-catalogue.mjs) and the lab's delay line
//   (native/delay-line, scripts/build-native.mjs). In the core, import.meta.url is dist/core.cjs's URL.
// - dist/bundle-inputs.json maps each output file to the source and package files in it (from esbuild's
//   metafile): the module-load tests use it to see what a command loaded (test/helpers/loaded-modules.ts).
//
// tsc's per-module output (dist/**) stays for the maintainer scripts that import it
// (scripts/generate-catalogue.mjs, bench/catalogue-load); tsc's dist/cli.js is removed.
import {createHash} from 'node:crypto';
import {chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {isBuiltin} from 'node:module';
import {join, resolve} from 'node:path';
import {build} from 'esbuild';
import {coreSplit} from './core-split.mjs';

const outdir = 'dist';
const inputsFile = join(outdir, 'bundle-inputs.json');
const external = [
	'@aws-sdk/*',
	'@smithy/*',
	'@google-cloud/*',
	'oci-*',
	'ssh2',
	'proper-lockfile',
	// Ink loads its devtools only with DEV=true; the package is not installed.
	'react-devtools-core',
];

// Yoga (Ink's layout engine) is WebAssembly inlined as base64. Its Emscripten loader decodes it through
// `fetch(data: URL)` wherever a global fetch exists, which on Node 20 makes Node load its whole fetch
// implementation (undici, web streams) before the wizard's first frame. With no fetch in that module's
// scope the same loader decodes the base64 itself (its path for environments without fetch).
const yogaWithoutFetch = {
	name: 'yoga-without-fetch',
	setup(builder) {
		builder.onLoad({filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/}, async (args) => ({
			contents: `const fetch = undefined;\n${await readFile(args.path, 'utf8')}`,
			loader: 'js',
		}));
	},
};

// Node gives a built-in module an ESM face by reading every one of its exports, getters included: through
// `import ... from 'node:fs'`, fs's ReadStream getter loaded all of Node's stream modules at every command's
// start. Built-ins are taken with require() (the banner's), whose module object is read only where used.
const builtinsByRequire = {
	name: 'builtins-by-require',
	setup(builder) {
		builder.onResolve({filter: /^[a-z_:/]+$/}, (args) =>
			args.kind === 'import-statement' && isBuiltin(args.path) ? {path: args.path, namespace: 'builtin'} : undefined,
		);
		builder.onLoad({filter: /.*/, namespace: 'builtin'}, (args) => ({
			contents: `module.exports = require(${JSON.stringify(args.path)});`,
			loader: 'js',
		}));
	},
};

// Chunks of an earlier build would linger (their names carry a content hash): remove them first. So does
// tsc's own dist/cli.js: the entry is dist/cli.cjs, and an unbundled cli.js beside it would only mislead.
const previous = (existsSync(outdir) ? readdirSync(outdir, {withFileTypes: true}) : []).filter(
	(entry) =>
		entry.isFile() && /^([\w-]+-[A-Z0-9]{8}\.js|cli\.c?js|core\.cjs)(\.map|\.[0-9a-f]+\.cache)?$/.test(entry.name),
);
for (const entry of previous) rmSync(join(outdir, entry.name));

const common = {
	bundle: true,
	platform: 'node',
	target: 'node20',
	external,
	define: {'process.env.NODE_ENV': '"production"'},
	minifySyntax: true,
	minifyWhitespace: true,
	sourcemap: true,
	metafile: true,
	logLevel: 'warning',
};
const entry = 'source/cli.tsx';
const chunkOptions = {
	...common,
	outdir,
	splitting: true,
	format: 'esm',
	entryNames: '[name]-[hash]',
	chunkNames: '[name]-[hash]',
	// Some packages bundled here are CommonJS and call require() for Node's built-ins.
	banner: {
		js: "import {createRequire as __netplaceRequire} from 'node:module';const require=__netplaceRequire(import.meta.url);",
	},
};

// 1. What goes where (scripts/core-split.mjs), from a build of everything as ES-module chunks.
const first = await build({...chunkOptions, entryPoints: [entry], write: false});
const {core, lazy, shared} = coreSplit(first.metafile, entry);
const coreByPath = new Map([...core].map((path) => [resolve(path), path]));

// 2. The names each shared core module exports, for its shim (a build of each of those modules alone).
const exportsBuild = await build({
	entryPoints: shared,
	outdir: join(outdir, 'shared-exports'),
	// Bundled, so that `export * from` lists what it re-exports.
	bundle: true,
	packages: 'external',
	platform: 'node',
	format: 'esm',
	write: false,
	metafile: true,
	logLevel: 'warning',
});
const exportsOf = new Map(
	Object.values(exportsBuild.metafile.outputs)
		.filter((output) => output.entryPoint !== undefined)
		.map((output) => [output.entryPoint, output.exports]),
);

/**
 * A plugin's hook on relative imports that `applies` to: esbuild resolves the import as it would, and
 * `remap(absolute path)` gives the plugin's answer (undefined: esbuild's own). `tag` marks the inner resolve.
 */
function remapRelative(builder, tag, applies, remap) {
	builder.onResolve({filter: /^\./}, async (args) => {
		if (args.pluginData === tag || !applies(args)) return undefined;
		const options = {kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: tag};
		return remap((await builder.resolve(args.path, options)).path);
	});
}

// In a chunk, a core module is a shim taking the core's own instance: the core (dist/core.cjs, already
// running) hands it over through its `coreModule` export, which the entry (dist/cli.cjs) passes on.
const coreShims = {
	name: 'core-shims',
	setup(builder) {
		// The shims' own require of the core: the file beside the chunk at run time, not bundled.
		builder.onResolve({filter: /^\.\/cli\.cjs$/}, (args) => ({path: args.path, external: true}));
		remapRelative(
			builder,
			'core-shims',
			() => true,
			(found) => {
				const path = coreByPath.get(found);
				return path === undefined ? undefined : {path, namespace: 'core'};
			},
		);
		builder.onLoad({filter: /.*/, namespace: 'core'}, (args) => {
			const names = exportsOf.get(args.path);
			if (names === undefined) throw new Error(`core-shims: no export list for ${args.path}`);
			return {
				contents: [
					`const module = await require('./cli.cjs').coreModule(${JSON.stringify(args.path)});`,
					names.length === 0 ? '' : `export const {${names.join(', ')}} = module;`,
				].join('\n'),
				loader: 'js',
			};
		});
	},
};

// 3. The chunks: every lazy entry of the split, the core modules they use taken from the core.
const chunks = await build({
	...chunkOptions,
	entryPoints: lazy,
	plugins: [yogaWithoutFetch, builtinsByRequire, coreShims],
});
const chunkOf = new Map(
	Object.entries(chunks.metafile.outputs)
		.filter(([, output]) => output.entryPoint !== undefined)
		.map(([file, output]) => [resolve(output.entryPoint), `./${file.slice(outdir.length + 1)}`]),
);

// 4. The core: cli.tsx and the modules of the split's core in one CommonJS file. A lazy import of a chunk
// entry loads that chunk; `coreModule` gives a chunk a shared module (the import runs it if it has not run).
const coreEntry = [
	`import ${JSON.stringify(resolve(entry))};`,
	'export function coreModule(path) {',
	'\tswitch (path) {',
	...shared.map((path) => `\t\tcase ${JSON.stringify(path)}: return import(${JSON.stringify(resolve(path))});`),
	'\t}',
	"\tthrow new Error('netplace: ' + path + ' is not in the core');",
	'}',
].join('\n');
const chunkImports = {
	name: 'chunk-imports',
	setup(builder) {
		remapRelative(
			builder,
			'chunk-imports',
			(args) => args.kind === 'dynamic-import',
			(found) => {
				const chunk = chunkOf.get(found);
				return chunk === undefined ? undefined : {path: chunk, external: true};
			},
		);
	},
};
const coreBuild = await build({
	...common,
	stdin: {contents: coreEntry, resolveDir: process.cwd(), sourcefile: 'core-entry.js', loader: 'js'},
	outfile: join(outdir, 'core.cjs'),
	format: 'cjs',
	// import.meta.url (the catalogue's and package.json's paths beside the bundle) as the file's own URL.
	define: {...common.define, 'import.meta.url': '__netplaceUrl'},
	// npLoad: the import() of dist/cli.cjs, which runs this file (scripts/cli-loader.cjs); plain import()
	// where Node's own loader ran it.
	banner: {
		js: "var __netplaceUrl=require('node:url').pathToFileURL(__filename).href;var npLoad=module.netplaceImport??(s=>import(s));",
	},
	plugins: [chunkImports],
	write: false,
});
// The core's import() of each chunk becomes npLoad(), a name as long as `import`, so the source map's columns
// hold (scripts/cli-loader.cjs says why).
const coreOutput = coreBuild.outputFiles.find((file) => file.path.endsWith('.cjs'));
let coreText = coreOutput.text;
for (const chunk of new Set(chunkOf.values()))
	coreText = coreText.replaceAll(`import(${JSON.stringify(chunk)})`, `npLoad(${JSON.stringify(chunk)})`);
// Any other import() would fail in the entry's vm (the banner's own `import(s)` is npLoad's fallback).
const leftOver = /\bimport\((?!s\)\);)[^)]{0,60}/.exec(coreText);
if (leftOver !== null) throw new Error(`build-bundle: the core imports what is no chunk: ${leftOver[0]}`);
for (const file of coreBuild.outputFiles) writeFileSync(file.path, file === coreOutput ? coreText : file.contents);
// dist/cli.cjs, the entry: the loader, told the core's content hash (the name of the code cache it may read).
const coreHash = createHash('sha256').update(coreText).digest('hex').slice(0, 16);
const loader = join(outdir, 'cli.cjs');
writeFileSync(loader, readFileSync('scripts/cli-loader.cjs', 'utf8').replace('__CORE_HASH__', coreHash));
chmodSync(loader, 0o755);

const outputs = {...coreBuild.metafile.outputs, ...chunks.metafile.outputs};
const inputs = Object.fromEntries(
	Object.entries(outputs)
		.filter(([file]) => /\.c?js$/.test(file))
		// A shim holds none of a core module's code; the core's stdin entry is no source file.
		.map(([file, output]) => [
			file.slice(outdir.length + 1),
			Object.keys(output.inputs)
				.filter((input) => !input.startsWith('core:') && !input.startsWith('builtin:') && input !== 'core-entry.js')
				.sort(),
		]),
);
inputs['cli.cjs'] = ['scripts/cli-loader.cjs'];
writeFileSync(inputsFile, `${JSON.stringify(inputs, null, '\t')}\n`);
