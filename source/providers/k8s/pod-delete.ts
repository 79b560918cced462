// Deleting a probe pod and waiting until the API server no longer has it (a deleted pod lingers while its
// kubelet stops it: terminationGracePeriodSeconds 1). A pod already gone (404 NotFound) is deleted.

import {setTimeout as delay} from 'node:timers/promises';
import {RuntimeError} from '../../domain/errors.js';
import {apiError, apiStatus} from './api-errors.js';
import type {Kube} from './kube.js';

/** What a person runs to delete it by hand. */
export function deleteCommand(kube: Kube, name: string): string {
	return `kubectl --context ${kube.context} -n ${kube.namespace} delete pod ${name}`;
}

async function exists(kube: Kube, name: string): Promise<boolean> {
	try {
		await kube.core.readNamespacedPod({name, namespace: kube.namespace});
		return true;
	} catch (error: unknown) {
		if (apiStatus(error)?.code === 404) return false;
		throw apiError(error, {verb: 'get', resource: 'pods', namespace: kube.namespace});
	}
}

export async function deletePod(kube: Kube, name: string, timeoutMs: number, pollMs = 250): Promise<void> {
	try {
		await kube.core.deleteNamespacedPod({name, namespace: kube.namespace, gracePeriodSeconds: 1});
	} catch (error: unknown) {
		if (apiStatus(error)?.code === 404) return;
		throw apiError(error, {verb: 'delete', resource: 'pods', namespace: kube.namespace});
	}

	const until = Date.now() + timeoutMs;
	while (await exists(kube, name)) {
		if (Date.now() > until) throw new RuntimeError(`pod ${name} is still terminating after ${timeoutMs / 1000} s`);
		await delay(pollMs);
	}
}
