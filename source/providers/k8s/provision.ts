// One k8s run: its record here (so cleanup knows it is alive), the receiver's and the sender's pods created
// (each in the run's ledger before it is asked for, so teardown deletes it even when the create's answer was
// lost), both waited for, and the pair handed to the probe engine: the receiver's pod IP is where the sender
// reaches it (on the host network, the node's own address).

import {hostname} from 'node:os';
import type {V1Pod} from '@kubernetes/client-node';
import {RuntimeError} from '../../domain/errors.js';
import {newOwner} from '../../stores/lock-owner.js';
import {forgetRun, recordRun} from '../cloud/run-record.js';
import {ResourceLedger} from '../ledger.js';
import type {HostPair, ProbeTarget, ProvisionOptions, TeardownReport} from '../provider.js';
import {publishedOf} from '../ssh/catalogue-published.js';
import {called} from './api-errors.js';
import {listClusterNodes, nodeText, pairShape} from './cluster-nodes.js';
import {cniNote} from './cni.js';
import {defaultK8sImage} from './facts.js';
import {type K8sState, kubeFor, podWait} from './k8s-state.js';
import type {Kube} from './kube.js';
import {type NodePair, pickPairs} from './node-pairs.js';
import {deleteCommand, deletePod} from './pod-delete.js';
import {type PodRole, podManifest, podName} from './pod-spec.js';
import {waitRunning} from './pod-wait.js';
import {checkedAccess} from './run-targets.js';

/** What the kubelet lets a pod run beyond the probe's hold time, seconds (start, teardown). */
const deadlineMarginSeconds = 600;

interface Creating {
	readonly kube: Kube;
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly target: ProbeTarget;
	readonly deadlineSeconds: number;
	readonly options: ProvisionOptions;
}

async function createPod(creating: Creating, role: PodRole, node: string): Promise<string> {
	const {kube, runId, target} = creating;
	const name = podName(runId, role);
	const network = target.k8s?.network === 'host' ? 'host' : 'pod';
	const expiresAt = new Date(Date.now() + creating.deadlineSeconds * 1000).toISOString();
	const owner = newOwner();
	const body = podManifest({
		runId,
		role,
		node,
		network,
		image: target.k8s?.image ?? defaultK8sImage,
		deadlineSeconds: creating.deadlineSeconds,
		expiresAt,
		owner: `${hostname()} pid ${owner.pid}`,
	});
	creating.ledger.record({
		kind: 'pod',
		id: `${kube.namespace}/${name}`,
		deleteCommand: deleteCommand(kube, name),
		remove: async () => deletePod(kube, name, 60_000),
	});
	await called({verb: 'create', resource: 'pods', namespace: kube.namespace}, async () =>
		kube.core.createNamespacedPod({namespace: kube.namespace, body}),
	);
	creating.options.onEvent?.({type: 'resource-created', kind: 'pod', id: `${name} on ${node}`});
	return name;
}

/** The explicit pair the target names (runTargets resolved `auto`; a caller that did not gets the first pair). */
async function pairOf(kube: Kube, target: ProbeTarget): Promise<NodePair> {
	const nodes = await listClusterNodes(kube);
	const [pair] = pickPairs(nodes, target.k8s ?? {nodes: 'auto'});
	if (pair === undefined) throw new RuntimeError('no node pair to probe');
	return pair;
}

function hostOf(runId: string, pod: V1Pod, node: string, network: string) {
	return {
		id: `${runId}/${pod.metadata?.name ?? ''}`,
		name: `${node} (${network} network)`,
		address: pod.status?.podIP ?? '',
	};
}

export async function provisionK8s(
	state: K8sState,
	target: ProbeTarget,
	runId: string,
	options: ProvisionOptions = {},
): Promise<readonly HostPair[]> {
	if (state.runs.has(runId)) throw new RuntimeError(`run ${runId} is already provisioned`);
	const kube = await kubeFor(state, target);
	await checkedAccess(kube, state.checked);
	const pair = await pairOf(kube, target);
	const ledger = new ResourceLedger();
	state.runs.set(runId, {kube, ledger});
	recordRun(runId, 'k8s', {context: kube.context, namespace: kube.namespace});
	const creating: Creating = {
		kube,
		runId,
		ledger,
		target,
		options,
		deadlineSeconds: Math.ceil((options.holdSeconds ?? 600) + deadlineMarginSeconds),
	};
	const receiver = await createPod(creating, 'receiver', pair.receiver.name);
	const sender = await createPod(creating, 'sender', pair.sender.name);
	options.onEvent?.({type: 'waiting', what: `pods ${receiver} and ${sender} to run`});
	const wait = podWait(state, options.signal);
	const [server, client] = await Promise.all([
		waitRunning(kube, receiver, pair.receiver.name, wait),
		waitRunning(kube, sender, pair.sender.name, wait),
	]);
	const network = target.k8s?.network === 'host' ? 'host' : 'pod';
	for (const name of [receiver, sender]) state.hosts.set(`${runId}/${name}`, {runId, pod: name});
	return [
		{
			placement: 'default',
			server: hostOf(runId, server, pair.receiver.name, network),
			client: hostOf(runId, client, pair.sender.name, network),
			published: publishedOf(target),
			notes: [
				`${nodeText(pair.sender)} -> ${nodeText(pair.receiver)}, ${pair.path ?? 'zone unknown'}, ${network} network`,
				...(target.k8s?.cni === undefined ? [] : [cniNote(target.k8s.cni)]),
				...pairShape(pair).notes,
			],
		},
	];
}

export async function teardownK8s(state: K8sState, runId: string): Promise<TeardownReport> {
	const run = state.runs.get(runId);
	if (run === undefined) return {complete: true, left: []};
	const report = await run.ledger.teardown();
	for (const [id, host] of state.hosts) if (host.runId === runId) state.hosts.delete(id);
	state.runs.delete(runId);
	if (report.complete) forgetRun(runId);
	return report;
}
