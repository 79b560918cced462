// Commands on the user's hosts, each on its own channel when one is free (channel-limit.ts). A background
// process runs under `timeout` (its life bounded: a run killed with no teardown does not leave an iperf3
// server listening for good), holds its channel until it exits and goes into its run's ledger and its record
// (ssh-run-record.ts) as it starts: teardown stops it and checks, by its pid, that it is gone.

import {RuntimeError} from '../../domain/errors.js';
import type {LedgerEntry} from '../ledger.js';
import type {BackgroundProcess, ExecOptions, ExecResult, Host} from '../provider.js';
import {shellJoin} from './shell-quote.js';
import {recordSshProcess} from './ssh-run-record.js';
import {runOf, type SshState, sessionFor} from './ssh-state.js';

/** A command on its own channel, when one is free (channel-limit.ts). */
export async function execOn(
	state: SshState,
	host: Host,
	argv: readonly string[],
	options?: ExecOptions,
): Promise<ExecResult> {
	const {transport, channels} = sessionFor(state, host);
	return channels.run(async () => transport.exec(argv, options));
}

export async function startBackgroundOn(
	state: SshState,
	host: Host,
	argv: readonly string[],
): Promise<BackgroundProcess> {
	const {transport, channels} = sessionFor(state, host);
	const life = runOf(state, host)?.lifeSeconds;
	const bounded = life === undefined ? argv : ['timeout', String(life), ...argv];
	const release = await channels.acquire();
	try {
		const process = await transport.startBackground(bounded);
		process.exited.then(release, release);
		await recordProcess(state, host, bounded, process);
		return process;
	} catch (error: unknown) {
		release();
		throw error;
	}
}

/** Records a started process: teardown stops it and checks, by its pid, that it is gone. */
async function recordProcess(
	state: SshState,
	host: Host,
	argv: readonly string[],
	process: BackgroundProcess,
): Promise<void> {
	const run = runOf(state, host);
	const pid = await Promise.race([process.remotePid ?? null, process.exited.then(() => null)]);
	const login = run?.logins.get(host.id) ?? `ssh ${host.name}`;
	run?.ledger.record(processEntry(state, host, argv, process, {pid, login}));
	const user = login.split(' ').at(-1);
	if (run && pid !== null && user) recordSshProcess(run.runId, {host: user, pid, command: argv.join(' ')});
}

function processEntry(
	state: SshState,
	host: Host,
	argv: readonly string[],
	process: BackgroundProcess,
	{pid, login}: {readonly pid: number | null; readonly login: string},
): LedgerEntry {
	return {
		kind: 'process',
		id: `${shellJoin(argv)} on ${host.name}${pid === null ? '' : ` (pid ${pid})`}`,
		deleteCommand: pid === null ? `${login}, then stop ${shellJoin(argv)}` : `${login} kill ${pid}`,
		remove: async () => {
			await process.stop();
			if (pid === null) return;
			const alive = await execOn(state, host, ['kill', '-0', String(pid)], {timeoutMs: 10_000});
			if (alive.code === 0) throw new RuntimeError(`pid ${pid} still runs after TERM and KILL`);
		},
	};
}
