// Issue 9: "permission problems print raw errno and not where the data is". The built CLI runs as `nobody`
// (setpriv) against a config folder it may not enter (root's, mode 0700): every command that reads or writes
// a store says so in one line naming the path, exit 1, and creates nothing. `table` and `advise` must not
// quietly answer without the user's probe results either: they cannot tell whether results are there.
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {assertBuilt, lines, runCli, tempConfigDir} from './helpers.js';

const canDrop = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
let configDir: string;

beforeAll(() => {
	assertBuilt();
	configDir = tempConfigDir();
	mkdirSync(join(configDir, 'results'));
	writeFileSync(join(configDir, 'config.json'), JSON.stringify({version: 3, profiles: {}}));
	chmodSync(configDir, 0o700);
});
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const nobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
const runAsNobody = (args: readonly string[], folder = configDir) => runCli(args, {configDir: folder, via: nobody});

describe.skipIf(!canDrop)('a config folder netplace may not read (as nobody)', () => {
	it.each([
		[['profiles', 'list'], 'config.json'],
		[['advise', '--save', 'x'], 'results'],
		[['profiles', 'show', 'x'], 'config.json'],
		[['results', 'list'], 'results'],
		[['table', '--cloud', 'lab'], 'results'],
		[['advise', '--cloud', 'lab', '--json'], 'results'],
	])('%j: one line naming the path, exit 1, nothing created', (args, file) => {
		const result = runAsNobody(args);
		expect(lines(result.stderr)).toEqual([
			`netplace: cannot read ${join(configDir, file)}: permission denied (EACCES) (NETPLACE_CONFIG_DIR moves the folder netplace keeps its data in)`,
		]);
		expect(result.status).toBe(1);
		expect(result.stdout).toBe('');
		expect(readdirSync(configDir).sort()).toEqual(['config.json', 'results']);
	});

	it('a folder it may read but not write: reads work, a save is one line naming the path, exit 1', () => {
		const readable = tempConfigDir();
		try {
			const text = JSON.stringify({version: 3, profiles: {}});
			writeFileSync(join(readable, 'config.json'), text);
			chmodSync(readable, 0o755);
			expect(runAsNobody(['profiles', 'list'], readable).status).toBe(0);
			const save = runAsNobody(['advise', '--save', 'x'], readable);
			expect(lines(save.stderr)).toEqual([
				expect.stringMatching(
					new RegExp(`^netplace: cannot lock ${join(readable, 'config.json')}: permission denied \\(EACCES\\)`),
				),
			]);
			expect(save.status).toBe(1);
			expect(readdirSync(readable)).toEqual(['config.json']);
		} finally {
			rmSync(readable, {recursive: true, force: true});
		}
	});
});
