// Issue 9: "overwriting asks in a terminal" — the BUILT CLI in a real terminal (tmux, test/helpers/tmux.ts).
// `advise --save NAME` and `profiles import FILE` onto a stored name ask "Replace it? [y/N]": n keeps the
// profile (exit 2), y replaces it (exit 0). The wizard's `s` asks "replace it? y/n" in its save panel.
// (A script, with no terminal, needs --force: test/cli/profiles.test.ts.)

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli} from '../cli/helpers.js';
import {hasTmux, startCli, type TmuxCli} from '../helpers/tmux.js';

let configDir: string;
let cli: TmuxCli | undefined;
beforeEach(() => {
	configDir = mkdtempSync(join(tmpdir(), 'netplace-tmux-overwrite-'));
	expect(runCli(['advise', '--streams', '2', '--save', 'mine'], {configDir}).status).toBe(0);
});
afterEach(() => {
	cli?.kill();
	rmSync(configDir, {recursive: true, force: true});
});

const storedStreams = () =>
	(JSON.parse(runCli(['profiles', 'export', 'mine'], {configDir}).stdout) as {workload: {streams: number}}).workload
		.streams;

describe.skipIf(!hasTmux)('replacing a profile in a terminal (built CLI in tmux)', () => {
	it('advise --save: n keeps it (exit 2), y replaces it (exit 0)', async () => {
		cli = startCli({args: ['advise', '--streams', '5', '--save', 'mine'], env: {NETPLACE_CONFIG_DIR: configDir}});
		await cli.waitForScreen('Replace it? [y/N]');
		expect(cli.screen()).toContain(join(configDir, 'config.json'));
		await cli.send(['n', 'Enter'], 'netplace exited with 2');
		expect(cli.screen()).toContain('netplace: profile mine kept as it was; nothing was saved');
		expect(storedStreams()).toBe(2);
		cli.kill();

		cli = startCli({args: ['advise', '--streams', '5', '--save', 'mine'], env: {NETPLACE_CONFIG_DIR: configDir}});
		await cli.waitForScreen('Replace it? [y/N]');
		await cli.send(['y', 'Enter'], 'netplace exited with 0');
		expect(storedStreams()).toBe(5);
	});

	it('profiles import FILE onto a stored name asks too', async () => {
		const file = join(configDir, 'mine.json');
		const exported = JSON.parse(runCli(['profiles', 'export', 'mine'], {configDir}).stdout) as {
			workload: {streams: number};
		};
		writeFileSync(file, JSON.stringify({...exported, workload: {...exported.workload, streams: 7}}));
		cli = startCli({args: ['profiles', 'import', file], env: {NETPLACE_CONFIG_DIR: configDir}});
		await cli.waitForScreen('Replace it? [y/N]');
		await cli.send(['y', 'Enter'], 'netplace exited with 0');
		expect(storedStreams()).toBe(7);
	});

	it("the wizard's s on a stored name asks in the save panel; y replaces it", async () => {
		cli = startCli({args: [], env: {NETPLACE_CONFIG_DIR: configDir}});
		await cli.waitForScreen('1 of 13');
		for (let turn = 0; turn < 15 && !cli.visible().includes('s save as profile'); turn++) {
			const before = cli.visible();
			await cli.send('Enter', (screen) => screen !== before);
		}

		await cli.waitForScreen('s save as profile');
		await cli.send('s', 'Profile name:');
		await cli.send(['-l', 'mine'], 'Profile name: mine');
		await cli.send('Enter', 'a profile named mine exists: replace it? y/n');
		expect(storedStreams()).toBe(2);
		await cli.send('n', (screen) => !screen.includes('replace it?') && screen.includes('Profile name: mine'));
		await cli.send('Enter', 'replace it? y/n');
		await cli.send('y', 'Saved profile “mine” to');
		expect(storedStreams()).toBe(1);
		await cli.send('q', 'netplace exited with 0');
	});
});
