// The wizard's start (`node dist/cli.cjs`, first frame) loads Ink and React but no cloud SDK, no SSH, and
// neither conf nor zod: those come only when the user saves a profile or starts a probe.

import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadedModules} from '../../helpers/loaded-modules.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const cli = join(root, 'dist', 'cli.cjs');
// The CLI tests' module recorder (a `node --import` preload writing every loaded module to a file).
const preload = join(root, 'test', 'cli', 'fixtures', 'record-loads.mjs');
let dir: string;

beforeAll(() => {
	if (!existsSync(cli)) {
		throw new Error('dist/cli.cjs is missing: run `npm run build` first (npm test does it in pretest)');
	}

	dir = mkdtempSync(join(tmpdir(), 'netplace-wizard-loads-'));
});

afterAll(() => {
	rmSync(dir, {recursive: true, force: true});
});

describe('the wizard starts light', () => {
	it('shows the first question without loading a cloud SDK, ssh2, conf or zod', () => {
		const log = join(dir, 'loads.log');
		const result = spawnSync(process.execPath, ['--import', preload, cli], {
			cwd: root,
			encoding: 'utf8',
			input: '',
			env: {...process.env, NETPLACE_CONFIG_DIR: dir, NETPLACE_LOAD_LOG: log, NO_COLOR: '1'},
		});
		expect(result.stdout).toContain('Which cloud?');
		// stdin is not a terminal: the first frame, then one line saying so, exit 2.
		expect(result.stderr.trim()).toBe(
			'netplace: the wizard needs an interactive terminal (use `netplace advise` with flags)',
		);
		expect(result.status).toBe(2);
		// Read through the bundles' metafile: a module counts as loaded when the file holding it was.
		const loaded = loadedModules(log);
		expect(loaded.some((url) => url.includes('node_modules/ink/'))).toBe(true);
		expect(loaded.filter((url) => /node_modules\/(@aws-sdk|@google-cloud|oci-[a-z]+|ssh2)\//.test(url))).toEqual([]);
		// What the wizard's bundle (dist/long-running.js and its chunks) loads beside dist/cli.cjs, the entry:
		// no conf or zod, no provider (a cloud's probe-fields.ts, the flags it declares as data, is the argv
		// parser's), no probe, and the result and probe screens only when first shown.
		const wizardOwn = loadedModules(log, ['cli.cjs']);
		expect(wizardOwn.filter((url) => /node_modules\/(conf|zod|ajv)\//.test(url))).toEqual([]);
		expect(
			wizardOwn.filter((url) =>
				/^source\/(providers\/(aws|gcp|oci|lab|ssh)\/(?!probe-fields\.ts$)|probe\/run-probe)/.test(url),
			),
		).toEqual([]);
		expect(wizardOwn).toContain('source/ui/screens/questions/questions-screen.tsx');
		expect(wizardOwn.filter((url) => /^source\/screens\/(result|probe)\//.test(url))).toEqual([]);
	});
});
