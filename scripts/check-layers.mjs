#!/usr/bin/env node
// The layer check (`npm run layers`, part of `npm test`): every relative import in source/ goes down the table
// below or stays in its own folder, nothing in source/ imports tools/ (maintainers' tools, which may read
// anything in source/), and no two files import each other, directly or round a loop. Type-only
// imports count: a type from an upper layer is an upward arrow too. No exceptions list: a back arrow is fixed
// by moving the code to the layer it belongs to. A comment that names a source file (`sizing/model.ts`,
// `cli.tsx`) names one that exists: from the comment's folder, source/, the repository or test/.
//   node scripts/check-layers.mjs          prints each back arrow, cycle and stale file name; exits 1 if any
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {basename, dirname, join, relative, resolve} from 'node:path';
import ts from 'typescript';

/**
 * Each folder of source/ and the layers it may import (besides itself). Top to bottom:
 *   main.tsx, command-line.ts,   the entries (the process, its command line, and the commands that run long):
 *   long-running.ts              anything
 *   cli/, ui/                    the faces (they do not import each other)
 *   session/                     the application service: the answer, the probe session, what-ifs
 *   present/                     the answer and the probe's run laid out as lines, for both faces
 *   advice/                      the advice: ranking, notes, what-ifs over the model's figures
 *   probe/                       the measurement: a validated probe request run on a provider
 *   request/                     loose text -> validated requests, for both faces
 *   providers/                   each cloud's facts, loader and runner (one folder per provider)
 *   sizing/                      the pure model and the shape catalogue
 *   stores/                      the config folder: atomic files, lock, profiles, saved results
 *   domain/                      the vocabulary: clouds, placements, workload, measurement, footing, the study
 * sizing/, advice/ and domain/ are the pure core: no I/O layer (stores/, providers/) below them.
 */
export const layers = {
	domain: [],
	stores: ['domain'],
	sizing: ['domain'],
	advice: ['sizing', 'domain'],
	present: ['advice', 'probe', 'request', 'providers', 'sizing', 'domain'],
	providers: ['sizing', 'stores', 'domain'],
	request: ['providers', 'sizing', 'stores', 'domain'],
	probe: ['request', 'providers', 'sizing', 'stores', 'domain'],
	session: ['present', 'advice', 'probe', 'request', 'providers', 'sizing', 'stores', 'domain'],
	cli: ['session', 'present', 'advice', 'probe', 'request', 'providers', 'sizing', 'stores', 'domain'],
	ui: ['session', 'present', 'advice', 'probe', 'request', 'providers', 'sizing', 'stores', 'domain'],
};

/** Entry files at source/'s top: they wire the faces together and may import anything. */
const entries = new Set(['main.tsx', 'command-line.ts', 'long-running.ts']);

/**
 * Inside providers/: the registry and the provider interface sit at its top (providers/*.ts); `cloud/` (what
 * the three clouds share) and `ssh/` (the SSH transport) are shared; every other folder is one provider's own
 * and imports no other provider's folder.
 */
const sharedProviderFolders = new Set(['cloud', 'ssh']);

const repository = resolve(import.meta.dirname, '..');
const root = join(repository, 'source');
const tools = join(repository, 'tools');

function sourceFiles(folder) {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in source), or null. */
function resolveSpecifier(from, specifier, known) {
	const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
	return [`${base}.ts`, `${base}.tsx`, base].find((path) => known.has(path)) ?? null;
}

function importsOf(file, known) {
	const {importedFiles} = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
	return importedFiles
		.filter(({fileName}) => fileName.startsWith('.'))
		.map(({fileName}) => resolveSpecifier(file, fileName, known))
		.filter((path) => path !== null);
}

const parts = (file) => relative(root, file).split('/');

/** Why `from` may not import `to`, or null when it may. */
function backArrow(from, to) {
	if (from.startsWith(`${tools}/`)) return null;
	if (to.startsWith(`${tools}/`)) return 'tools/ is for maintainers: nothing in source/ imports it';
	const [fromTop, ...fromRest] = parts(from);
	const [toTop, ...toRest] = parts(to);
	if (fromRest.length === 0 && entries.has(fromTop)) return null;
	if (toRest.length === 0) return `${toTop} is an entry: nothing imports it`;
	const allowed = layers[fromTop];
	if (!allowed) return `source/${fromTop}/ is in no layer: add it to scripts/check-layers.mjs`;
	if (!layers[toTop]) return `source/${toTop}/ is in no layer: add it to scripts/check-layers.mjs`;
	if (fromTop === toTop) return fromTop === 'providers' ? providerArrow(fromRest, toRest) : null;
	return allowed.includes(toTop) ? null : `${fromTop}/ may import only ${allowed.join(', ') || 'itself'}`;
}

