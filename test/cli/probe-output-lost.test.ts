// Issue 27, finding 1: a lab probe (built CLI, real namespaces and iperf3) whose output goes away mid-run.
// `probe 2>&1 | head` (the reader closes the pipe: EPIPE), `probe 2>&1 | tee log` then Ctrl-C (tee dies
// first: EPIPE on the interrupt's own line) and a terminal closed under it (tmux kill-server: SIGHUP, then EIO
// on every write). Before: the EPIPE handler exited 0 on the spot and EIO crashed it, skipping teardown, with
// the namespaces, iperf3 servers and the partial run left or lost. Now each is a signal to tear down: nothing
// is left and the finished test is stored as a partial run. Needs root; run under `flock /tmp/np-lab.lock`.
// Each probe is its own run (its own namespaces, by run id) waited on by content: the three run side by side.
import {type ChildProcess, spawn, spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, it} from 'vitest';
import {describeLab} from '../helpers/lab.js';
import {leftovers, namespaceInodes, nothingLeft} from '../helpers/probe-helpers.js';
import {hasTmux, startCli} from '../helpers/tmux.js';
import {assertBuilt, cliPath, root, runCli, tempConfigDir} from './helpers.js';

const configDir = tempConfigDir();
afterAll(() => {
	rmSync(configDir, {recursive: true, force: true});
});

const probeArgs = [
	'probe',
	'--provider',
	'lab',
	'--flow-cap',
	'0.5',
	'--aggregate-cap',
	'1',
	'--rtt',
	'2',
	// One-second tests (each is its length and a second omitted): the first result comes sooner, and the five
	// after it are the time to act in before the run could end (10 s; one 3 s test left 4 s, and at load 12 a
	// run with two after it ended first). They never run: each probe is stopped during the second.
	'--streams',
	'1,2,4,8,16,32',
	'--duration',
	'1',
];
const env = {...process.env, NETPLACE_CONFIG_DIR: configDir, NO_COLOR: '1'};
const firstResult = /1 stream: \d/;

/** The stored run's status (`results list --json`), or null when it was not kept. */
function storedStatus(runId: string): string | null {
	const list = runCli(['results', 'list', '--json'], {configDir});
	const runs = JSON.parse(list.stdout) as Array<{id: string; status: string}>;
	return runs.find((run) => run.id === runId)?.status ?? null;
}

const runIdOf = (text: string): string => /probe (np-[0-9a-z-]+):/.exec(text)?.[1] ?? '';

function exitOf(child: ChildProcess): Promise<number | null> {
	return new Promise((resolve) => {
		child.on('exit', (code) => resolve(code));
	});
}

/** Resolves once `read()` matches (content, not time). */
async function until(read: () => string, pattern: RegExp, what: string): Promise<string> {
	for (let tries = 0; tries < 1200; tries++) {
		const text = read();
		if (pattern.test(text)) return text;
		await new Promise((resolve) => {
			setTimeout(resolve, 50);
		});
	}

	throw new Error(`no ${what}: ${read()}`);
}

describeLab('a lab probe whose output goes away (built CLI)', () => {
	it.concurrent('2>&1 | head (the reader closes the pipe after the first result): exit 141, torn down, partial run kept', async ({
		expect,
	}) => {
		assertBuilt();
		const probe = spawn(process.execPath, [cliPath, ...probeArgs], {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']});
		const probeExit = exitOf(probe);
		let seen = '';
		probe.stderr?.on('data', (chunk: Buffer) => {
			seen += chunk.toString();
		});
		await until(() => seen, firstResult, 'first result');
		// Held still while its namespaces are listed, then the reader goes, as `head` does once it has its lines.
		probe.kill('SIGSTOP');
		const runId = runIdOf(seen);
		const inodes = namespaceInodes(runId);
		expect(inodes.length).toBeGreaterThan(0);
		probe.stdout?.destroy();
		probe.stderr?.destroy();
		probe.kill('SIGCONT');
		expect(await probeExit).toBe(141);
		expect(leftovers(runId, inodes)).toEqual(nothingLeft);
		expect(storedStatus(runId)).toBe('partial');
	}, 120_000);

	it.concurrent('2>&1 | tee log, then Ctrl-C (SIGINT to both; tee dies first): exit 130, torn down, partial run kept', async ({
		expect,
	}) => {
		assertBuilt();
		const log = join(configDir, 'tee.log');
		const tee = spawn('tee', [log], {stdio: ['pipe', 'ignore', 'inherit']});
		const probe = spawn(process.execPath, [cliPath, ...probeArgs], {
			cwd: root,
			env,
			stdio: ['ignore', tee.stdin ?? 'ignore', tee.stdin ?? 'ignore'],
		});
		tee.stdin?.destroy();
		const probeExit = exitOf(probe);
		const teeExit = exitOf(tee);
		const text = await until(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), firstResult, 'first result');
		const runId = runIdOf(text);
		const inodes = namespaceInodes(runId);
		expect(inodes.length).toBeGreaterThan(0);
		tee.kill('SIGINT');
		await teeExit;
		probe.kill('SIGINT');
		expect(await probeExit).toBe(130);
		expect(leftovers(runId, inodes)).toEqual(nothingLeft);
		expect(storedStatus(runId)).toBe('partial');
	}, 120_000);

	it.skipIf(!hasTmux).concurrent(
		'a closed terminal (tmux kill-server: SIGHUP, then EIO): torn down, partial run kept',
		async ({expect}) => {
			assertBuilt();
			const terminal = startCli({args: probeArgs, env: {NETPLACE_CONFIG_DIR: configDir}});
			const screen = await terminal.waitForScreen(firstResult, 60_000);
			const runId = runIdOf(screen);
			const inodes = namespaceInodes(runId);
			const pid = terminal.pid();
			expect(inodes.length).toBeGreaterThan(0);
			terminal.kill();
			await until(() => (existsSync(`/proc/${pid}`) ? 'running' : 'ended'), /ended/, 'end of the probe');
			expect(leftovers(runId, inodes)).toEqual(nothingLeft);
			expect(storedStatus(runId)).toBe('partial');
			expect(spawnSync('ip', ['netns', 'list'], {encoding: 'utf8'}).stdout).not.toContain(runId);
		},
		120_000,
	);
});
