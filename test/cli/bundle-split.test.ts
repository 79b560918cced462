// The published build's one start-up split that a user feels, read from esbuild's metafile (dist/meta.json,
// scripts/build-bundle.mjs) without running a command: dist/cli.cjs, which every command loads, holds no Ink,
// React, provider or probe (they are in dist/long-running.js and its chunks), and the wizard's first frame
// (long-running.js, run-wizard and every chunk they import statically) loads no cloud SDK, ssh2 or provider.
// The figures behind it (README, Benchmarks: what stays at start-up and why): loading Ink and React unbundled
// takes some 500 ms against Node's own 60; one cloud SDK 50 to 400 ms.

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {root} from './helpers.js';

interface Output {
	readonly inputs: Record<string, unknown>;
	readonly imports: readonly {readonly path: string; readonly kind: string; readonly external?: boolean}[];
	readonly entryPoint?: string;
}

const outputs = (): Record<string, Output> =>
	(JSON.parse(readFileSync(join(root, 'dist', 'meta.json'), 'utf8')) as {outputs: Record<string, Output>}).outputs;

/** The source and package files, and the external packages, that loading `files` loads before any dynamic import. */
function loadedWith(files: readonly string[]): {inputs: string[]; externals: string[]} {
	const all = outputs();
	const seen = new Set<string>();
	const externals = new Set<string>();
	const visit = (file: string): void => {
		if (seen.has(file) || all[file] === undefined) return;
		seen.add(file);
		for (const imported of all[file].imports) {
			if (imported.kind === 'dynamic-import') continue;
			if (imported.external) externals.add(imported.path);
			else visit(imported.path);
		}
	};
	for (const file of files) visit(file);
	return {inputs: [...seen].flatMap((file) => Object.keys(all[file]?.inputs ?? {})), externals: [...externals]};
}

const outputOf = (source: string): string => {
	const found = Object.entries(outputs()).find(([, output]) => output.entryPoint === source || source in output.inputs);
	if (found === undefined) throw new Error(`no output of dist/meta.json holds ${source}`);
	return found[0];
};

const uiPackages = /node_modules\/(ink|react|react-reconciler|@inkjs|@alcalzone)\//;
const sdks = /^(@aws-sdk|@smithy|@google-cloud|@kubernetes|oci-[a-z-]+|ssh2)(\/|$)/;

describe('the published build keeps the heavy parts off the start', () => {
	it('dist/cli.cjs holds neither Ink nor React nor a screen, and requires no cloud SDK nor ssh2', () => {
		const cli = loadedWith(['dist/cli.cjs']);
		expect(cli.inputs).toContain('source/cli/advise.ts');
		expect(cli.inputs.filter((input) => uiPackages.test(input) || input.startsWith('source/ui/'))).toEqual([]);
		expect(cli.externals.filter((name) => sdks.test(name))).toEqual([]);
	});

	it("the wizard's first frame loads Ink and the questions, and no cloud SDK nor ssh2", () => {
		const wizard = loadedWith(['dist/long-running.js', outputOf('source/ui/screens/wizard/run-wizard.ts')]);
		expect(wizard.inputs).toContain('source/ui/screens/questions/questions-screen.tsx');
		expect(wizard.inputs.some((input) => uiPackages.test(input))).toBe(true);
		expect(wizard.externals.filter((name) => sdks.test(name))).toEqual([]);
	});
});
