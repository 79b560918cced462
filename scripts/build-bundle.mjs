// Part of `npm run build`, after tsc: the published build, two esbuild bundles in dist/.
// - dist/cli.cjs (from source/main.tsx): one CommonJS file, the entry `bin` and `npm start` run, with the
//   scripting commands (advise, size, table, shapes, profiles, results).
// - dist/long-running.js (from source/long-running.ts) and its chunks: the wizard, probe, cleanup and
//   `shapes --live` (the commands that load a provider), an ES module because Ink awaits at its top level.
//   main.tsx imports `./long-running.js` only for those, the
//   same path in source/ and in dist/, so the scripting commands load neither Ink nor React nor the probe
//   and the providers, and the file every command reads stays small (its size is most of their start).
// React's production build is chosen here (NODE_ENV). The cloud SDKs and ssh2 are not bundled: they load
// from node_modules when a command needs them. zod (the profile store's schemas) is: required from
// node_modules, its whole CommonJS build cost `profiles list` some 110 ms of CPU; bundled, it costs no
// measurable start-up. Everything sits directly in dist/, so what a module finds beside its own URL (the
// catalogue, dist/sizing/data/; the lab's delay line, dist/native/) is found beside the bundle.
// dist/meta.json is esbuild's metafile of both bundles (which source and package files each output file
// holds; the module-load tests read it).
import {readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {build} from 'esbuild';

const outdir = 'dist';
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
	external: ['@aws-sdk/*', '@smithy/*', '@google-cloud/*', 'oci-*', 'ssh2', 'react-devtools-core'],
	define: {'process.env.NODE_ENV': '"production"'},
	minifySyntax: true,
	minifyWhitespace: true,
	sourcemap: true,
	metafile: true,
	logLevel: 'warning',
};

const cli = await build({
	...common,
	entryPoints: ['source/main.tsx'],
	outfile: join(outdir, 'cli.cjs'),
	format: 'cjs',
	external: [...common.external, './long-running.js'],
	// A CommonJS file has no import.meta: its URL is the file's own.
	define: {...common.define, 'import.meta.url': '__fileUrl'},
	banner: {js: "var __fileUrl=require('node:url').pathToFileURL(__filename).href;"},
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

const outputs = {...cli.metafile.outputs, ...longRunning.metafile.outputs};
writeFileSync(join(outdir, 'meta.json'), `${JSON.stringify({outputs}, null, '\t')}\n`);
