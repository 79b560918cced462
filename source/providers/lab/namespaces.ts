// Network namespaces on this machine: list, delete (killing what runs inside first), and who owns a run's
// namespaces: an owner file per run (pid + process start time) under a state folder in /run, written before the
// first namespace exists, so a namespace whose owner is gone is an orphan.

import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {setTimeout as delay} from 'node:timers/promises';
import {RuntimeError} from '../../domain/errors.js';
import {runCommand} from './run-command.js';

export const defaultStateDir = '/run/netplace-lab';

interface OwnerRecord {
	readonly pid: number;
	readonly start: string | null;
}

/** The kernel's start time of a process (field 22 of /proc/PID/stat), or null when there is no such process. */
export function processStart(pid: number): string | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return fields[19] ?? null;
	} catch {
		return null;
	}
}

export function writeOwner(stateDir: string, prefix: string, pid: number): void {
	mkdirSync(stateDir, {recursive: true});
	const record: OwnerRecord = {pid, start: processStart(pid)};
	writeFileSync(join(stateDir, `${prefix}.json`), JSON.stringify(record));
}

export function removeOwner(stateDir: string, prefix: string): void {
	rmSync(join(stateDir, `${prefix}.json`), {force: true});
}

/** Whether a running process owns the run with this prefix. */
export function isOwned(stateDir: string, prefix: string): boolean {
	let record: OwnerRecord;
	try {
		record = JSON.parse(readFileSync(join(stateDir, `${prefix}.json`), 'utf8')) as OwnerRecord;
	} catch {
		return false;
	}

	const start = processStart(record.pid);
	return start !== null && (record.start === null || record.start === start);
}

export async function listNamespaces(ip: string): Promise<string[]> {
	const result = await runCommand([ip, 'netns', 'list'], {timeoutMs: 10_000});
	return result.stdout
		.split('\n')
		.map((line) => line.trim().split(/\s+/)[0] ?? '')
		.filter(Boolean);
}

export async function namespacePids(ip: string, namespace: string): Promise<number[]> {
	const result = await runCommand([ip, 'netns', 'pids', namespace], {timeoutMs: 10_000});
	if (result.code !== 0) return [];
	return result.stdout
		.split('\n')
		.map((line) => Number(line.trim()))
		.filter((pid) => Number.isInteger(pid) && pid > 0);
}

function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
	for (const pid of pids) {
		try {
			process.kill(pid, signal);
		} catch {
			// Already gone.
		}
	}
}

/** What a person runs to delete a namespace by hand (what runs inside first). */
export const namespaceDeleteCommand = (namespace: string): string =>
	`ip netns pids ${namespace} | xargs -r kill; ip netns del ${namespace}`;

/** Kill what runs in the namespace (TERM, then KILL), then delete it. Quiet when it does not exist. */
export async function deleteNamespace(ip: string, namespace: string): Promise<void> {
	if (!(await listNamespaces(ip)).includes(namespace)) return;
	let pids = await namespacePids(ip, namespace);
	signalAll(pids, 'SIGTERM');
	for (let attempt = 0; attempt < 20 && pids.length > 0; attempt++) {
		await delay(50);
		pids = await namespacePids(ip, namespace);
	}

	signalAll(pids, 'SIGKILL');
	const result = await runCommand([ip, 'netns', 'del', namespace], {timeoutMs: 10_000});
	if (result.code !== 0 && (await listNamespaces(ip)).includes(namespace)) {
		throw new RuntimeError(`could not delete namespace ${namespace}: ${result.stderr.trim()}`);
	}
}

/** Delay-line processes carrying a run's tag (`--tag PREFIX`), found through /proc. */
export function delayLineProcesses(): Array<{readonly pid: number; readonly prefix: string}> {
	const found: Array<{pid: number; prefix: string}> = [];
	let entries: string[];
	try {
		entries = readdirSync('/proc');
	} catch {
		return found;
	}

	for (const entry of entries) {
		if (!/^\d+$/.test(entry)) continue;
		let argv: string[];
		try {
			argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
		} catch {
			continue;
		}

		const tagAt = argv.indexOf('--tag');
		const tag = tagAt >= 0 ? argv[tagAt + 1] : undefined;
		if (argv[0]?.endsWith('delay-line') && tag?.startsWith('np-')) {
			found.push({pid: Number(entry), prefix: tag});
		}
	}

	return found;
}

export function killProcess(pid: number): void {
	signalAll([pid], 'SIGKILL');
}
