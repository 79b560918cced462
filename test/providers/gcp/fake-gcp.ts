// A stateful fake of the @google-cloud/compute v6 clients the GCP provider calls. Calls return the v6
// shapes (`[operation]` with `latestResponse: {name, status}`, `[resource]`, `[items]`); resources live in
// maps, so a test can ask what the fake cloud still holds. Create/wait calls can be made to fail or to
// abort the run, one at a time, for fault injection; latency can be added to every call.
// Real-project behaviour it can play, in the shapes the APIs document:
// - project metadata `enable-oslogin` (`osLoginProject`), or OS Login enforced by an organization policy
//   (`osLoginEnforced`: resourceStatus.effectiveInstanceMetadata.enableOsloginMetadataValue true whatever the
//   instance metadata says); the OS Login API's importSshPublicKey answers a loginProfile whose primary
//   posixAccount has the username `prober_example_com` and whose sshPublicKeys are keyed by fingerprint;
// - no `default` network (constraints/compute.skipDefaultNetworkCreation): networks.get 404 "The resource
//   'projects/P/global/networks/default' was not found";
// - the region's quotas [{metric, limit, usage}] (CPUS, C4A_CPUS, …) from regions.get;
// - ZONE_RESOURCE_POOL_EXHAUSTED as the insert operation's error (`noCapacity`).
// Faults: `failAt` a permanent 400 at the nth create/wait call, `transientAt` one 429 there,
// `loseResponseOf` an insert that is carried out but whose answer is lost (a reset connection),
// `transientDeleteAt` one 503 at the nth delete. An insert or delete repeated with the same requestId
// answers the first one's operation, as Compute does; an insert of a name that exists answers 409.

import {setTimeout as delay} from 'node:timers/promises';
import type {
	GcpClients,
	GcpFirewall,
	GcpInstance,
	GcpOperationHandle,
	GcpResourcePolicy,
} from '../../../source/providers/gcp/clients.js';
import {fakeConsole} from './fake-ssh.js';

export interface FakeCall {
	readonly api: string;
	readonly request: Record<string, unknown>;
}

function apiError(code: number, message: string): Error {
	return Object.assign(new Error(message), {code});
}

export class FakeGcp {
	readonly instances = new Map<string, GcpInstance>();
	readonly policies = new Map<string, GcpResourcePolicy>();
	readonly firewalls = new Map<string, GcpFirewall>();
	/** Serial port output by instance name (default: the startup script's host key line for its address). */
	readonly consoles = new Map<string, string>();
	/** Every console is still empty (no host key printed yet). */
	blankConsoles = false;
	readonly calls: FakeCall[] = [];
	/** Labels of the create/wait calls made while armed, in order. */
	readonly faultable: string[] = [];
	latencyMs = 0;
	/** Calls waiting out their latency right now, and the most seen at once (concurrency, read without a clock). */
	inFlight = 0;
	maxInFlight = 0;
	/** While true, create/wait calls count as injection points. */
	armed = true;
	/** Index (into `faultable`) of the call that fails. */
	failAt: number | null = null;
	/** Index (into `faultable`) of the call that answers 429 once. */
	transientAt: number | null = null;
	/** Insert APIs (e.g. `firewalls.insert`) whose next call is carried out but answers a reset connection. */
	readonly loseResponseOf = new Set<string>();
	/** The requestId of each insert whose answer was lost. */
	readonly lostRequestIds: Array<string | undefined> = [];
	/** Delete calls in order while `armedDeletes`, and the one that answers 503 once. */
	readonly deletePoints: string[] = [];
	armedDeletes = false;
	transientDeleteAt: number | null = null;
	/** Operations by the requestId that started them. */
	private readonly requests = new Map<string, [GcpOperationHandle]>();
	/** Called when a faultable call starts (e.g. to abort the run there). */
	onFaultable: ((index: number, label: string) => void) | undefined;
	/** Delete calls that fail (by resource name). */
	readonly failDeletes = new Set<string>();
	osLoginProject = false;
	osLoginEnforced = false;
	/** Networks of the project: name -> auto-mode (false: custom-mode, needs a subnetwork). */
	readonly networks = new Map<string, boolean>([['default', true]]);
	readonly subnetworks = new Map<string, {network: string; ipCidrRange: string}>([
		['probe-subnet', {network: 'probe-vpc', ipCidrRange: '10.9.0.0/24'}],
	]);
	readonly quotas = [
		{metric: 'CPUS', limit: 24, usage: 4},
		{metric: 'C4A_CPUS', limit: 200, usage: 8},
		{metric: 'INSTANCES', limit: 960, usage: 3},
	];
	/** OS Login keys imported into the caller's profile, by fingerprint. */
	readonly osLoginKeys = new Map<string, string>();
	/** Inserts end with ZONE_RESOURCE_POOL_EXHAUSTED in their operation. */
	noCapacity = false;
	private operationCount = 0;
	private nextIp = 10;

