// A stateful Compute Engine behind HTTP mocks, answering the REST API (compute/v1) the way it documents it,
// so the real @google-cloud/compute v6 clients (google-gax's REST transport, which compute uses by default)
// authenticate, serialise, page, wait on operations and parse errors as they would against Google.
// - Resources and operations as the Compute API reference gives them: an insert/delete answers an Operation
//   (`status` RUNNING, then DONE from `operations/{name}/wait`); a failed operation carries
//   `error.errors[{code, message}]` with `httpErrorStatusCode` (e.g. ZONE_RESOURCE_POOL_EXHAUSTED, "The zone
//   'projects/P/zones/Z' does not have enough resources available to fulfill the request.  Try a different
//   zone, or try again later.": Compute docs, "Troubleshooting resource availability errors").
// - Errors as Google APIs return them over HTTP (API design guide, "Errors"): `{"error": {"code": 429,
//   "message": …, "status": "RESOURCE_EXHAUSTED", "errors": [{"domain", "reason", "message"}]}}`.
// - Lists page with `nextPageToken` / `pageToken` (`pageSize` items a page here).
// The caller's bearer token is checked: a JWT signed RS256 by the service account's key (google-auth-library
// signs one itself with the scope; `tokenRequests` counts any exchange at oauth2.googleapis.com instead).

import {createPublicKey, type KeyObject, verify} from 'node:crypto';
import {type MockReply, type MockRequest, serveOrigin} from '../cloud/http-mock.js';
import {fakeConsole} from './fake-ssh.js';

type Json = Record<string, unknown>;

export interface ComputeFault {
	readonly method: string;
	readonly path: RegExp;
	readonly status: number;
	readonly reason: string;
	times: number;
}

interface Operation {
	readonly name: string;
	readonly kind: 'zone' | 'region' | 'global';
	/** Runs when the operation finishes (the resource appears or goes). */
	readonly finish: () => void;
	readonly error?: {readonly code: string; readonly message: string; readonly status?: number};
	done: boolean;
}

const statusNames: Record<number, string> = {
	400: 'INVALID_ARGUMENT',
	403: 'PERMISSION_DENIED',
	404: 'NOT_FOUND',
	429: 'RESOURCE_EXHAUSTED',
	500: 'INTERNAL',
	503: 'UNAVAILABLE',
};

/** The bearer token is a JWT the service account's key signed (RS256), or the exchanged access token. */
export function signedByServiceAccount(authorization: string | undefined, publicKey: KeyObject): boolean {
	const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
	if (token === 'ya29.fake-access-token') return true;
	const [header, payload, signature] = token.split('.');
	if (!header || !payload || !signature) return false;
	return verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
}

export function googleError(status: number, reason: string, message: string): MockReply {
	return {
		status,
		headers: {'content-type': 'application/json; charset=UTF-8'},
		body: {error: {code: status, message, status: statusNames[status], errors: [{message, domain: 'global', reason}]}},
	};
}

const ok = (body: Json): MockReply => ({
	status: 200,
	headers: {'content-type': 'application/json; charset=UTF-8'},
	body,
});

export class HttpCompute {
	readonly project = 'netplace-test-123';
	readonly instances = new Map<string, Json & {status: string}>();
	readonly policies = new Map<string, Json>();
	readonly firewalls = new Map<string, Json>();
	readonly operations = new Map<string, Operation>();
	readonly requests: MockRequest[] = [];
	readonly faults: ComputeFault[] = [];
	/** Instance inserts whose operation fails with ZONE_RESOURCE_POOL_EXHAUSTED. */
	noCapacity = 0;
	/** instances.get answers 404 this many times right after an insert is DONE. */
	notYetVisible = 0;
	/** A deleted instance still holds its resource policy for this many policy deletes (400 at once). */
	policyHeldFor = 0;
	/** The same, said by the delete's operation (RESOURCE_IN_USE_BY_ANOTHER_RESOURCE when it is DONE). */
	policyHeldInOperationFor = 0;
	pageSize = 1;
	tokenRequests = 0;
	/** The project's common metadata says enable-oslogin=TRUE. */
	osLogin = false;
	private counter = 0;

	constructor(private readonly publicKey: KeyObject) {
		serveOrigin('https://compute.googleapis.com', async (request) => this.answer(request));
		serveOrigin('https://oauth2.googleapis.com', async () => {
			this.tokenRequests++;
			return ok({access_token: 'ya29.fake-access-token', expires_in: 3599, token_type: 'Bearer'});
		});
	}

