// The published build's one start-up split that a user feels, read from esbuild's metafile (dist/meta.json,
// scripts/build-bundle.mjs) without running a command: dist/cli.cjs, which every command loads, holds no Ink,
// React, provider or probe (they are in dist/long-running.js and its chunks), and the wizard's first frame
// (long-running.js, run-wizard and every chunk they import statically) loads no cloud SDK, ssh2 or provider.
// The figures behind it (README, Benchmarks: what stays at start-up, and why), main-thread CPU over a bare
// Node start, 11 interleaved runs: importing ink +484 ms, @aws-sdk/client-ec2 +742, oci-core +513,
// @google-cloud/compute +2,375, @kubernetes/client-node +674, ssh2 +89.

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configDirForFile, root, runCli, storeRun} from './helpers.js';

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

const configDir = configDirForFile();

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

describe('the published build', () => {
	it('answers an error raised inside the ES-module bundle (its own copy of errors.ts) in one line, exit 2', () => {
		const wizard = runCli(['--profile', 'nope'], {configDir: configDir()});
		expect(wizard.stderr).toBe('netplace: no profile named nope (netplace profiles list shows them)\n');
		expect(wizard.status).toBe(2);
		// Refused before any cloud is asked (too many shapes).
		const live = runCli(['shapes', '--live', '--cloud', 'aws'], {configDir: configDir()});
		expect(live.stderr).toMatch(/^netplace: --live checks at most \d+ shapes per cloud; [^\n]*\n$/);
		expect(live.status).toBe(2);
	});

	it('table reads the stored per-cell medians, and a run saved since they were written counts', () => {
		const dir = join(configDir(), 'with-results');
		const probeRows = () => {
			const result = runCli(['table', '--json'], {configDir: dir});
			expect(result.stderr).toBe('');
			const rows = JSON.parse(result.stdout) as {source: string; singleFlowGbps: number}[];
			return rows.filter((row) => row.source === 'probe').map((row) => row.singleFlowGbps);
		};
		storeRun(dir, 'np-split-1', 0.6, '2026-12-01T10:00:00.000Z');
		expect(probeRows()).toEqual([0.6]);
		expect(probeRows()).toEqual([0.6]);
		storeRun(dir, 'np-split-2', 0.8, '2026-12-01T11:00:00.000Z');
		expect(probeRows()).toEqual([0.7]);
	});

	it('carries source maps: under --enable-source-maps a --debug trace names the source file', () => {
		const run = runCli(['size', '--shape', 'no-such-shape', '--debug'], {
			configDir: configDir(),
			nodeArgs: ['--enable-source-maps'],
		});
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(/source\/cli\/catalogue-input\.ts:\d+:\d+/);
	});
});
