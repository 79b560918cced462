// Part of `npm run build`, after tsc: the published build, three esbuild bundles in dist/.
// - dist/cli.cjs (from source/main.tsx): one CommonJS file, the entry `bin` and `npm start` run, with the
//   scripting commands (advise, size, table, shapes, profiles, results).
// - dist/long-running.js (from source/long-running.ts) and its chunks: the wizard, probe, cleanup and
//   `shapes --live` (the commands that load a provider), an ES module because Ink awaits at its top level.
//   main.tsx imports `./long-running.js` only for those, the same path in source/ and in dist/, so the
//   scripting commands load neither Ink nor React nor the probe and the providers, and the file every
//   command reads stays small (its size is most of their start).
// - dist/profile-schema.cjs (from source/stores/profile-schema.ts): the profile store's schemas with the part
//   of zod they use, which dist/cli.cjs requires only when a profile is read or saved. Inside dist/cli.cjs,
//   zod's 147 KB were read and compiled by every command (V8 compiles the whole file before its first line:
//   about a tenth of `advise --json`'s own start, bench/cli-start). The schemas hold no state that another
//   module shares (no error class: they answer through safeParse), so their own file keeps one copy of each.
// React's production build is chosen here (NODE_ENV). The cloud SDKs and ssh2 are not bundled: they load
// from node_modules when a command needs them. zod is: required from node_modules, its whole CommonJS build
// cost `profiles list` some 110 ms of CPU. Everything sits directly in dist/, so what a module finds beside
// its own URL (the catalogue, dist/sizing/data/; the lab's delay line, dist/native/) is found beside the
// bundle. dist/meta.json is esbuild's metafile of the bundles (which source and package files each output
// file holds; test/cli/bundle-split.test.ts reads it).
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {build} from 'esbuild';

const outdir = 'dist';
mkdirSync(outdir, {recursive: true});
// Chunks of an earlier build would linger (their names carry a content hash), and tsc's own per-module
// cli.js and long-running.js would sit beside the bundles.
for (const name of readdirSync(outdir)) {
	if (/^(chunk|[\w-]+)-[A-Z0-9]{8}\.js(\.map)?$|^(cli|long-running)\.js(\.map)?$|^core\.cjs/.test(name))
		rmSync(join(outdir, name));
}

const common = {
	bundle: true,
	platform: 'node',
	target: 'node20',
	external: ['@aws-sdk/*', '@smithy/*', '@google-cloud/*', '@kubernetes/*', 'oci-*', 'ssh2', 'react-devtools-core'],
	define: {'process.env.NODE_ENV': '"production"'},
	minifySyntax: true,
	minifyWhitespace: true,
	sourcemap: true,
	metafile: true,
	logLevel: 'warning',
};

// The profile schemas' module, wherever it is imported from, is dist/profile-schema.cjs beside dist/cli.cjs.
const profileSchemaFile = {
	name: 'profile-schema-file',
	setup(build) {
		build.onResolve({filter: /\/profile-schema\.js$/}, () => ({path: './profile-schema.cjs', external: true}));
	},
};

const cli = await build({
	...common,
	entryPoints: ['source/main.tsx'],
	outfile: join(outdir, 'cli.cjs'),
	format: 'cjs',
	external: [...common.external, './long-running.js'],
	plugins: [profileSchemaFile],
	// A CommonJS file has no import.meta: its URL is the file's own.
	define: {...common.define, 'import.meta.url': '__fileUrl'},
	banner: {js: "var __fileUrl=require('node:url').pathToFileURL(__filename).href;"},
});

const profileSchema = await build({
	...common,
	entryPoints: ['source/stores/profile-schema.ts'],
	outfile: join(outdir, 'profile-schema.cjs'),
	format: 'cjs',
});

const longRunning = await build({
	...common,
	entryPoints: ['source/long-running.ts'],
	outdir,
	format: 'esm',
	splitting: true,
	// The CommonJS packages bundled here (React among them) require() Node's built-ins.
	banner: {js: "import {createRequire} from 'node:module';const require=createRequire(import.meta.url);"},
});

const outputs = {...cli.metafile.outputs, ...profileSchema.metafile.outputs, ...longRunning.metafile.outputs};
writeFileSync(join(outdir, 'meta.json'), `${JSON.stringify({outputs}, null, '\t')}\n`);
