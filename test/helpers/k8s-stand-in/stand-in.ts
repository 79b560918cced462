// A Kubernetes API server stand-in at the HTTP level client-node talks to (a kubeconfig points at it): nodes,
// pods, events, SelfSubjectAccessReview and exec (a WebSocket, v4.channel.k8s.io). Its nodes are the lab's
// namespaces; a host-network pod runs its commands in its node's namespace, a pod-network pod in a namespace of
// its own behind a shaped hop (pod-network.ts), so iperf3 between pods is real traffic through the lab's caps.
// RBAC refusals, unschedulable nodes and images that cannot be pulled answer as the real server does.

import {type ChildProcess, spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import type {Duplex} from 'node:stream';
import {
	daemonSetObject,
	eventObject,
	execStatus,
	forbidden,
	nodeObject,
	type StandInDaemonSet,
	type StandInNode,
	status,
} from './api-objects.js';
import {addPodLink, type PodLink, removePodLink} from './pod-network.js';
import {acceptUpgrade, channel, channelFrame, closeFrame, isClose} from './ws-frames.js';

export type {StandInNode} from './api-objects.js';

export interface StandInOptions {
	readonly nodes: readonly StandInNode[];
	/** `verb resource` pairs RBAC refuses, e.g. `create pods`, `create pods/exec`, `create selfsubjectaccessreviews`. */
	readonly forbidden?: readonly string[];
	/** Images the nodes can pull (default: every image). */
	readonly pullable?: (image: string) => boolean;
	/** The pod network's extra hop, Gbit/s (null: unshaped). */
	readonly podHopGbps?: number | null;
	/** The DaemonSets `list daemonsets` answers with (apps/v1), per namespace; default none. */
	readonly daemonSets?: readonly StandInDaemonSet[];
}

/** The parts of a Pod the stand-in reads (the rest is kept as sent). */
interface PodBody {
	metadata: {name: string; labels?: Record<string, string>; [key: string]: unknown};
	spec: {
		hostNetwork?: boolean;
		containers: Array<{name: string; image: string}>;
		affinity?: {
			nodeAffinity?: {
				requiredDuringSchedulingIgnoredDuringExecution?: {
					nodeSelectorTerms?: Array<{matchFields?: Array<{values?: string[]}>}>;
				};
			};
		};
	};
}

interface ReviewBody {
	spec?: {resourceAttributes?: {verb?: string; resource?: string; subresource?: string}};
}

interface PodRecord {
	readonly body: PodBody;
	readonly node: StandInNode | undefined;
	phase: 'Pending' | 'Running';
	ip: string | null;
	netns: string | null;
	link: PodLink | null;
	readonly processes: Set<ChildProcess>;
	conditions: object[];
	waiting: {reason: string; message: string} | null;
}

const user = 'netplace-test';
const token = 'stand-in-token';

export class KubeStandIn {
	readonly pods = new Map<string, PodRecord>();
	readonly events: Array<ReturnType<typeof eventObject>> = [];
	/** Every request, `METHOD path`, in order. */
	readonly calls: string[] = [];
	private readonly server: Server;
	private podSerial = 0;

	constructor(private readonly options: StandInOptions) {
		this.server = createServer((request, response) => {
			this.answer(request, response).catch((error: unknown) =>
				this.send(response, 500, status(500, 'InternalError', String(error))),
			);
		});
		this.server.on('upgrade', (request, socket) => this.exec(request, socket));
	}

	async listen(): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return this.url;
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	/** A kubeconfig in `folder` pointing at the stand-in (a token user, context `stand-in`, namespace `probe`). */
	kubeconfig(folder: string, namespace = 'probe'): string {
		const path = join(folder, 'kubeconfig');
		const text = [
			'apiVersion: v1',
			'kind: Config',
			'clusters:',
			`- name: stand-in\n  cluster:\n    server: ${this.url}\n    insecure-skip-tls-verify: true`,
			'users:',
			`- name: ${user}\n  user:\n    token: ${token}`,
			'contexts:',
			`- name: stand-in\n  context:\n    cluster: stand-in\n    user: ${user}\n    namespace: ${namespace}`,
			'current-context: stand-in',
			'',
		].join('\n');
		writeFileSync(path, text, {mode: 0o600});
		return path;
	}

	async close(): Promise<void> {
		for (const name of [...this.pods.keys()]) await this.remove(name);
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private send(response: ServerResponse, code: number, body: unknown): void {
		response.writeHead(code, {'content-type': 'application/json'});
		response.end(JSON.stringify(body));
	}

	private refused(verb: string, resource: string): boolean {
		return (this.options.forbidden ?? []).includes(`${verb} ${resource}`);
	}

	private async body(request: IncomingMessage): Promise<unknown> {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
	}

	private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(request.url ?? '/', this.url);
		const method = request.method ?? 'GET';
		this.calls.push(`${method} ${url.pathname}`);
		if (request.headers.authorization !== `Bearer ${token}`) {
			this.send(response, 401, status(401, 'Unauthorized', 'Unauthorized'));
			return;
		}

		const daemonSets = /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/daemonsets$/.exec(url.pathname);
		if (daemonSets !== null) return this.listDaemonSets(daemonSets[1] ?? '', response);
		const pods = /^\/api\/v1\/namespaces\/([^/]+)\/(pods|events)(?:\/([^/]+))?$/.exec(url.pathname);
		const verb = {GET: pods?.[3] === undefined ? 'list' : 'get', POST: 'create', DELETE: 'delete'}[method] ?? 'get';
		const resource =
			url.pathname === '/api/v1/nodes'
				? 'nodes'
				: url.pathname.endsWith('selfsubjectaccessreviews')
					? 'selfsubjectaccessreviews'
					: (pods?.[2] ?? '');
		if (this.refused(verb, resource)) {
			this.send(response, 403, forbidden(user, verb, resource, pods?.[1] ?? null));
			return;
		}

		if (resource === 'selfsubjectaccessreviews') return this.review((await this.body(request)) as ReviewBody, response);
		if (resource === 'nodes')
			return this.send(response, 200, {kind: 'NodeList', apiVersion: 'v1', items: this.options.nodes.map(nodeObject)});
		if (pods?.[2] === 'events') return this.listEvents(url, response);
		if (pods === null)
			return this.send(response, 404, status(404, 'NotFound', `the server could not find ${url.pathname}`));
		const [, namespace = '', , name] = pods;
		if (method === 'POST') return this.create(namespace, (await this.body(request)) as PodBody, response);
		if (method === 'GET' && name === undefined) return this.listPods(url, response);
		const pod = name === undefined ? undefined : this.pods.get(name);
		if (pod === undefined)
			return this.send(
				response,
				404,
				status(404, 'NotFound', `pods "${name}" not found`, {name: name ?? '', kind: 'pods'}),
			);
		if (method === 'DELETE') {
			const object = this.podObject(pod);
			await this.remove(name ?? '');
			return this.send(response, 200, object);
		}

		this.send(response, 200, this.podObject(pod));
	}

	private review(body: ReviewBody, response: ServerResponse): void {
		const attributes = body.spec?.resourceAttributes ?? {};
		const resource = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
		const allowed = !this.refused(attributes.verb ?? '', resource ?? '');
		this.send(response, 201, {...body, status: {allowed, ...(allowed ? {} : {reason: ''})}});
	}

	/** `GET /apis/apps/v1/namespaces/NS/daemonsets` (apps/v1 DaemonSetList), refused as RBAC says. */
	private listDaemonSets(namespace: string, response: ServerResponse): void {
		if (this.refused('list', 'daemonsets')) {
			this.send(response, 403, forbidden(user, 'list', 'daemonsets', namespace, 'apps'));
			return;
		}

		const count = this.options.nodes.length;
		const items = (this.options.daemonSets ?? [])
			.filter((each) => each.namespace === namespace)
			.map((each) => daemonSetObject(each, count));
		this.send(response, 200, {kind: 'DaemonSetList', apiVersion: 'apps/v1', metadata: {}, items});
	}

	private listEvents(url: URL, response: ServerResponse): void {
		const name = /involvedObject\.name=([^,]+)/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1];
		const items = this.events.filter((event) => name === undefined || event.involvedObject.name === name);
		this.send(response, 200, {kind: 'EventList', apiVersion: 'v1', items});
	}

	private listPods(url: URL, response: ServerResponse): void {
		const selector = (url.searchParams.get('labelSelector') ?? '').split(',').filter(Boolean);
		const items = [...this.pods.values()]
			.filter((pod) =>
				selector.every((term) => {
					const [key = '', value] = term.split('=');
					return pod.body.metadata?.labels?.[key] === value;
				}),
			)
			.map((pod) => this.podObject(pod));
		this.send(response, 200, {kind: 'PodList', apiVersion: 'v1', items});
	}

	private podObject(pod: PodRecord): object {
		const ready = pod.phase === 'Running';
		const state =
			pod.waiting === null
				? ready
					? {running: {startedAt: new Date().toISOString()}}
					: {waiting: {reason: 'ContainerCreating'}}
				: {waiting: pod.waiting};
		return {
			...pod.body,
			status: {
				phase: pod.phase,
				conditions: pod.conditions,
				...(pod.ip === null ? {} : {podIP: pod.ip, hostIP: pod.node?.address}),
				containerStatuses: [
					{
						name: pod.body.spec.containers[0]?.name,
						image: pod.body.spec.containers[0]?.image,
						ready,
						restartCount: 0,
						state,
					},
				],
			},
		};
	}

	private event(pod: string, namespace: string, reason: string, message: string): void {
		this.events.push(eventObject(pod, namespace, reason, message, this.events.length + 1));
	}

	private create(namespace: string, body: PodBody, response: ServerResponse): void {
		const name = body.metadata.name;
		if (this.pods.has(name)) {
			this.send(response, 409, status(409, 'AlreadyExists', `pods "${name}" already exists`));
			return;
		}

		const wanted =
			body.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]
				?.matchFields?.[0]?.values?.[0];
		const node = this.options.nodes.find((each) => each.name === wanted);
		body.metadata = {...body.metadata, namespace, uid: `uid-${name}`, creationTimestamp: new Date().toISOString()};
		const pod: PodRecord = {
			body,
			node,
			phase: 'Pending',
			ip: null,
			netns: null,
			link: null,
			processes: new Set(),
			conditions: [],
			waiting: null,
		};
		this.pods.set(name, pod);
		const count = this.options.nodes.length;
		const unschedulable =
			node === undefined
				? `0/${count} nodes are available: ${count} node(s) didn't match Pod's node affinity/selector. preemption: 0/${count} nodes are available: ${count} Preemption is not helpful for scheduling.`
				: node.unschedulable;
		if (unschedulable !== undefined) {
			pod.conditions = [{type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: unschedulable}];
			this.event(name, namespace, 'FailedScheduling', unschedulable);
		} else if (!(this.options.pullable ?? (() => true))(body.spec.containers[0]?.image ?? '')) {
			const image = body.spec.containers[0]?.image ?? '';
			const why = `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/${image}": not found`;
			pod.conditions = [{type: 'PodScheduled', status: 'True'}];
			pod.waiting = {reason: 'ErrImagePull', message: why};
			this.event(name, namespace, 'Failed', `Failed to pull image "${image}": ${why}`);
		} else {
			// A node the stand-in cannot set a pod up on fails the container, as a kubelet's CNI error does.
			this.start(name, pod).catch((error: unknown) => {
				pod.waiting = {reason: 'CreateContainerError', message: String(error)};
			});
		}

		this.send(response, 201, this.podObject(pod));
	}

	private async start(name: string, pod: PodRecord): Promise<void> {
		const node = pod.node!;
		pod.conditions = [{type: 'PodScheduled', status: 'True'}];
		if (pod.body.spec.hostNetwork === true) {
			pod.netns = node.namespace;
			pod.ip = node.address;
		} else {
			const peer = this.options.nodes.find((each) => each.name === node.peer)!;
			const serial = ++this.podSerial;
			const link: PodLink = {
				podNamespace: `${node.namespace}-p${serial}`,
				nodeNamespace: node.namespace,
				nodeSide: `vp${serial}`,
				podAddress: `10.244.${serial >> 8}.${serial & 0xff}`,
				peerNamespace: peer.namespace,
				nodeAddress: node.address,
			};
			pod.link = link;
			await addPodLink(link, this.options.podHopGbps ?? null);
			pod.netns = link.podNamespace;
			pod.ip = link.podAddress;
		}

		if (this.pods.get(name) === pod) pod.phase = 'Running';
	}

	private async remove(name: string): Promise<void> {
		const pod = this.pods.get(name);
		if (pod === undefined) return;
		this.pods.delete(name);
		for (const child of pod.processes) child.kill('SIGKILL');
		if (pod.link !== null) await removePodLink(pod.link);
	}

	/** `GET …/pods/NAME/exec?command=…` upgraded: the command runs in the pod's namespace, its output on channels. */
	private exec(request: IncomingMessage, socket: Duplex): void {
		const url = new URL(request.url ?? '/', this.url);
		const match = /^\/api\/v1\/namespaces\/[^/]+\/pods\/([^/]+)\/exec$/.exec(url.pathname);
		this.calls.push(`EXEC ${url.pathname}`);
		const pod = match?.[1] === undefined ? undefined : this.pods.get(match[1]);
		const denied = this.refused('create', 'pods/exec');
		if (pod === undefined || pod.phase !== 'Running' || denied || !acceptUpgrade(request, socket)) {
			socket.end(`HTTP/1.1 ${denied ? '403 Forbidden' : '404 Not Found'}\r\nContent-Length: 0\r\n\r\n`);
			return;
		}

		const argv = url.searchParams.getAll('command');
		const child = spawn('ip', ['netns', 'exec', pod.netns!, ...argv], {stdio: ['ignore', 'pipe', 'pipe']});
		pod.processes.add(child);
		child.stdout.on('data', (chunk: Buffer) => socket.write(channelFrame(channel.stdout, chunk)));
		child.stderr.on('data', (chunk: Buffer) => socket.write(channelFrame(channel.stderr, chunk)));
		// As a kubelet does, a client that goes away does not stop the command: deleting the pod does.
		socket.on('data', (chunk: Buffer) => {
			if (isClose(chunk)) socket.end(closeFrame());
		});
		socket.on('error', () => undefined);
		child.on('close', (code) => {
			pod.processes.delete(child);
			if (socket.writable) {
				socket.write(channelFrame(channel.status, JSON.stringify(execStatus(code, argv))));
				socket.end(closeFrame());
			}
		});
	}
}
