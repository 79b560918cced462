// What crashed runs left on this machine, and deleting it: a run whose owner process is alive is never an
// orphan. Namespaces and delay-line processes are named or tagged for their run; --over-ssh key folders too.

import {rmSync} from 'node:fs';
import {RuntimeError} from '../../domain/errors.js';
import type {LeftResource, Orphan, TeardownReport} from '../provider.js';
import {isRoot, rootProblem} from './capabilities.js';
import {ipCommand, type LabState} from './lab-state.js';
import {parseNamespaceName} from './names.js';
import {
	delayLineProcesses,
	deleteNamespace,
	isOwned,
	killProcess,
	listNamespaces,
	namespaceDeleteCommand,
	removeOwner,
} from './namespaces.js';
import {keyFolders} from './ssh-mode.js';

/** An SSH key folder that names no run counts as left behind once it is this old. */
const unnamedKeyFolderMs = 10 * 60_000;

/** Whether a run prefix has a live owner, each prefix read once per search. */
type OwnerCheck = (prefix: string) => boolean;

function ownerCheck(stateDir: string): OwnerCheck {
	const owned = new Map<string, boolean>();
	return (prefix) => {
		if (!owned.has(prefix)) owned.set(prefix, isOwned(stateDir, prefix));
		return owned.get(prefix) === true;
	};
}

export async function findLabOrphans(state: LabState): Promise<readonly Orphan[]> {
	const owned = ownerCheck(state.stateDir);
	return [...(await namespaceOrphans(owned)), ...delayLineOrphans(owned), ...keyFolderOrphans(owned)];
}

async function namespaceOrphans(owned: OwnerCheck): Promise<Orphan[]> {
	const orphans: Orphan[] = [];
	for (const namespace of await listNamespaces(ipCommand())) {
		const parsed = parseNamespaceName(namespace);
		if (!parsed || owned(parsed.prefix)) continue;
		orphans.push({
			kind: 'namespace',
			id: namespace,
			runId: parsed.prefix,
			deleteCommand: namespaceDeleteCommand(namespace),
		});
	}

	return orphans;
}

function delayLineOrphans(owned: OwnerCheck): Orphan[] {
	return delayLineProcesses()
		.filter(({prefix}) => !owned(prefix))
		.map(({pid, prefix}) => ({kind: 'process', id: String(pid), runId: prefix, deleteCommand: `kill ${pid}`}));
}

/** Private keys of --over-ssh runs. A folder that names no run is left alone while it is young (it may be a run starting right now). */
function keyFolderOrphans(owned: OwnerCheck): Orphan[] {
	return keyFolders()
		.filter((folder) =>
			folder.prefix !== null ? !owned(folder.prefix) : Date.now() - folder.modifiedMs >= unnamedKeyFolderMs,
		)
		.map((folder) => ({
			kind: 'key-folder',
			id: folder.path,
			runId: folder.prefix,
			deleteCommand: `rm -rf ${folder.path}`,
		}));
}

export async function deleteLabOrphans(state: LabState, orphans: readonly Orphan[]): Promise<TeardownReport> {
	if (orphans.length > 0 && !isRoot()) throw new RuntimeError(rootProblem);
	const left: LeftResource[] = [];
	for (const orphan of orphans) {
		try {
			await deleteOrphan(orphan);
			if (orphan.runId) removeOwner(state.stateDir, orphan.runId);
		} catch (error: unknown) {
			left.push({kind: orphan.kind, id: orphan.id, deleteCommand: orphan.deleteCommand, error: String(error)});
		}
	}

	return {complete: left.length === 0, left};
}

/** One orphan; a key folder only if it still is one of ours (the id came from outside this process). */
async function deleteOrphan(orphan: Orphan): Promise<void> {
	if (orphan.kind === 'namespace') {
		await deleteNamespace(ipCommand(), orphan.id);
	} else if (orphan.kind === 'process') {
		killProcess(Number(orphan.id));
	} else if (orphan.kind === 'key-folder' && keyFolders().some((folder) => folder.path === orphan.id)) {
		rmSync(orphan.id, {recursive: true, force: true});
	}
}
