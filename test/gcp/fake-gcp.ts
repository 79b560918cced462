// A stateful fake of the @google-cloud/compute v6 clients the GCP provider calls. Calls return the v6
// shapes (`[operation]` with `latestResponse: {name, status}`, `[resource]`, `[items]`); resources live in
// maps, so a test can ask what the fake cloud still holds. Create/wait calls can be made to fail or to
// abort the run, one at a time, for fault injection; latency can be added to every call.

import {setTimeout as delay} from 'node:timers/promises';
import type {
	GcpClients,
	GcpFirewall,
	GcpInstance,
	GcpOperationHandle,
	GcpResourcePolicy,
} from '../../source/providers/gcp/clients.js';

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
	readonly calls: FakeCall[] = [];
	/** Labels of the create/wait calls made while armed, in order. */
	readonly faultable: string[] = [];
	latencyMs = 0;
	/** While true, create/wait calls count as injection points. */
	armed = true;
	/** Index (into `faultable`) of the call that fails. */
	failAt: number | null = null;
	/** Called when a faultable call starts (e.g. to abort the run there). */
	onFaultable: ((index: number, label: string) => void) | undefined;
	/** Delete calls that fail (by resource name). */
	readonly failDeletes = new Set<string>();
	private operationCount = 0;
	private nextIp = 10;

	get resourceCount(): number {
		return this.instances.size + this.policies.size + this.firewalls.size;
	}

	private async call(api: string, request: object, faultable: boolean): Promise<void> {
		this.calls.push({api, request: request as Record<string, unknown>});
		if (faultable && this.armed) {
			const index = this.faultable.length;
			this.faultable.push(api);
			this.onFaultable?.(index, api);
			if (this.latencyMs > 0) await delay(this.latencyMs);
			if (this.failAt === index) throw apiError(503, `injected failure at ${api} (#${index})`);
			return;
		}

		if (this.latencyMs > 0) await delay(this.latencyMs);
	}

	private operation(): [GcpOperationHandle] {
		this.operationCount++;
		return [{latestResponse: {name: `operation-${this.operationCount}`, status: 'RUNNING'}}];
	}

	private waiter(api: string) {
		return async (request: {operation?: string | null}) => {
			await this.call(api, request, true);
			return [{name: request.operation ?? null, status: 'DONE'}] as const;
		};
	}

	clients(): GcpClients {
		return {
			instances: {
				insert: async (request) => {
					await this.call('instances.insert', request, true);
					const body = request.instanceResource ?? {};
					const name = body.name ?? '';
					if (this.instances.has(name)) throw apiError(409, `instance ${name} already exists`);
					for (const policy of body.resourcePolicies ?? []) {
						const policyName = policy.split('/').pop() ?? '';
						if (!this.policies.has(policyName)) throw apiError(400, `resource policy ${policyName} not found`);
					}

					const ip = this.nextIp++;
					this.instances.set(name, {
						...body,
						id: String(1000 + ip),
						status: 'RUNNING',
						networkInterfaces: [{networkIP: `10.128.0.${ip}`, accessConfigs: [{natIP: `203.0.113.${ip}`}]}],
					});
					return this.operation();
				},
				delete: async (request) => {
					await this.call('instances.delete', request, false);
					const name = request.instance ?? '';
					if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
					if (!this.instances.delete(name)) throw apiError(404, `instance ${name} not found`);
					return this.operation();
				},
				get: async (request) => {
					await this.call('instances.get', request, true);
					const found = this.instances.get(request.instance ?? '');
					if (!found) throw apiError(404, `instance ${request.instance ?? ''} not found`);
					return [found] as const;
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
					this.policies.set(body.name ?? '', body);
					return this.operation();
				},
				delete: async (request) => {
					await this.call('resourcePolicies.delete', request, false);
					const name = request.resourcePolicy ?? '';
					if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
					const inUse = [...this.instances.values()].some((instance) =>
						(instance.resourcePolicies ?? []).some((url) => url.endsWith(`/${name}`)),
					);
					if (inUse) throw apiError(400, `resource policy ${name} is in use`);
					if (!this.policies.delete(name)) throw apiError(404, `resource policy ${name} not found`);
					return this.operation();
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
					this.firewalls.set(body.name ?? '', body);
					return this.operation();
				},
				delete: async (request) => {
					await this.call('firewalls.delete', request, false);
					const name = request.firewall ?? '';
					if (this.failDeletes.has(name)) throw apiError(500, `injected delete failure for ${name}`);
					if (!this.firewalls.delete(name)) throw apiError(404, `firewall ${name} not found`);
					return this.operation();
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
			zoneOperations: {wait: this.waiter('zoneOperations.wait')},
			regionOperations: {wait: this.waiter('regionOperations.wait')},
			globalOperations: {wait: this.waiter('globalOperations.wait')},
		};
	}
}