	get resourceCount(): number {
		return this.instances.size + this.policies.size + this.firewalls.size + this.osLoginKeys.size;
	}

	private async call(api: string, request: object, faultable: boolean): Promise<void> {
		this.calls.push({api, request: request as Record<string, unknown>});
		if (faultable && this.armed) {
			const index = this.faultable.length;
			this.faultable.push(api);
			this.onFaultable?.(index, api);
			if (this.latencyMs > 0) await this.wait();
			if (this.failAt === index) throw apiError(400, `injected failure at ${api} (#${index})`);
			if (this.transientAt === index) throw apiError(429, `injected throttling at ${api}`);
			return;
		}

		if (this.armedDeletes && api.endsWith('.delete')) {
			const index = this.deletePoints.length;
			this.deletePoints.push(api);
			if (this.transientDeleteAt === index) throw apiError(503, `injected 503 at ${api}`);
		}

		if (this.latencyMs > 0) await this.wait();
	}

	/**
	 * An insert or delete: the first operation of its requestId again, else `work` carried out (its answer
	 * lost when `api` is in loseResponseOf).
	 */
	private mutation(api: string, requestId: string | null | undefined, work: () => [GcpOperationHandle]) {
		const earlier = requestId ? this.requests.get(requestId) : undefined;
		if (earlier) return earlier;
		const handle = work();
		if (requestId) this.requests.set(requestId, handle);
		if (this.loseResponseOf.delete(api)) {
			this.lostRequestIds.push(requestId ?? undefined);
			throw Object.assign(new Error(`read ECONNRESET (${api})`), {code: 'ECONNRESET'});
		}

		return handle;
	}

	private insertInstance(request: Parameters<GcpClients['instances']['insert']>[0]): [GcpOperationHandle] {
		const body = request.instanceResource ?? {};
		const name = body.name ?? '';
		if (this.instances.has(name)) throw apiError(409, `instance ${name} already exists`);
		for (const policy of body.resourcePolicies ?? []) {
			const policyName = policy.split('/').pop() ?? '';
			if (!this.policies.has(policyName)) throw apiError(400, `resource policy ${policyName} not found`);
		}

		if (this.noCapacity) return this.failedOperation('ZONE_RESOURCE_POOL_EXHAUSTED', request.zone ?? '');
		const ip = this.nextIp++;
		const instanceLevel = body.metadata?.items?.find((item) => item.key === 'enable-oslogin')?.value;
		const effective = this.osLoginEnforced || (instanceLevel ?? (this.osLoginProject ? 'TRUE' : 'FALSE')) === 'TRUE';
		this.instances.set(name, {
			...body,
			id: String(1000 + ip),
			status: 'RUNNING',
			networkInterfaces: [{networkIP: `10.128.0.${ip}`, accessConfigs: [{natIP: `203.0.113.${ip}`}]}],
			resourceStatus: {effectiveInstanceMetadata: {enableOsloginMetadataValue: effective}},
		});
		return this.operation();
	}

	private operation(): [GcpOperationHandle] {
		this.operationCount++;
		return [{latestResponse: {name: `operation-${this.operationCount}`, status: 'RUNNING'}}];
	}

	private readonly failedOperations = new Map<string, {code: string; message: string}>();

