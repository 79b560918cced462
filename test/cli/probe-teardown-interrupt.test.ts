// Issue 9: "Ctrl-C after the 1- and 8-stream tests finished (during teardown): exit 130, nothing printed or
// kept". A real lab probe (built CLI, `--json`, a delay line so teardown has work) gets SIGINT once teardown
// has begun: teardown completes, the exit is 130, both tests' figures are on stdout, and the run is in the
// results store, complete (issue 42, finding 10: before, the signal made it partial, so never evidence).
// Needs root; run under `flock /tmp/np-lab.lock`.
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {afterAll, expect, it} from 'vitest';
import type {ProbeRun} from '../../source/probe/types.js';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

describeLab('Ctrl-C during teardown of a lab probe (built CLI)', () => {
	it('after the 1- and 8-stream tests: exit 130, both figures printed and the run kept', async () => {
		assertBuilt();
		const args = ['probe', '--provider', 'lab', '--flow-cap', '0.5', '--aggregate-cap', '1', '--rtt', '2'];
		const child = spawn(process.execPath, [cliPath, ...args, '--streams', '1,8', '--duration', '1', '--json'], {
			cwd: root,
			env: {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let runId = '';
		let inodes: number[] | null = null;
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
			runId ||= /probe (np-[0-9a-z-]+):/.exec(stderr)?.[1] ?? '';
			if (inodes === null && runId && /created namespace np-[0-9a-z-]+-0-srv/.test(stderr)) {
				inodes = namespaceInodes(runId);
			}

			// Content, not time: the signal goes the moment teardown is reported as running.
			if (/tear down: running/.test(stderr) && child.exitCode === null && !child.killed) child.kill('SIGINT');
		});
		const code = await new Promise<number | null>((resolve) => {
			child.on('close', (status) => resolve(status));
		});

		expect(stderr).toMatch(/8 streams: running/);
		expect(child.killed).toBe(true);
		expect(code).toBe(130);
		expect(stderr).toMatch(/teardown: complete|tear down: everything deleted/);
		const run = JSON.parse(stdout) as ProbeRun;
		expect(run.runId).toBe(runId);
		expect(run.pairs[0]?.results.map((result) => result.streams)).toEqual([1, 8]);
		expect(run.pairs[0]?.results.every((result) => result.gbps > 0)).toBe(true);
		const stored = JSON.parse(runCli(['results', 'show', runId, '--json'], {configDir}).stdout) as {run: ProbeRun};
		expect(stored.run.pairs[0]?.results.map((result) => result.streams)).toEqual([1, 8]);
		const listed = JSON.parse(runCli(['results', 'list', '--json'], {configDir}).stdout) as Array<{
			id: string;
			status: string;
		}>;
		expect(listed.find((entry) => entry.id === runId)?.status).toBe('complete');
		expect(stored.run.aborted).toBe(false);
		expect(leftovers(runId, inodes ?? namespaceInodes(runId))).toEqual(nothingLeft);
	}, 120_000);
});
