// The manifest tells the truth (issue 40): every dependency package.json declares is imported by the code,
// the build, the tests or the benchmarks (a type package by the package it types; a tool by the script
// that runs it), and every package the code imports is declared, not reached through another's tree.

import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const folders = ['source', 'scripts', 'tools', 'test', 'bench'];
const sourceFile = /\.(ts|tsx|mts|mjs|js|cjs)$/;
// An import, a dynamic import or a require at a word boundary (not `store.import('name')`), of an npm name.
const bareImport =
	/(?:\bfrom\s+|(?<![.\w])import\s*\(\s*|(?<![.\w])require\s*\(\s*)'((?:@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*(?:\/[^']*)?)'/g;

function filesUnder(folder: string): string[] {
	const found: string[] = [];
	for (const name of readdirSync(folder)) {
		if (name === 'node_modules' || name === 'fixtures') continue;
		const path = join(folder, name);
		if (statSync(path).isDirectory()) found.push(...filesUnder(path));
		else if (sourceFile.test(name)) found.push(path);
	}

	return found;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
	const parts = specifier.split('/');
	return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function importedPackages(): Set<string> {
	const used = new Set<string>();
	for (const folder of folders) {
		for (const file of filesUnder(join(root, folder))) {
			for (const match of readFileSync(file, 'utf8').matchAll(bareImport)) {
				const specifier = match[1] ?? '';
				if (!specifier.startsWith('node:')) used.add(packageOf(specifier));
			}
		}
	}

	return used;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
	dependencies: Record<string, string>;
	devDependencies: Record<string, string>;
	scripts: Record<string, string>;
};

/** A declared package is used when imported, typing an imported package (or Node), or run by a script. */
function used(name: string, imported: Set<string>): boolean {
	if (imported.has(name)) return true;
	const typed = name.startsWith('@types/') ? name.slice('@types/'.length) : null;
	if (typed !== null && (typed === 'node' || imported.has(typed) || imported.has(typed.replace('__', '/')))) {
		return true;
	}

	const binary = name === '@biomejs/biome' ? 'biome' : name;
	return Object.values(manifest.scripts).some((script) => new RegExp(`(^|[\\s&;])${binary}\\b`).test(script));
}

describe('the manifest', () => {
	const imported = importedPackages();
	const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];

	it('declares nothing the project does not import or run', () => {
		expect(declared.filter((name) => !used(name, imported))).toEqual([]);
	});

	it('imports nothing it does not declare', () => {
		expect([...imported].filter((name) => !declared.includes(name)).sort()).toEqual([]);
	});
});
