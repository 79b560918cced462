// The documented objects the stand-in answers with (Kubernetes API reference, core/v1): Status for every
// refusal (reason Forbidden 403, NotFound 404, Unauthorized 401), Node with the well-known zone and instance
// type labels and spec.providerID, Event (type Warning, reason FailedScheduling or Failed), and the exec
// Status of the v4 channel protocol (Success, or Failure reason NonZeroExitCode with an ExitCode cause).

export interface StandInNode {
	readonly name: string;
	readonly zone: string;
	readonly instanceType: string;
	/** status.capacity.cpu, e.g. `2`. */
	readonly cpus: string;
	/** `aws:///zone/i-…` as EKS writes it, an `ocid1.instance.…` as OKE does: the cloud. */
	readonly providerId: string;
	/** The lab namespace that is this node, and its address on the lab link. */
	readonly namespace: string;
	readonly address: string;
	/** The other node of its lab pair (pod routes go there). */
	readonly peer: string;
	/** A scheduler message: pods for this node stay Pending, Unschedulable. */
	readonly unschedulable?: string;
}

/** A c5.xlarge node that is no lab namespace (`none-NAME`): for tests where the stand-in's pods never start. */
export function paperNode(name: string, zone: string, extra: Partial<StandInNode> = {}): StandInNode {
	return {
		name,
		zone,
		instanceType: 'c5.xlarge',
		cpus: '4',
		providerId: `aws:///${zone}/i-0${name}`,
		namespace: `none-${name}`,
		address: '192.0.2.1',
		peer: name,
		...extra,
	};
}

export function status(code: number, reason: string, message: string, details: Record<string, string> = {}) {
	return {kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code};
}

export function forbidden(user: string, verb: string, resource: string, namespace: string | null, group = '') {
	const where = namespace === null ? 'at the cluster scope' : `in the namespace "${namespace}"`;
	const [kind, sub] = resource.split('/');
	const what = sub === undefined ? `resource "${kind}"` : `resource "${kind}/${sub}"`;
	return status(
		403,
		'Forbidden',
		`${kind} is forbidden: User "${user}" cannot ${verb} ${what} in API group "${group}" ${where}`,
		{
			kind: kind ?? '',
		},
	);
}

export function nodeObject(node: StandInNode) {
	return {
		apiVersion: 'v1',
		kind: 'Node',
		metadata: {
			name: node.name,
			labels: {
				'kubernetes.io/hostname': node.name,
				'topology.kubernetes.io/zone': node.zone,
				'node.kubernetes.io/instance-type': node.instanceType,
			},
		},
		spec: {providerID: node.providerId},
		status: {
			conditions: [{type: 'Ready', status: 'True', reason: 'KubeletReady'}],
			capacity: {cpu: node.cpus, memory: '16Gi', pods: '110'},
			addresses: [{type: 'InternalIP', address: node.address}],
		},
	};
}

export function eventObject(pod: string, namespace: string, reason: string, message: string, serial: number) {
	const now = new Date().toISOString();
	return {
		apiVersion: 'v1',
		kind: 'Event',
		metadata: {name: `${pod}.${serial.toString(16)}`, namespace, creationTimestamp: now},
		involvedObject: {kind: 'Pod', name: pod, namespace, apiVersion: 'v1'},
		reason,
		message,
		type: 'Warning',
		firstTimestamp: now,
		lastTimestamp: now,
		count: 1,
		source: {component: reason === 'FailedScheduling' ? 'default-scheduler' : 'kubelet'},
	};
}

export function execStatus(code: number | null, argv: readonly string[]) {
	if (code === 0) return {metadata: {}, status: 'Success'};
	const exit = code ?? 137;
	return {
		metadata: {},
		status: 'Failure',
		message: `command terminated with non-zero exit code: error executing command [${argv.join(' ')}], exit code ${exit}`,
		reason: 'NonZeroExitCode',
		details: {causes: [{reason: 'ExitCode', message: String(exit)}]},
	};
}

/** A DaemonSet the cluster runs (a CNI's agent, e.g. kube-system/aws-node with its image). */
export interface StandInDaemonSet {
	readonly namespace: string;
	readonly name: string;
	readonly image: string;
}

/** apps/v1 DaemonSet, as `kubectl get ds -n kube-system -o json` lists it (the fields a reader looks at). */
export function daemonSetObject(daemonSet: StandInDaemonSet, nodes: number) {
	const labels = {'k8s-app': daemonSet.name};
	return {
		apiVersion: 'apps/v1',
		kind: 'DaemonSet',
		metadata: {name: daemonSet.name, namespace: daemonSet.namespace, labels, uid: `uid-ds-${daemonSet.name}`},
		spec: {
			selector: {matchLabels: labels},
			template: {
				metadata: {labels},
				spec: {hostNetwork: true, containers: [{name: daemonSet.name, image: daemonSet.image}]},
			},
		},
		status: {
			currentNumberScheduled: nodes,
			desiredNumberScheduled: nodes,
			numberMisscheduled: 0,
			numberReady: nodes,
		},
	};
}