	/** An insert accepted, whose operation ends DONE with an error (as capacity failures do). */
	private failedOperation(code: string, zone: string): [GcpOperationHandle] {
		const [handle] = this.operation();
		const name = (handle.latestResponse as {name: string}).name;
		this.failedOperations.set(name, {
			code,
			message: `The zone 'projects/netplace-test-123/zones/${zone}' does not have enough resources available to fulfill the request.  Try a different zone, or try again later.`,
		});
		return [handle];
	}

	private waiter(api: string) {
		return async (request: {operation?: string | null}) => {
			await this.call(api, request, true);
			const failed = this.failedOperations.get(request.operation ?? '');
			return [
				{
					name: request.operation ?? null,
					status: 'DONE',
					...(failed ? {error: {errors: [failed]}, httpErrorStatusCode: 503} : {}),
				},
			] as const;
		};
	}

	clients(): GcpClients {
		return {
			instances: {
				insert: async (request) => {
					await this.call('instances.insert', request, true);
					return this.mutation('instances.insert', request.requestId, () => this.insertInstance(request));
				},
				delete: async (request) => {
					await this.call('instances.delete', request, false);
					return this.mutation('instances.delete', request.requestId, () => {
						const name = request.instance ?? '';
						if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
						if (!this.instances.delete(name)) throw apiError(404, `instance ${name} not found`);
						return this.operation();
					});
				},
				get: async (request) => {
					await this.call('instances.get', request, true);
					const found = this.instances.get(request.instance ?? '');
					if (!found) throw apiError(404, `instance ${request.instance ?? ''} not found`);
					return [found] as const;
				},
				getSerialPortOutput: async (request) => {
					await this.call('instances.getSerialPortOutput', request, false);
					const found = this.instances.get(request.instance ?? '');
					if (!found) throw apiError(404, `instance ${request.instance ?? ''} not found`);
					const address = found.networkInterfaces?.[0]?.accessConfigs?.[0]?.natIP ?? '';
					return [
						{
							contents:
								(this.blankConsoles ? '' : undefined) ??
								this.consoles.get(request.instance ?? '') ??
								fakeConsole(address),
						},
					] as const;
				},
				list: async (request) => {
					await this.call('instances.list', request, false);
					return [[...this.instances.values()].filter((instance) => instance.labels?.['netplace-run'])] as const;
				},
			},
			resourcePolicies: {
				insert: async (request) => {
					await this.call('resourcePolicies.insert', request, true);
					const body = request.resourcePolicyResource ?? {};
					return this.mutation('resourcePolicies.insert', request.requestId, () => {
						if (this.policies.has(body.name ?? '')) throw apiError(409, `resource policy ${body.name} already exists`);
						this.policies.set(body.name ?? '', body);
						return this.operation();
					});
				},
				delete: async (request) => {
					await this.call('resourcePolicies.delete', request, false);
					const name = request.resourcePolicy ?? '';
					return this.mutation('resourcePolicies.delete', request.requestId, () => {
						if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
						const inUse = [...this.instances.values()].some((instance) =>
							(instance.resourcePolicies ?? []).some((url) => url.endsWith(`/${name}`)),
						);
						if (inUse) throw apiError(400, `resource policy ${name} is in use`);
						if (!this.policies.delete(name)) throw apiError(404, `resource policy ${name} not found`);
						return this.operation();
					});
				},
				list: async (request) => {
					await this.call('resourcePolicies.list', request, false);
					return [[...this.policies.values()]] as const;
				},
			},
			firewalls: {
				insert: async (request) => {
					await this.call('firewalls.insert', request, true);
					const body = request.firewallResource ?? {};
					return this.mutation('firewalls.insert', request.requestId, () => {
						if (this.firewalls.has(body.name ?? '')) throw apiError(409, `firewall ${body.name} already exists`);
						this.firewalls.set(body.name ?? '', body);
						return this.operation();
					});
				},
				delete: async (request) => {
					await this.call('firewalls.delete', request, false);
					const name = request.firewall ?? '';
					return this.mutation('firewalls.delete', request.requestId, () => {
						if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
						if (!this.firewalls.delete(name)) throw apiError(404, `firewall ${name} not found`);
						return this.operation();
					});
				},
				list: async (request) => {
					await this.call('firewalls.list', request, false);
					return [[...this.firewalls.values()]] as const;
				},
			},
			machineTypes: {
				get: async (request) => {
					await this.call('machineTypes.get', request, false);
					const match = /-(\d+)$/.exec(request.machineType ?? '');
					if (!match) throw apiError(404, `machine type ${request.machineType ?? ''} not found`);
					return [{name: request.machineType ?? null, guestCpus: Number(match[1])}] as const;
				},
			},
			projects: {
				get: async (request) => {
					await this.call('projects.get', request, true);
					const items = this.osLoginProject ? [{key: 'enable-oslogin', value: 'TRUE'}] : [];
					return [{name: request.project ?? null, commonInstanceMetadata: {items}}] as const;
				},
			},
			regions: {
				get: async (request) => {
					await this.call('regions.get', request, true);
					return [{name: request.region ?? null, quotas: this.quotas}] as const;
				},
			},
			networks: {
				get: async (request) => {
					await this.call('networks.get', request, true);
					const auto = this.networks.get(request.network ?? '');
					if (auto === undefined)
						throw apiError(
							404,
							`The resource 'projects/${request.project ?? ''}/global/networks/${request.network ?? ''}' was not found`,
						);
					return [{name: request.network ?? null, autoCreateSubnetworks: auto}] as const;
				},
			},
			subnetworks: {
				get: async (request) => {
					await this.call('subnetworks.get', request, false);
					const found = this.subnetworks.get(request.subnetwork ?? '');
					if (!found)
						throw apiError(
							404,
							`The resource 'projects/${request.project ?? ''}/regions/${request.region ?? ''}/subnetworks/${request.subnetwork ?? ''}' was not found`,
						);
					const network = `https://www.googleapis.com/compute/v1/projects/${request.project ?? ''}/global/networks/${found.network}`;
					return [{name: request.subnetwork ?? null, network, ipCidrRange: found.ipCidrRange}] as const;
				},
			},
			images: {
				getFromFamily: async (request) => {
					await this.call('images.getFromFamily', request, true);
					const name = `${request.family === 'debian-12-arm64' ? 'debian-12-bookworm-arm64' : 'debian-12-bookworm'}-v20261110`;
					return [
						{name, selfLink: `https://www.googleapis.com/compute/v1/projects/debian-cloud/global/images/${name}`},
					] as const;
				},
			},
			osLogin: {
				importSshPublicKey: async (request) => {
					await this.call('osLogin.importSshPublicKey', request, true);
					const key = request.sshPublicKey?.key ?? '';
					const fingerprint = `fp${this.osLoginKeys.size + 1}${key.length}`;
					this.osLoginKeys.set(fingerprint, key);
					const sshPublicKeys = Object.fromEntries(
						[...this.osLoginKeys].map(([print, value]) => [
							print,
							{key: value, fingerprint: print, name: `${request.parent ?? ''}/sshPublicKeys/${print}`},
						]),
					);
					return [
						{
							loginProfile: {
								name: request.parent ?? null,
								posixAccounts: [
									{
										primary: true,
										username: 'prober_example_com',
										uid: '2001',
										homeDirectory: '/home/prober_example_com',
									},
								],
								sshPublicKeys,
							},
						},
					] as const;
				},
				deleteSshPublicKey: async (request) => {
					await this.call('osLogin.deleteSshPublicKey', request, false);
					const print = (request.name ?? '').split('/').pop() ?? '';
					if (!this.osLoginKeys.delete(print)) throw apiError(404, `key ${print} not found`);
					return [{}] as const;
				},
			},
			account: async () => 'prober@example.com',
			zoneOperations: {wait: this.waiter('zoneOperations.wait')},
			regionOperations: {wait: this.waiter('regionOperations.wait')},
			globalOperations: {wait: this.waiter('globalOperations.wait')},
		};
	}
	/** Waits out the latency, counting the calls that wait at once. */
	private async wait(): Promise<void> {
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		try {
			await delay(this.latencyMs);
		} finally {
			this.inFlight--;
		}
	}
}
