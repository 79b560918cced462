// Tearing down a lab run: its ledger in reverse, then any namespace named for the run that the ledger did not
// know about; the owner file goes last, and only when nothing was left. Never throws: what could not go is
// reported with the command that deletes it.

import type {LeftResource, TeardownReport} from '../provider.js';
import {ipCommand, type LabState} from './lab-state.js';
import {labRunPrefix, parseNamespaceName} from './names.js';
import {deleteNamespace, listNamespaces, namespaceDeleteCommand, removeOwner} from './namespaces.js';

export async function teardownLab(state: LabState, runId: string): Promise<TeardownReport> {
	const left: LeftResource[] = [];
	try {
		const ledger = state.runs.get(runId);
		if (ledger) left.push(...(await ledger.teardown()).left);
		state.runs.delete(runId);
		const prefix = labRunPrefix(runId);
		forgetHosts(state, runId);
		left.push(...(await sweepNamespaces(prefix)));
		if (left.length === 0) removeOwner(state.stateDir, prefix);
	} catch (error: unknown) {
		left.push({kind: 'run', id: runId, deleteCommand: 'netplace cleanup --provider lab --yes', error: String(error)});
	}

	return {complete: left.length === 0, left};
}

function forgetHosts(state: LabState, runId: string): void {
	for (const [id, runtime] of state.hosts) if (runtime.runId === runId) state.hosts.delete(id);
}

/** Belt and braces: anything named for this run that the ledger did not know about. */
async function sweepNamespaces(prefix: string): Promise<LeftResource[]> {
	const left: LeftResource[] = [];
	for (const namespace of await listNamespaces(ipCommand())) {
		if (parseNamespaceName(namespace)?.prefix !== prefix) continue;
		try {
			await deleteNamespace(ipCommand(), namespace);
		} catch (error: unknown) {
			left.push({
				kind: 'namespace',
				id: namespace,
				deleteCommand: namespaceDeleteCommand(namespace),
				error: String(error),
			});
		}
	}

	return left;
}
