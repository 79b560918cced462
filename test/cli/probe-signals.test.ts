// Every signal a terminal or a supervisor sends (SIGINT, SIGTERM, SIGHUP, SIGQUIT), at setup, mid-test and
// during teardown of a real lab probe (built CLI, with a delay line so there is something to tear down):
// teardown runs, the exit code is 128 + n, and nothing is left (namespaces, processes, nft/iptables).
// Then `kill -9` of an --over-ssh probe and `cleanup --provider lab --yes`: nothing left, key folders too.
// Needs root; run under `flock /tmp/np-lab.lock`.
import {type ChildProcess, spawn} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import {constants} from 'node:os';
import {afterAll, expect, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

interface Started {
	readonly child: ChildProcess;
	readonly exit: Promise<number | null>;
	stderr: () => string;
	runId: () => string;
}

function startProbe(extra: readonly string[]): Started {
	const args = ['probe', '--provider', 'lab', '--flow-cap', '0.5', '--aggregate-cap', '1', '--rtt', '2'];
	const child = spawn(process.execPath, [cliPath, ...args, '--streams', '1', '--duration', '3', ...extra], {
		cwd: root,
		env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const exit = new Promise<number | null>((resolve) => {
		child.on('exit', (code) => resolve(code));
	});
	return {
		child,
		exit,
		stderr: () => stderr,
		runId: () => /probe (np-[0-9a-z-]+):/.exec(stderr)?.[1] ?? '',
	};
}

/** Resolves once stderr matches (content, not time); rejects if the probe ends first. */
function waitFor(started: Started, pattern: RegExp): Promise<void> {
	return new Promise((resolve, reject) => {
		const check = () => {
			if (pattern.test(started.stderr())) {
				started.child.stderr?.off('data', check);
				resolve();
			}
		};
		started.child.stderr?.on('data', check);
		check();
		void started.exit.then(() => reject(new Error(`ended before ${String(pattern)}: ${started.stderr()}`)));
	});
}

const phases: ReadonlyArray<readonly [string, RegExp]> = [
	['setup', /created namespace np-[0-9a-z-]+-0-cli/],
	['mid-test', /1 stream: running/],
	['teardown', /tear down: running/],
];

describeLab('signals during a lab probe (built CLI)', () => {
	// Each probe is its own run (its own namespaces, by run id) waited on by content: they run side by side.
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
		for (const [phase, marker] of phases) {
			it.concurrent(`${signal} at ${phase}: teardown, exit ${128 + constants.signals[signal]}, nothing left`, async ({
				expect,
			}) => {
				assertBuilt();
				const started = startProbe([]);
				await waitFor(started, /created namespace np-[0-9a-z-]+-0-srv/);
				const inodes = namespaceInodes(started.runId());
				await waitFor(started, marker);
				started.child.kill(signal);
				const code = await started.exit;
				expect(started.stderr()).toMatch(/teardown: complete|tear down: everything deleted/);
				expect(code).toBe(128 + constants.signals[signal]);
				expect(leftovers(started.runId(), inodes)).toEqual(nothingLeft);
			}, 90_000);
		}
	}

	// After the others: `cleanup --yes` deletes every orphan of the lab on this machine.
	it('kill -9 of an --over-ssh probe, then cleanup --provider lab --yes: nothing left, key folder included', async () => {
		assertBuilt();
		const started = startProbe(['--over-ssh']);
		await waitFor(started, /created key-folder (\S+)/);
		const keyFolder = /created key-folder (\S+)/.exec(started.stderr())?.[1] ?? '';
		await waitFor(started, /1 stream: running/);
		const inodes = namespaceInodes(started.runId());
		started.child.kill('SIGKILL');
		await started.exit;
		expect(existsSync(keyFolder)).toBe(true);
		const listed = runCli(['cleanup', '--provider', 'lab'], {configDir});
		expect(listed.stdout).toContain(`key-folder ${keyFolder}`);
		const cleaned = runCli(['cleanup', '--provider', 'lab', '--yes'], {configDir});
		expect(cleaned.status).toBe(0);
		expect(existsSync(keyFolder)).toBe(false);
		expect(leftovers(started.runId(), inodes)).toEqual(nothingLeft);
	}, 90_000);
});
