// `cleanup --provider ssh`: what runs killed before their teardown left running on the user's hosts, from
// their records (ssh-run-record.ts). A run whose process is alive, or not provably dead (another machine,
// another PID namespace), is kept. With --yes each host is reached again as the run reached it (its key file
// or the agent, the same known_hosts: a host key that changed is refused), and each recorded pid that still
// runs its recorded command is stopped (TERM) and checked gone; a pid now running something else is left
// alone. The record goes once nothing of it is left.

import {setTimeout as delay} from 'node:timers/promises';
import {firstLineOf, RuntimeError} from '../../domain/errors.js';
import {forgetRun, recordPath, runIsDead} from '../cloud/run-record.js';
import type {LeftResource, Orphan, TeardownReport} from '../provider.js';
import {sshCredentials} from './ssh-credentials.js';
import {type RecordedProcess, recordedSshRuns, type SshRunDetail} from './ssh-run-record.js';
import {SshTransport} from './ssh-transport.js';

function loginCommand(detail: SshRunDetail, host: string): string {
	return `ssh${detail.port === 22 ? '' : ` -p ${detail.port}`} ${host}`;
}

function keepReason(alive: boolean, pid: number, host: string): {keep?: string} {
	return alive ? {keep: `its run may still be running (pid ${pid} on ${host})`} : {};
}

/** Every process recorded by an ssh run, or the bare record of a run that started none. */
export function findSshOrphans(): Orphan[] {
	return recordedSshRuns().flatMap(({record, detail}) => {
		const keep = keepReason(!runIsDead(record), record.owner.pid, record.owner.host);
		if (detail.processes.length === 0) {
			const path = recordPath(record.runId);
			return [{kind: 'run-record', id: path, runId: record.runId, deleteCommand: `rm ${path}`, ...keep}];
		}

		return detail.processes.map((entry) => ({
			kind: 'process',
			id: `${entry.command} on ${entry.host} (pid ${entry.pid})`,
			runId: record.runId,
			deleteCommand: `${loginCommand(detail, entry.host)} kill ${entry.pid}`,
			...keep,
		}));
	});
}

/** One of the run's hosts, reached again with the run's key and known_hosts (no new host key is accepted). */
function transportTo(detail: SshRunDetail, login: string): SshTransport {
	const at = login.lastIndexOf('@');
	const credentials = sshCredentials({
		hosts: [
			{user: login.slice(0, at), host: login.slice(at + 1)},
			{user: login.slice(0, at), host: login.slice(at + 1)},
		],
		port: detail.port,
		knownHosts: detail.knownHosts,
		acceptNewHostKey: false,
		...(detail.identity === null ? {} : {identity: detail.identity}),
	});
	return new SshTransport({
		host: login.slice(at + 1),
		port: detail.port,
		username: login.slice(0, at),
		...(credentials.privateKey === undefined ? {} : {privateKey: credentials.privateKey}),
		...(credentials.agent === undefined ? {} : {agent: credentials.agent}),
		hostKeyPolicy: {knownHosts: detail.knownHosts, acceptNew: false},
		readyTimeoutMs: 20_000,
	});
}

const words = (text: string): string => text.trim().split(/\s+/).join(' ');

/** Stops a recorded process if its pid still runs its command; throws when it will not go. */
async function stopRecorded(ssh: SshTransport, entry: RecordedProcess): Promise<void> {
	const pid = String(entry.pid);
	const running = await ssh.exec(['ps', '-o', 'args=', '-p', pid], {timeoutMs: 10_000});
	if (running.code !== 0 || words(running.stdout) !== words(entry.command)) return;
	await ssh.exec(['kill', pid], {timeoutMs: 10_000});
	for (let tries = 0; tries < 50; tries++) {
		const alive = await ssh.exec(['kill', '-0', pid], {timeoutMs: 10_000});
		if (alive.code !== 0) return;
		await delay(100);
	}

	throw new RuntimeError(`pid ${pid} still runs after TERM`);
}

/** One host's recorded processes stopped; what could not be, with its delete command. */
async function stopOnHost(detail: SshRunDetail, host: string, entries: readonly Orphan[]): Promise<LeftResource[]> {
	const recorded = detail.processes.filter((entry) => entry.host === host);
	const wanted = recorded.filter((entry) => entries.some((orphan) => orphan.id.endsWith(`(pid ${entry.pid})`)));
	const left: LeftResource[] = [];
	const ssh = transportTo(detail, host);
	try {
		await ssh.connect({retries: 1, delayMs: 1000});
		for (const entry of wanted) {
			await stopRecorded(ssh, entry).catch((error: unknown) => left.push(leftOf(detail, entry, error)));
		}
	} catch (error: unknown) {
		for (const entry of wanted) left.push(leftOf(detail, entry, error));
	} finally {
		await ssh.close();
	}

	return left;
}

function leftOf(detail: SshRunDetail, entry: RecordedProcess, error: unknown): LeftResource {
	return {
		kind: 'process',
		id: `${entry.command} on ${entry.host} (pid ${entry.pid})`,
		deleteCommand: `${loginCommand(detail, entry.host)} kill ${entry.pid}`,
		error: firstLineOf(error),
	};
}

/** Stops what each dead run left (run by run, host by host); a run's record goes once nothing of it is left. */
export async function deleteSshOrphans(orphans: readonly Orphan[]): Promise<TeardownReport> {
	const left: LeftResource[] = [];
	for (const {record, detail} of recordedSshRuns()) {
		const mine = orphans.filter((orphan) => orphan.runId === record.runId && orphan.keep === undefined);
		if (mine.length === 0) continue;
		const hosts = [...new Set(detail.processes.map((entry) => entry.host))];
		const runLeft: LeftResource[] = [];
		for (const host of hosts) {
			const onHost = mine.filter((orphan) => orphan.id.includes(` on ${host} (pid `));
			if (onHost.length > 0) runLeft.push(...(await stopOnHost(detail, host, onHost)));
		}

		if (runLeft.length === 0) forgetRun(record.runId);
		left.push(...runLeft);
	}

	return {complete: left.length === 0, left};
}