	/** What a run left: instances, resource policies, firewall rules. */
	get resourceCount(): number {
		return this.instances.size + this.policies.size + this.firewalls.size;
	}

	inject(method: string, path: RegExp, status: number, reason: string, times = 1): ComputeFault {
		const fault = {method, path, status, reason, times};
		this.faults.push(fault);
		return fault;
	}

	requestsTo(method: string, path: RegExp): MockRequest[] {
		return this.requests.filter((request) => request.method === method && path.test(request.url.pathname));
	}

	private answer(request: MockRequest): MockReply {
		this.requests.push(request);
		if (!signedByServiceAccount(request.headers.authorization, this.publicKey)) {
			return googleError(401, 'authError', 'Request had invalid authentication credentials.');
		}

		const path = request.url.pathname.replace(/^\/compute\/v1\/projects\//, '');
		const fault = this.faults.find((one) => one.method === request.method && one.path.test(path) && one.times > 0);
		if (fault) {
			fault.times--;
			return googleError(fault.status, fault.reason, `injected ${fault.reason}`);
		}

		return this.route(request, path);
	}

	private route(request: MockRequest, path: string): MockReply {
		const body = request.body ? (JSON.parse(request.body) as Json) : {};
		const parts = path.split('/');
		const [, scope, where, collection, name, verb] = parts as [string, string, string, string?, string?, string?];
		if (path.startsWith('debian-cloud/global/images/family/')) {
			const family = parts.at(-1) ?? '';
			return ok({
				name: `${family}-v20261201`,
				selfLink: `https://www.googleapis.com/compute/v1/projects/debian-cloud/global/images/${family}-v20261201`,
			});
		}

		if (parts.length === 1)
			return ok({
				name: this.project,
				commonInstanceMetadata: {items: this.osLogin ? [{key: 'enable-oslogin', value: 'TRUE'}] : []},
			});
		if (parts.at(-1) === 'wait') return this.wait(parts.at(-2) ?? '');
		if (scope === 'global') return this.global(request.method, where, collection, body, request.url);
		if (scope === 'regions' && collection === undefined) {
			return ok({
				name: where,
				quotas: [
					{metric: 'CPUS', limit: 2400, usage: 0},
					{metric: 'C4A_CPUS', limit: 2400, usage: 0},
				],
			});
		}

		if (scope === 'regions' && collection === 'resourcePolicies')
			return this.crud(request.method, this.policies, name, body, 'region', request.url);
		if (collection === 'machineTypes') return ok({name, guestCpus: 16, memoryMb: 65_536});
		if (collection === 'instances') return this.instance(request.method, name, verb, body, request.url);
		return googleError(404, 'notFound', `The resource 'projects/${path}' was not found`);
	}

	private global(method: string, what: string, name: string | undefined, body: Json, url: URL): MockReply {
		if (what === 'networks') return ok({name, autoCreateSubnetworks: true});
		if (what === 'firewalls') return this.crud(method, this.firewalls, name, body, 'global', url);
		return googleError(404, 'notFound', `The resource 'projects/${this.project}/global/${what}/${name}' was not found`);
	}

	private instance(
		method: string,
		name: string | undefined,
		verb: string | undefined,
		body: Json,
		url: URL,
	): MockReply {
		if (method === 'POST' && name === undefined && this.noCapacity > 0) {
			this.noCapacity--;
			const zone = url.pathname.split('/')[6];
			return ok(
				this.start('zone', () => undefined, {
					code: 'ZONE_RESOURCE_POOL_EXHAUSTED',
					message: `The zone 'projects/${this.project}/zones/${zone}' does not have enough resources available to fulfill the request.  Try a different zone, or try again later.`,
				}),
			);
		}

		if (method === 'GET' && verb === 'serialPort') {
			const instance = name ? this.instances.get(name) : undefined;
			if (!instance)
				return googleError(
					404,
					'notFound',
					`The resource 'projects/${this.project}/zones/us-central1-a/instances/${name}' was not found`,
				);
			return ok({contents: fakeConsole(this.natIp(name ?? '')), start: '0', next: '512'});
		}

		if (method === 'GET' && name !== undefined && this.instances.has(name) && this.notYetVisible > 0) {
			this.notYetVisible--;
			return googleError(
				404,
				'notFound',
				`The resource 'projects/${this.project}/zones/us-central1-a/instances/${name}' was not found`,
			);
		}

		if (method === 'POST' && name === undefined) {
			const instance = {
				...body,
				status: 'PROVISIONING',
				networkInterfaces: [
					{networkIP: `10.128.0.${++this.counter}`, accessConfigs: [{natIP: this.natIp(String(body.name))}]},
				],
			};
			this.instances.set(String(body.name), instance);
			return ok(
				this.start('zone', () => {
					instance.status = 'RUNNING';
				}),
			);
		}

		return this.crud(method, this.instances, name, body, 'zone', url);
	}

	private natIp(name: string): string {
		let sum = 0;
		for (const char of name) sum = (sum + char.charCodeAt(0)) % 250;
		return `203.0.113.${sum + 1}`;
	}

	/** get / list (paged) / insert / delete on one collection, inserts and deletes as operations. */
	private crud(
		method: string,
		store: Map<string, Json>,
		name: string | undefined,
		body: Json,
		kind: Operation['kind'],
		url: URL,
	): MockReply {
		const missing = (): MockReply =>
			googleError(404, 'notFound', `The resource '${url.pathname.replace('/compute/v1/', '')}' was not found`);
		if (method === 'GET' && name !== undefined) return store.has(name) ? ok(store.get(name)!) : missing();
		if (method === 'GET') {
			const all = [...store.values()].filter((item) => this.matches(item, url.searchParams.get('filter')));
			const start = Number(url.searchParams.get('pageToken') ?? 0);
			const next = start + this.pageSize < all.length ? {nextPageToken: String(start + this.pageSize)} : {};
			return ok({items: all.slice(start, start + this.pageSize), ...next});
		}

		if (method === 'POST') {
			store.set(String(body.name), body);
			return ok(this.start(kind, () => undefined));
		}

		if (method === 'DELETE' && name !== undefined) {
			if (!store.has(name)) return missing();
			if (store === this.policies && this.policyHeldFor > 0) {
				this.policyHeldFor--;
				return googleError(
					400,
					'resourceInUseByAnotherResource',
					`The resource_policy resource '${url.pathname.replace('/compute/v1/', '')}' is already being used by 'projects/${this.project}/zones/us-central1-a/instances/np-instance'`,
				);
			}

			if (store === this.policies && this.policyHeldInOperationFor > 0) {
				this.policyHeldInOperationFor--;
				return ok(
					this.start(kind, () => undefined, {
						code: 'RESOURCE_IN_USE_BY_ANOTHER_RESOURCE',
						message: `The resource_policy resource '${url.pathname.replace('/compute/v1/', '')}' is already being used by 'projects/${this.project}/zones/us-central1-a/instances/np-instance'`,
						status: 400,
					}),
				);
			}

			return ok(this.start(kind, () => store.delete(name)));
		}

		return googleError(400, 'badRequest', `${method} ${url.pathname} is not served here`);
	}

	private matches(item: Json, filter: string | null): boolean {
		const label = /^labels\.([\w-]+):\*$/.exec(filter ?? '')?.[1];
		return label === undefined || Object.hasOwn((item.labels as Json | undefined) ?? {}, label);
	}

	private start(kind: Operation['kind'], finish: () => void, error?: Operation['error']): Json {
		const name = `operation-1764817200000-${(++this.counter).toString(16)}`;
		this.operations.set(name, {name, kind, finish, done: false, ...(error ? {error} : {})});
		return {kind: 'compute#operation', name, operationType: 'insert', status: 'RUNNING', progress: 0};
	}

	private wait(name: string): MockReply {
		const operation = this.operations.get(name);
		if (!operation) return googleError(404, 'notFound', `The resource 'operations/${name}' was not found`);
		if (!operation.done) {
			operation.done = true;
			if (!operation.error) operation.finish();
		}

		return ok({
			kind: 'compute#operation',
			name,
			status: 'DONE',
			progress: 100,
			...(operation.error
				? {
						error: {errors: [{code: operation.error.code, message: operation.error.message}]},
						httpErrorStatusCode: operation.error.status ?? 503,
						httpErrorMessage: operation.error.status === 400 ? 'BAD REQUEST' : 'SERVICE UNAVAILABLE',
					}
				: {}),
		});
	}
}

/** The public half of a PEM private key, for checking what the SDK signed. */
export function publicHalf(privatePem: string): KeyObject {
	return createPublicKey(privatePem);
}