function providerArrow(fromRest, toRest) {
	const own = (rest) => (rest.length > 1 && !sharedProviderFolders.has(rest[0]) ? rest[0] : null);
	const [fromOwn, toOwn] = [own(fromRest), own(toRest)];
	// The registry (providers/*.ts) loads every provider; a provider's folder imports no other provider's.
	if (toOwn !== null && fromOwn !== toOwn && fromRest.length > 1) {
		return `providers/${fromRest[0]}/ may not import another provider's folder (providers/${toOwn}/)`;
	}
	return null;
}

/** Every cycle's files, once each (Tarjan's strongly connected components of more than one file). */
function cycles(graph) {
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const found = [];
	let next = 0;
	const visit = (file) => {
		index.set(file, next);
		low.set(file, next);
		next += 1;
		stack.push(file);
		onStack.add(file);
		for (const to of graph.get(file)) {
			if (!index.has(to)) {
				visit(to);
				low.set(file, Math.min(low.get(file), low.get(to)));
			} else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
		}
		if (low.get(file) !== index.get(file)) return;
		const component = [];
		let member;
		do {
			member = stack.pop();
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1) found.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

/** Every file of the repository (not node_modules, dist or dot folders), for the comment rule. */
function repositoryFiles(folder) {
	return readdirSync(folder).flatMap((name) => {
		if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
		const path = join(folder, name);
		return statSync(path).isDirectory() ? repositoryFiles(path) : [path];
	});
}

const namedFile = /(?<![\w./-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs))(?![\w/])/g;

/** The text of a line's comment (`//`, or a block comment's line), or null. */
function commentOf(line) {
	const block = /^\s*(?:\/\*\*?|\*)(.*)$/.exec(line);
	if (block) return block[1];
	return /(?:^|\s)\/\/(.*)$/.exec(line)?.[1] ?? null;
}

/** `file:line: name` for each source file a comment names that does not exist. */
function staleNames(files) {
	const everything = repositoryFiles(repository);
	const names = new Set(everything.map((path) => basename(path)));
	const exists = (file, name) => {
		if (!name.includes('/')) return names.has(name);
		const tries = [
			resolve(dirname(file), name),
			join(root, name),
			join(repository, name),
			join(repository, 'test', name),
		];
		return tries.some((path) => existsSync(path)) || everything.some((path) => path.endsWith(`/${name}`));
	};
	return files.flatMap((file) =>
		readFileSync(file, 'utf8')
			.split('\n')
			.flatMap((line, index) =>
				[...(commentOf(line) ?? '').matchAll(namedFile)]
					.filter((match) => !exists(file, match[1]))
					.map((match) => `${relative(repository, file)}:${index + 1}: ${match[1]}`),
			),
	);
}

export function checkLayers() {
	const files = [...sourceFiles(root), ...sourceFiles(tools)];
	const known = new Set(files);
	const graph = new Map(files.map((file) => [file, [...new Set(importsOf(file, known))]]));
	const arrows = [];
	for (const [from, targets] of graph) {
		for (const to of targets) {
			const why = backArrow(from, to);
			if (why) arrows.push(`${relative(repository, from)} -> ${relative(repository, to)}: ${why}`);
		}
	}
	const loops = cycles(graph).map((files) => files.map((file) => relative(repository, file)).join(' <-> '));
	return {files: files.length, arrows, loops, stale: staleNames(files)};
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const {files, arrows, loops, stale} = checkLayers();
	for (const arrow of arrows) console.log(`back arrow: ${arrow}`);
	for (const loop of loops) console.log(`import cycle: ${loop}`);
	for (const name of stale) console.log(`comment names a file that does not exist: ${name}`);
	if (arrows.length > 0 || loops.length > 0 || stale.length > 0) {
		console.error(
			`layer check: ${arrows.length} back arrows, ${loops.length} import cycles, ${stale.length} stale file names in ${files} files`,
		);
		process.exit(1);
	}
	console.log(`layer check: ${files} files in source/ and tools/, no back arrow, no import cycle, no stale file name`);
}
