// Issue 42, finding 5: a terminal that goes away (tmux kill-server: a hang-up, then EIO on every write) ends
// the process with its exit code, 129 (128 + SIGHUP). Before, Node's exit restored the dead terminal's settings,
// the call failed with EIO, and its assertion aborted the process: SIGABRT with a native stack on stderr, for the
// wizard (no probe) and for a lab probe after its teardown. The job runs under a stand-in shell
// (fixtures/hangup-shell.cjs) that passes on the hang-up and writes down how the job ended. The probe needs root.
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {hasTmux, startCli} from '../helpers/tmux.js';
import {assertBuilt, root, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => rmSync(configDir, {recursive: true, force: true}));
const shell = join(root, 'test', 'cli', 'fixtures', 'hangup-shell.cjs');

interface Ending {
	readonly code: number | null;
	readonly signal: string | null;
	readonly stderr: string;
}

async function endingOf(report: string): Promise<Ending> {
	for (let tries = 0; tries < 1200; tries++) {
		if (existsSync(report)) return JSON.parse(readFileSync(report, 'utf8')) as Ending;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}

	throw new Error(`no report in ${report}`);
}

/** The built CLI with `args` in a terminal under the stand-in shell; the terminal closed once `ready` shows. */
async function closeTerminalAt(name: string, args: readonly string[], ready: RegExp, nohup = false): Promise<Ending> {
	assertBuilt();
	const report = join(configDir, `${name}.json`);
	// `node <shell> <report> dist/cli.cjs …`: the stand-in shell runs the CLI.
	const env = {NETPLACE_CONFIG_DIR: configDir, ...(nohup ? {HANGUP_SHELL_NOHUP: '1'} : {})};
	const terminal = startCli({args, nodeArgs: [shell, report], env});
	await terminal.waitForScreen(ready, 60_000);
	terminal.kill();
	return endingOf(report);
}

describe.skipIf(!hasTmux)('a closed terminal', () => {
	it('ends the wizard that hears of it by EIO alone (setsid) with exit 129, no native abort', async () => {
		const ending = await closeTerminalAt('wizard-nohup', [], /Which cloud\?/, true);
		expect(ending.stderr).not.toMatch(/Assertion failed|ResetStdio|Native stack/);
		expect(ending).toMatchObject({code: 129, signal: null});
	}, 120_000);

	it('ends the wizard by the hang-up (SIGHUP: 129 to its shell), no native abort', async () => {
		const ending = await closeTerminalAt('wizard', [], /Which cloud\?/);
		expect(ending.stderr).not.toMatch(/Assertion failed|ResetStdio|Native stack/);
		expect([ending.code === 129 ? 'exit 129' : null, ending.signal === 'SIGHUP' ? 'SIGHUP' : null]).not.toEqual([
			null,
			null,
		]);
	}, 120_000);
});

describeLab('a closed terminal during a lab probe (built CLI)', () => {
	it.skipIf(!hasTmux)(
		'tears down and ends with exit 129, no native abort',
		async () => {
			const args = ['probe', '--provider', 'lab', '--flow-cap', '0.5', '--aggregate-cap', '1', '--rtt', '2'];
			const ending = await closeTerminalAt(
				'probe',
				[...args, '--streams', '1,2,4,8', '--duration', '1'],
				/1 stream: \d/,
			);
			expect(ending.stderr).toMatch(/the output went away|got SIGHUP/);
			expect(ending.stderr).not.toMatch(/Assertion failed|ResetStdio|Native stack/);
			expect(ending.stderr).toMatch(/teardown: complete|tear down: everything deleted/);
			expect(ending).toMatchObject({code: 129, signal: null});
		},
		120_000,
	);
});
