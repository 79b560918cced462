// A cloud run's record on this machine, kept from before its first resource is created until its teardown
// is complete: its id, cloud, scope (region, zone, a cloud's own location: project, compartment; a cluster's context and namespace) and holder (pid, process start
// time, host: the store lock's owner). `cleanup` reads it to know a run is alive (never touched), provably
// dead (its process is gone), and where earlier runs created things (its default search scope).

import {mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {configFolder} from '../../stores/config-folder.js';
import {holderGone, type LockOwner, newOwner} from '../../stores/lock-owner.js';
import {type CloudLocationFieldId, cloudLocationFieldIds} from '../cloud-probe-fields.js';

/** Where a run's resources are: region, zone, a cloud's own location fields, a cluster's context and namespace. */
export type ScopeField = 'region' | 'zone' | CloudLocationFieldId | 'context' | 'namespace';

export type RunScope = Readonly<Partial<Record<ScopeField, string>>>;

export interface RunRecord {
	readonly runId: string;
	readonly provider: string;
	readonly scope: RunScope;
	readonly owner: LockOwner;
	/** What the provider needs to find what the run started, when a cloud's tags cannot (the ssh provider's hosts and processes). */
	readonly detail?: unknown;
}

/** The scope's fields, in the order `cleanup` names them. */
export const scopeFields: readonly ScopeField[] = ['region', 'zone', ...cloudLocationFieldIds, 'context', 'namespace'];

/** The scope fields a target names (where its resources are). */
export function runScope(target: Partial<Record<ScopeField, string | undefined>>): RunScope {
	return Object.fromEntries(scopeFields.flatMap((field) => (target[field] ? [[field, target[field]]] : [])));
}

function runsFolder(): string {
	return join(configFolder(), 'runs');
}

/** Where the run's record is (for a delete command). */
export function recordPath(runId: string): string {
	return join(runsFolder(), `${runId}.json`);
}

/** Written before the run creates anything (a failure to write stops the run there). */
export function recordRun(runId: string, provider: string, scope: RunScope, detail?: unknown): void {
	mkdirSync(runsFolder(), {recursive: true, mode: 0o700});
	const record: RunRecord = {runId, provider, scope, owner: newOwner(), ...(detail === undefined ? {} : {detail})};
	writeRecord(record);
}

/** Whole or not at all: a reader (cleanup) never sees half a record. */
function writeRecord(record: RunRecord): void {
	const path = recordPath(record.runId);
	const next = `${path}.${process.pid}.tmp`;
	writeFileSync(next, `${JSON.stringify(record)}\n`, {mode: 0o600});
	renameSync(next, path);
}

/** Replaces the run's detail (what it started so far); a run not recorded here is left so. */
export function updateRunDetail(runId: string, detail: unknown): void {
	const record = readRecord(recordPath(runId));
	if (record !== null) writeRecord({...record, detail});
}

function readRecord(path: string): RunRecord | null {
	try {
		return parsed(readFileSync(path, 'utf8'));
	} catch {
		return null;
	}
}

/** Removed once teardown is complete (kept when something is left, so cleanup knows the run is dead). */
export function forgetRun(runId: string): void {
	rmSync(recordPath(runId), {force: true});
}

function parsed(text: string): RunRecord | null {
	try {
		const value = JSON.parse(text) as Partial<RunRecord>;
		return typeof value.runId === 'string' && typeof value.provider === 'string' && value.owner && value.scope
			? (value as RunRecord)
			: null;
	} catch {
		return null;
	}
}

/** Every run recorded here for `provider`. */
export function recordedRuns(provider: string): readonly RunRecord[] {
	let names: string[];
	try {
		names = readdirSync(runsFolder()).filter((name) => name.endsWith('.json'));
	} catch {
		return [];
	}

	return names
		.map((name) => readRecord(join(runsFolder(), name)))
		.filter((record): record is RunRecord => record !== null && record.provider === provider);
}

/**
 * Whether the run's process is provably gone: same host and pid not running or reused, or the machine rebooted
 * since. A run from another PID namespace (a container with this host's name) is never provably gone from here.
 */
export function runIsDead(record: RunRecord): boolean {
	return holderGone(runsFolder(), record.owner, 0) && record.owner.host === newOwner().host;
}
