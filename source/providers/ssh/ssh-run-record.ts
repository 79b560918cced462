// A `--provider ssh` run's record on this machine (cloud/run-record.ts: written before it connects, removed
// once its teardown is complete): how to reach its two hosts again (logins, port, key file, known_hosts) and
// every process it started there (pid, command), each added the moment its pid is known. A run killed before
// its teardown (kill -9, a power cut) leaves it, and `cleanup --provider ssh` reads it to find and stop what
// is still running on the user's hosts. Nothing secret is written: the key's path, never the key.

import {type RunRecord, recordedRuns, recordRun, updateRunDetail} from '../cloud/run-record.js';
import type {SshTarget} from '../provider.js';

export interface RecordedProcess {
	/** `user@host`, one of the run's hosts. */
	readonly host: string;
	readonly pid: number;
	/** The command as started, for the listing and to check a pid still runs it. */
	readonly command: string;
}

export interface SshRunDetail {
	readonly hosts: readonly string[];
	readonly port: number;
	readonly identity: string | null;
	readonly knownHosts: string;
	readonly processes: readonly RecordedProcess[];
}

const details = new Map<string, SshRunDetail>();

/** `user@host` of a host target. */
export function loginOf(host: {readonly user: string; readonly host: string}): string {
	return `${host.user}@${host.host}`;
}

export function recordSshRun(runId: string, ssh: SshTarget): void {
	const detail: SshRunDetail = {
		hosts: ssh.hosts.map(loginOf),
		port: ssh.port,
		identity: ssh.identity ?? null,
		knownHosts: ssh.knownHosts,
		processes: [],
	};
	details.set(runId, detail);
	recordRun(runId, 'ssh', {}, detail);
}

/** Adds a started process to the run's record (best effort: the run goes on if the folder is gone). */
export function recordSshProcess(runId: string, process: RecordedProcess): void {
	const detail = details.get(runId);
	if (detail === undefined) return;
	const next = {...detail, processes: [...detail.processes, process]};
	details.set(runId, next);
	try {
		updateRunDetail(runId, next);
	} catch {
		// The run's own teardown still stops it; only a later cleanup would not know of it.
	}
}

export function forgetSshDetail(runId: string): void {
	details.delete(runId);
}

function isDetail(value: unknown): value is SshRunDetail {
	const detail = value as Partial<SshRunDetail> | null;
	return (
		typeof detail === 'object' &&
		detail !== null &&
		Array.isArray(detail.hosts) &&
		Number.isInteger(detail.port) &&
		typeof detail.knownHosts === 'string' &&
		Array.isArray(detail.processes) &&
		detail.processes.every(
			(entry) => typeof entry?.host === 'string' && Number.isInteger(entry.pid) && typeof entry.command === 'string',
		)
	);
}

/** Every ssh run recorded here, with its detail (records whose detail cannot be read are left out). */
export function recordedSshRuns(): ReadonlyArray<{readonly record: RunRecord; readonly detail: SshRunDetail}> {
	return recordedRuns('ssh').flatMap((record) => (isDetail(record.detail) ? [{record, detail: record.detail}] : []));
}
