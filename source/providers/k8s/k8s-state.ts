// What the k8s provider holds while it runs: the clients per kubeconfig context and namespace, each run's
// ledger (its pods, deleted at teardown), and which pod each host is.

import {RuntimeError} from '../../domain/errors.js';
import type {ResourceLedger} from '../ledger.js';
import type {Host, ProbeTarget} from '../provider.js';
import {type Kube, openKube} from './kube.js';
import type {PodWait} from './pod-wait.js';

export interface K8sProviderOptions {
	/** How long a pod may stay Pending (other than unschedulable or an image that cannot be pulled), ms. */
	readonly pendingMs?: number;
	/** Between reads of a starting or deleted pod, ms. */
	readonly pollMs?: number;
}

export interface K8sRun {
	readonly kube: Kube;
	readonly ledger: ResourceLedger;
}

export interface K8sState {
	readonly options: Required<K8sProviderOptions>;
	readonly runs: Map<string, K8sRun>;
	/** Host id -> its run and pod. */
	readonly hosts: Map<string, {readonly runId: string; readonly pod: string}>;
	readonly kubes: Map<string, Promise<Kube>>;
	/** Contexts whose RBAC was checked this process (access.ts). */
	readonly checked: Set<string>;
}

export function newK8sState(options: K8sProviderOptions): K8sState {
	return {
		options: {pendingMs: options.pendingMs ?? 180_000, pollMs: options.pollMs ?? 500},
		runs: new Map(),
		hosts: new Map(),
		kubes: new Map(),
		checked: new Set(),
	};
}

/** The clients for the target's context and namespace, opened once. */
export async function kubeFor(state: K8sState, target: Pick<ProbeTarget, 'context' | 'namespace'>): Promise<Kube> {
	const key = `${target.context ?? ''}/${target.namespace ?? ''}`;
	let kube = state.kubes.get(key);
	if (kube === undefined) {
		kube = openKube(target);
		state.kubes.set(key, kube);
		kube.catch(() => state.kubes.delete(key));
	}

	return kube;
}

export function podWait(state: K8sState, signal?: AbortSignal): PodWait {
	return {pendingMs: state.options.pendingMs, pollMs: state.options.pollMs, ...(signal ? {signal} : {})};
}

/** The run and pod a host is. */
export function podOf(state: K8sState, host: Host): {readonly kube: Kube; readonly pod: string} {
	const found = state.hosts.get(host.id);
	const run = found === undefined ? undefined : state.runs.get(found.runId);
	if (found === undefined || run === undefined)
		throw new RuntimeError(`host ${host.name} is no pod of a running probe`);
	return {kube: run.kube, pod: found.pod};
}
