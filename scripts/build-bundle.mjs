// Part of `npm run build`, after tsc: bundles the CLI with esbuild into dist/cli.js, the file `bin` and
// `npm start` run. Start-up is the point (bench/cli-start, bench/wizard): one file to load instead of a few
// hundred modules, React's production build chosen at build time.
//
// - Code splitting keeps what a command does not need out of its start: every dynamic `import()` in source
//   (the wizard and its screens, Ink and React, meow, the probe, the providers) becomes a chunk of its own,
//   loaded only when that import runs; code shared by several of them goes to a shared chunk.
// - The cloud SDKs, ssh2 and proper-lockfile stay outside the bundle, loaded from node_modules by the
//   same lazy imports as before: they are needed only by commands that talk to a cloud, a host or the
//   profile store, and bundling them gains no start-up (google-gax and the OCI SDK also read files beside
//   their own modules, and ssh2 has an optional native addon). zod is bundled, into the profile store's
//   lazy chunk: the parts the schemas use load in a third of the time its CommonJS build took to require.
// - Chunks sit directly in dist/, beside cli.js, so paths a module resolves from its own URL stay valid:
//   the catalogue (sizing/data/catalogue.json beside the bundle, scripts/copy-catalogue.mjs) and the lab's
//   delay line (native/delay-line, scripts/build-native.mjs).
// - What cli.tsx loads before any command runs is one chunk, not one per set of lazy entries sharing it
//   (scripts/eager-chunk.mjs; a first build without output finds that set).
// - dist/bundle-inputs.json maps each output file to the source and package files in it (from esbuild's
//   metafile): the module-load tests use it to see what a command loaded (test/helpers/loaded-modules.ts).
//
// tsc's per-module output (dist/**) stays for the maintainer scripts that import it
// (scripts/generate-catalogue.mjs, bench/catalogue-load); only dist/cli.js is replaced by the bundle.
import {existsSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {builtinModules} from 'node:module';
import {join} from 'node:path';
import {build} from 'esbuild';
import {eagerChunk, eagerGraph} from './eager-chunk.mjs';

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
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const builtinsByRequire = {
	name: 'builtins-by-require',
	setup(builder) {
		builder.onResolve({filter: /^[a-z_:/]+$/}, (args) =>
			args.kind === 'import-statement' && builtins.has(args.path) ? {path: args.path, namespace: 'builtin'} : undefined,
		);
		builder.onLoad({filter: /.*/, namespace: 'builtin'}, (args) => ({
			contents: `module.exports = require(${JSON.stringify(args.path)});`,
			loader: 'js',
		}));
	},
};

// Chunks of an earlier build would linger (their names carry a content hash): remove them first.
const previous = (existsSync(outdir) ? readdirSync(outdir, {withFileTypes: true}) : []).filter(
	(entry) => entry.isFile() && /^[\w-]+-[A-Z0-9]{8}\.js(\.map)?$/.test(entry.name),
);
for (const entry of previous) rmSync(join(outdir, entry.name));

const options = {
	entryPoints: {cli: 'source/cli.tsx'},
	outdir,
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	entryNames: '[name]',
	chunkNames: '[name]-[hash]',
	external,
	define: {'process.env.NODE_ENV': '"production"'},
	minifySyntax: true,
	minifyWhitespace: true,
	sourcemap: true,
	// Some packages bundled here are CommonJS and call require() for Node's built-ins.
	banner: {
		js: "import {createRequire as __netplaceRequire} from 'node:module';const require=__netplaceRequire(import.meta.url);",
	},
	metafile: true,
	logLevel: 'warning',
};
const first = await build({...options, plugins: [yogaWithoutFetch, builtinsByRequire], write: false});
const result = await build({
	...options,
	plugins: [yogaWithoutFetch, builtinsByRequire, eagerChunk(eagerGraph(first.metafile, 'source/cli.tsx'))],
});

const inputs = Object.fromEntries(
	Object.entries(result.metafile.outputs)
		.filter(([file]) => file.endsWith('.js'))
		// A re-export of a module in the eager chunk (scripts/eager-chunk.mjs) holds none of its code.
		.map(([file, output]) => [
			file.slice(outdir.length + 1),
			Object.keys(output.inputs)
				.filter((input) => !input.startsWith('loaded:') && !input.startsWith('builtin:'))
				.sort(),
		]),
);
writeFileSync(inputsFile, `${JSON.stringify(inputs, null, '\t')}\n`);
