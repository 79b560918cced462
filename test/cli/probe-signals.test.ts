// Every signal a terminal or a supervisor sends (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and the others a `kill -s`
// ends a process with (SIGUSR2, SIGALRM: issue 42, finding 2; before, they ended the probe with its namespaces,
// iperf3 servers and owner file left), at setup, mid-test and during teardown of a real lab probe (built CLI, with a delay line so there is something to tear down):
// teardown runs, the exit code is 128 + n, and nothing is left (namespaces, processes, nft/iptables).
// (`kill -9` and `cleanup --yes` are probe-kill-cleanup.test.ts.) Needs root.
import {rmSync} from 'node:fs';
import {constants} from 'node:os';
import {afterAll, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {startLabProbe, waitFor} from '../helpers/lab-probe-process.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const phases: ReadonlyArray<readonly [string, RegExp]> = [
	['setup', /created namespace np-[0-9a-z-]+-0-cli/],
	['mid-test', /1 stream: running/],
	['teardown', /tear down: running/],
];

describeLab('signals during a lab probe (built CLI)', () => {
	// Each probe is its own run (its own namespaces, by run id) waited on by content: they run side by side.
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGALRM'] as const) {
		for (const [phase, marker] of phases) {
			it.concurrent(`${signal} at ${phase}: teardown, exit ${128 + constants.signals[signal]}, nothing left`, async ({
				expect,
			}) => {
				assertBuilt();
				const started = startLabProbe(configDir, []);
				await waitFor(started, /created namespace np-[0-9a-z-]+-0-srv/);
				const inodes = namespaceInodes(started.runId());
				await waitFor(started, marker);
				started.child.kill(signal);
				// Its last lines (teardown's) are read once its output is closed, not at its exit.
				const code = await started.closed;
				expect(started.stderr()).toMatch(/teardown: complete|tear down: everything deleted/);
				expect(code).toBe(128 + constants.signals[signal]);
				expect(leftovers(started.runId(), inodes)).toEqual(nothingLeft);
			}, 90_000);
		}
	}
});
