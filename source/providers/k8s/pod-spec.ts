// The probe's pods, as the API takes them (Kubernetes API reference, Pod v1). Pure.
// Each is labelled as netplace's (`app.kubernetes.io/managed-by: netplace`, the run id, its role) so cleanup
// finds it, and annotated with its expiry and owner (host, pid) so cleanup never deletes a live run's pods.
// It is pinned to its node by node affinity on the node's name (`matchFields metadata.name`, as DaemonSet pods
// are), so the scheduler still checks it fits and says why when it does not (a FailedScheduling event), and
// `activeDeadlineSeconds` makes the kubelet stop it by itself if netplace dies before deleting it. Its main
// process only waits (`sleep`): iperf3 and the readings run through exec.

import type {K8sNetwork} from '../provider.js';

export const managedByLabel = 'app.kubernetes.io/managed-by';
export const runLabel = 'netplace.io/run';
export const roleLabel = 'netplace.io/role';
export const expiresAnnotation = 'netplace.io/expires';
export const ownerAnnotation = 'netplace.io/owner';
/** The one container of a probe pod. */
export const containerName = 'probe';

export type PodRole = 'sender' | 'receiver';

/** The selector that finds every netplace pod (cleanup), or one run's. */
export function podSelector(runId?: string): string {
	return `${managedByLabel}=netplace${runId === undefined ? '' : `,${runLabel}=${runId}`}`;
}

/** `np-…-snd`, `np-…-rcv`: run ids are lower case, digits and `-`, so the name is a valid pod name. */
export function podName(runId: string, role: PodRole): string {
	return `${runId}-${role === 'sender' ? 'snd' : 'rcv'}`;
}

export interface PodRequest {
	readonly runId: string;
	readonly role: PodRole;
	readonly node: string;
	readonly network: Exclude<K8sNetwork, 'both'>;
	readonly image: string;
	/** Seconds the kubelet lets it run before stopping it (the hold time and a margin). */
	readonly deadlineSeconds: number;
	readonly expiresAt: string;
	/** `host pid start` of the netplace process that owns it. */
	readonly owner: string;
}

export function podManifest(request: PodRequest) {
	return {
		apiVersion: 'v1',
		kind: 'Pod',
		metadata: {
			name: podName(request.runId, request.role),
			labels: {[managedByLabel]: 'netplace', [runLabel]: request.runId, [roleLabel]: request.role},
			annotations: {[expiresAnnotation]: request.expiresAt, [ownerAnnotation]: request.owner},
		},
		spec: {
			affinity: {
				nodeAffinity: {
					requiredDuringSchedulingIgnoredDuringExecution: {
						nodeSelectorTerms: [{matchFields: [{key: 'metadata.name', operator: 'In', values: [request.node]}]}],
					},
				},
			},
			hostNetwork: request.network === 'host',
			restartPolicy: 'Never',
			activeDeadlineSeconds: request.deadlineSeconds,
			terminationGracePeriodSeconds: 1,
			automountServiceAccountToken: false,
			containers: [
				{
					name: containerName,
					image: request.image,
					command: ['sleep', String(request.deadlineSeconds)],
					resources: {requests: {cpu: '100m', memory: '64Mi'}},
				},
			],
		},
	};
}
