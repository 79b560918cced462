// `netplace cleanup --provider k8s`: netplace's pods in the namespace (by their managed-by label), each with
// its run and expiry; a run recorded here and still running is kept, as is one not known here whose pods have
// not expired (it may run on another machine): cloud/orphan-triage.ts decides, as for the clouds.

import type {V1Pod} from '@kubernetes/client-node';
import {triageOrphans} from '../cloud/orphan-triage.js';
import {recordedRuns, runIsDead} from '../cloud/run-record.js';
import type {Orphan, ProbeTarget, TeardownReport} from '../provider.js';
import {called} from './api-errors.js';
import {type K8sState, kubeFor} from './k8s-state.js';
import type {Kube} from './kube.js';
import {deleteCommand, deletePod} from './pod-delete.js';
import {expiresAnnotation, podSelector, runLabel} from './pod-spec.js';

function orphanOf(kube: Kube, pod: V1Pod): Orphan {
	const name = pod.metadata?.name ?? '';
	return {
		kind: 'pod',
		id: name,
		runId: pod.metadata?.labels?.[runLabel] ?? null,
		region: `${kube.context}/${kube.namespace}`,
		deleteCommand: deleteCommand(kube, name),
		expiresAt: pod.metadata?.annotations?.[expiresAnnotation] ?? null,
	};
}

export async function findK8sOrphans(state: K8sState, scope: Partial<ProbeTarget> = {}): Promise<Orphan[]> {
	const kube = await kubeFor(state, scope);
	const list = await called({verb: 'list', resource: 'pods', namespace: kube.namespace}, async () =>
		kube.core.listNamespacedPod({namespace: kube.namespace, labelSelector: podSelector()}),
	);
	const found = list.items.map((pod) => orphanOf(kube, pod));
	return triageOrphans(found, recordedRuns('k8s'), runIsDead);
}

/** The orphan's context and namespace, from where it was found (`context/namespace`). */
function scopeOf(orphan: Orphan): Partial<ProbeTarget> {
	const where = orphan.region ?? '';
	const slash = where.lastIndexOf('/');
	return slash === -1 ? {} : {context: where.slice(0, slash), namespace: where.slice(slash + 1)};
}

export async function deleteK8sOrphans(state: K8sState, orphans: readonly Orphan[]): Promise<TeardownReport> {
	const left: TeardownReport['left'][number][] = [];
	for (const orphan of orphans) {
		try {
			await deletePod(await kubeFor(state, scopeOf(orphan)), orphan.id, 60_000);
		} catch (error: unknown) {
			const text = error instanceof Error ? error.message : String(error);
			left.push({kind: orphan.kind, id: orphan.id, deleteCommand: orphan.deleteCommand, error: text});
		}
	}

	return {complete: left.length === 0, left};
}
