// Issue 40's "done means": a stub fourth cloud, added to a copy of source/ as README "Adding a cloud" says,
// touches only its own files and one line in each registry, and the copy type-checks, passes the layer check
// and the one-place check, and its wizard and decision order list the stub. (tsc over the copy: ~20-60 s; it
// runs a child process, so it is in the `processes` project.) The probe side's closed unions are h-probecloud's
// part of issue 40: the stub uses only the probe fields every cloud has (region), so it adds none.

import {execFileSync} from 'node:child_process';
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {buildSync} from 'esbuild';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {clouds} from '../../source/domain/clouds.js';
import {placesOutside, registries, sourceFiles} from './one-place-check.js';
import {registryLines, stubFiles} from './stub-cloud-files.js';

const root = join(import.meta.dirname, '..', '..');
let copy = '';

/** Writes the stub's files and registry lines into the copy; returns the files it touched. */
function addStub(): string[] {
	for (const [path, text] of Object.entries(stubFiles)) {
		const target = join(copy, 'source', path);
		mkdirSync(dirname(target), {recursive: true});
		writeFileSync(target, text);
	}

	for (const [path, lines] of Object.entries(registryLines)) {
		const file = join(copy, 'source', path);
		let text = readFileSync(file, 'utf8');
		for (const [anchor, added] of lines) {
			expect(text.split(anchor).length, `${path}: "${anchor}" once`).toBe(2);
			text = text.replace(anchor, `${anchor}${added}`);
		}

		writeFileSync(file, text);
	}

	return [...Object.keys(stubFiles), ...Object.keys(registryLines)].map((path) => `source/${path}`);
}

/** The files of the copy's source/ that are new or differ from the suite's own. */
function touched(): string[] {
	return sourceFiles(copy)
		.filter(
			(file) =>
				!existsSync(join(root, file)) ||
				readFileSync(join(root, file), 'utf8') !== readFileSync(join(copy, file), 'utf8'),
		)
		.sort();
}

beforeAll(() => {
	copy = mkdtempSync(join(tmpdir(), 'netplace-stub-cloud-'));
	cpSync(join(root, 'source'), join(copy, 'source'), {recursive: true});
	// The rest of the repository as it is (the layer check reads tools/, and comments name files in test/ and
	// the repository); its own script, so that it checks the copy.
	for (const name of readdirSync(root)) {
		if (!['source', 'scripts', 'tsconfig.json', '.git'].includes(name)) symlinkSync(join(root, name), join(copy, name));
	}

	mkdirSync(join(copy, 'scripts'));
	for (const name of readdirSync(join(root, 'scripts'))) {
		if (name !== 'check-layers.mjs') symlinkSync(join(root, 'scripts', name), join(copy, 'scripts', name));
	}

	cpSync(join(root, 'scripts', 'check-layers.mjs'), join(copy, 'scripts', 'check-layers.mjs'));
	const base = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {compilerOptions: object};
	writeFileSync(
		join(copy, 'tsconfig.json'),
		JSON.stringify({compilerOptions: {...base.compilerOptions, noEmit: true}, include: ['source']}),
	);
});

afterAll(() => {
	if (copy !== '') rmSync(copy, {recursive: true, force: true});
});

const run = (args: readonly string[]) =>
	execFileSync(process.execPath, args, {cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});

describe('a stub fourth cloud', () => {
	it('is its own four files and a line in each of the four registries: eight files in source/', () => {
		const written = addStub();
		expect(touched()).toEqual([...written].sort());
		expect(written).toHaveLength(8);
		expect(written.filter((file) => registries.includes(file))).toHaveLength(4);
	});

	it('type-checks, with no other file changed (tsc over the copy)', () => {
		const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
		let output = '';
		try {
			run([tsc, '-p', join(copy, 'tsconfig.json')]);
		} catch (error) {
			output = String((error as {stdout?: string}).stdout ?? error);
		}

		expect(output).toBe('');
		// A hang guard, not a speed check: tsc over the copy takes 20-60 s, minutes on a loaded machine.
	}, 900_000);

	it('runs: the wizard lists it, its lever joins the decision order, its region is known (the copy, bundled)', async () => {
		writeFileSync(
			join(copy, 'entry.ts'),
			[
				"export {stepOrder} from './source/domain/types.js';",
				"export {questions} from './source/ui/screens/questions/questions.js';",
				"export {regionProblem} from './source/request/region.js';",
			].join('\n'),
		);
		const out = join(copy, 'entry.mjs');
		buildSync({
			entryPoints: [join(copy, 'entry.ts')],
			bundle: true,
			platform: 'node',
			format: 'esm',
			outfile: out,
			packages: 'external',
			logLevel: 'error',
		});
		const stub = (await import(pathToFileURL(out).href)) as {
			stepOrder: readonly string[];
			questions: readonly {id: string; options: readonly {label: string; value: unknown}[]}[];
			regionProblem: (cloud: string, region: string) => string | null;
		};
		expect(stub.questions.find((question) => question.id === 'cloud')?.options.map((option) => option.label)).toEqual([
			'AWS',
			'GCP',
			'OCI',
			'STUB',
			'Any of them',
		]);
		expect(stub.stepOrder.slice(2, 7)).toEqual([
			'spread-placement',
			'gcp-spread',
			'oci-fault-domains',
			'oci-availability-domains',
			'stub-spread',
		]);
		expect(stub.regionProblem('stub', 'stub-east-1')).toBeNull();
		expect(stub.regionProblem('stub', 'us-east-1')).toContain('outside --cloud stub');
	}, 300_000);

	it('passes the layer check and the one-place check with the stub among the clouds', () => {
		expect(run([join(copy, 'scripts', 'check-layers.mjs')])).toContain('no back arrow, no import cycle');
		const found = placesOutside(copy, [...clouds, 'stub']);
		expect(found).toEqual({registries: [...registries].sort(), stray: []});
	}, 300_000);
});
