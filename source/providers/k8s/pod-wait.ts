// Waiting for a probe pod to run, and saying why it does not. Read from the pod's status (Pod v1: phase,
// conditions, containerStatuses[].state.waiting.reason such as ErrImagePull, ImagePullBackOff,
// InvalidImageName, CreateContainerConfigError) and its events (Event v1 / core: reason, message, type; the
// scheduler's FailedScheduling says why a pod cannot be placed). A pod that cannot be placed on its node, or
// whose image cannot be pulled, is refused at once: it will not start by waiting.

import {setTimeout as delay} from 'node:timers/promises';
import type {CoreV1Event, V1Pod} from '@kubernetes/client-node';
import {RuntimeError} from '../../domain/errors.js';
import {printable} from '../../domain/printable.js';
import {called} from './api-errors.js';
import type {Kube} from './kube.js';

/** Container waiting reasons that do not go away by waiting (Pod v1, ContainerStateWaiting.reason). */
const imageReasons = ['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull'];
const brokenReasons = ['CreateContainerConfigError', 'CreateContainerError', 'CrashLoopBackOff', 'RunContainerError'];

export interface PodWait {
	readonly signal?: AbortSignal;
	/** How long a pod may stay Pending for other reasons (pulling a large image, a slow node), ms. */
	readonly pendingMs: number;
	/** Between reads, ms. */
	readonly pollMs: number;
}

/** The newest Warning event about the pod, as `Reason: message`, or null. */
async function warningOf(kube: Kube, name: string): Promise<string | null> {
	let events: CoreV1Event[];
	try {
		const list = await kube.core.listNamespacedEvent({
			namespace: kube.namespace,
			fieldSelector: `involvedObject.kind=Pod,involvedObject.name=${name}`,
		});
		events = list.items;
	} catch {
		return null;
	}

	const warnings = events.filter((event) => event.type === 'Warning');
	const newest = warnings.sort((a, b) => timeOf(b) - timeOf(a))[0];
	return newest === undefined ? null : printable(`${newest.reason ?? 'Warning'}: ${newest.message ?? ''}`.trim());
}

function timeOf(event: CoreV1Event): number {
	const when = event.lastTimestamp ?? event.eventTime ?? event.metadata?.creationTimestamp;
	return when === undefined ? 0 : new Date(when).getTime();
}

/** Why the pod will not run by waiting longer, or null while it may still start. */
function stuck(pod: V1Pod): {reason: string; message: string; image: boolean} | null {
	for (const status of pod.status?.containerStatuses ?? []) {
		const waiting = status.state?.waiting;
		if (waiting?.reason !== undefined && [...imageReasons, ...brokenReasons].includes(waiting.reason)) {
			return {reason: waiting.reason, message: waiting.message ?? '', image: imageReasons.includes(waiting.reason)};
		}

		const terminated = status.state?.terminated;
		if (terminated) return {reason: terminated.reason ?? 'Terminated', message: terminated.message ?? '', image: false};
	}

	const scheduled = pod.status?.conditions?.find((condition) => condition.type === 'PodScheduled');
	if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') {
		return {reason: 'Unschedulable', message: scheduled.message ?? '', image: false};
	}

	if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') {
		return {reason: pod.status.reason ?? pod.status.phase, message: pod.status.message ?? '', image: false};
	}

	return null;
}

function running(pod: V1Pod): boolean {
	return (
		pod.status?.phase === 'Running' &&
		(pod.status.containerStatuses ?? []).every((status) => status.ready === true) &&
		pod.status.podIP !== undefined
	);
}

async function refusal(kube: Kube, pod: V1Pod, why: NonNullable<ReturnType<typeof stuck>>, node: string) {
	const name = pod.metadata?.name ?? '';
	const event = await warningOf(kube, name);
	if (why.image) {
		const image = pod.spec?.containers[0]?.image ?? '';
		return new RuntimeError(
			`pod ${name}: image ${printable(image)} cannot be pulled (${why.reason}${event === null ? '' : `; ${event}`})`,
			'name one your nodes can pull with --image (a registry mirror for air-gapped clusters)',
		);
	}

	const said = event ?? printable(`${why.reason}: ${why.message}`);
	return new RuntimeError(`pod ${name} cannot run on node ${node}: ${said}`);
}

/** Reads the pod until it runs; a pod that will not is refused with why (its events'), after `pendingMs` at most. */
export async function waitRunning(kube: Kube, name: string, node: string, wait: PodWait): Promise<V1Pod> {
	const started = Date.now();
	for (;;) {
		wait.signal?.throwIfAborted();
		const pod = await called({verb: 'get', resource: 'pods', namespace: kube.namespace}, async () =>
			kube.core.readNamespacedPod({name, namespace: kube.namespace}),
		);
		if (running(pod)) return pod;
		const why = stuck(pod);
		if (why !== null) throw await refusal(kube, pod, why, node);
		if (Date.now() - started > wait.pendingMs) {
			const event = await warningOf(kube, name);
			const phase = pod.status?.phase ?? 'Pending';
			throw new RuntimeError(
				`pod ${name} stayed ${phase} on node ${node} for ${Math.round(wait.pendingMs / 1000)} s${event === null ? ' (no warning events)' : `: ${event}`}`,
			);
		}

		await delay(wait.pollMs, undefined, wait.signal ? {signal: wait.signal} : {});
	}
}
