// For tests of a crashed run: its record (written by the provider) rewritten with a pid that has exited, as
// a run whose process died leaves it, so cleanup may delete what it left.
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {RunRecord} from '../../../source/providers/cloud/run-record.js';
import {configFolder} from '../../../source/stores/config-folder.js';

/** A pid that has certainly exited (a child that ran and was reaped). */
export function deadPid(): number {
	return spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
}

export function markRunDead(runId: string): void {
	const path = join(configFolder(), 'runs', `${runId}.json`);
	const record = JSON.parse(readFileSync(path, 'utf8')) as RunRecord;
	writeFileSync(path, JSON.stringify({...record, owner: {...record.owner, pid: deadPid()}}));
}
