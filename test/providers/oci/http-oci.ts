// OCI behind HTTP mocks: the REST endpoints the real oci-core / oci-identity / oci-clusterplacementgroups /
// oci-limits clients call (iaas.REGION.oraclecloud.com/20160918, identity.REGION.oci.oraclecloud.com/20160918,
// clusterplacementgroups.REGION.oci.oraclecloud.com/20230801, limits.REGION.oci.oraclecloud.com/20190729),
// answered from the stateful FakeOci's bookkeeping (fake-oci.ts), so the SDK's request signing, JSON
// serialisation, `opc-next-page` paging and error parsing run for real.
// - Resources are the API's JSON models (the SDK's models are those shapes), lists a JSON array with the next
//   page in the `opc-next-page` header, every answer with an `opc-request-id` (OCI API reference, "Pagination"
//   and "Request IDs").
// - Errors as the OCI API documents them ("API Errors"): the status (400, 404, 409, 429, 500, 503…) and a JSON
//   body `{"code": "TooManyRequests", "message": "…"}`, e.g. 429 TooManyRequests, 409 Conflict, 409
//   IncorrectState, 500 InternalError "Out of host capacity.", 503 ServiceUnavailable.
// - Every request must carry an HTTP-signature Authorization header (OCI "Request Signatures": version="1",
//   keyId="TENANCY/USER/FINGERPRINT", algorithm="rsa-sha256", the signed headers and the signature), verified
//   here against the API key's public half.

import {type KeyObject, verify} from 'node:crypto';
import {OciError} from 'oci-common';
import type {OciClients} from '../../../source/providers/oci/clients.js';
import {type MockReply, type MockRequest, serveOrigin} from '../cloud/http-mock.js';
import {FakeOci} from './fake-oci.js';

type Api = (request: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface OciFault {
	readonly method: string;
	readonly path: RegExp;
	readonly status: number;
	readonly code: string;
	readonly message: string;
	times: number;
}

/** REST collection -> the client methods behind it, the request keys they read, the answer's key. */
const collections: Record<string, {api: keyof OciClients; noun: string; id: string; key: string}> = {
	vcns: {api: 'virtualNetwork', noun: 'Vcn', id: 'vcnId', key: 'vcn'},
	internetGateways: {api: 'virtualNetwork', noun: 'InternetGateway', id: 'igId', key: 'internetGateway'},
	routeTables: {api: 'virtualNetwork', noun: 'RouteTable', id: 'rtId', key: 'routeTable'},
	securityLists: {api: 'virtualNetwork', noun: 'SecurityList', id: 'securityListId', key: 'securityList'},
	subnets: {api: 'virtualNetwork', noun: 'Subnet', id: 'subnetId', key: 'subnet'},
	vnics: {api: 'virtualNetwork', noun: 'Vnic', id: 'vnicId', key: 'vnic'},
	instances: {api: 'compute', noun: 'Instance', id: 'instanceId', key: 'instance'},
	instanceConsoleHistories: {
		api: 'compute',
		noun: 'ConsoleHistory',
		id: 'instanceConsoleHistoryId',
		key: 'consoleHistory',
	},
	shapes: {api: 'compute', noun: 'Shape', id: '', key: ''},
	images: {api: 'compute', noun: 'Image', id: '', key: ''},
	vnicAttachments: {api: 'compute', noun: 'VnicAttachment', id: '', key: ''},
	availabilityDomains: {api: 'identity', noun: 'AvailabilityDomain', id: '', key: ''},
	clusterPlacementGroups: {
		api: 'clusterPlacementGroups',
		noun: 'ClusterPlacementGroup',
		id: 'clusterPlacementGroupId',
		key: 'clusterPlacementGroup',
	},
};

/** The verb each create/delete is called by, where it is not create/delete + noun. */
const verbs: Record<string, {create?: string; details?: string; remove?: string; list?: string}> = {
	instances: {create: 'launchInstance', details: 'launchInstanceDetails', remove: 'terminateInstance'},
	instanceConsoleHistories: {
		create: 'captureConsoleHistory',
		details: 'captureConsoleHistoryDetails',
		list: 'listConsoleHistories',
	},
};

export class HttpOci {
	readonly fake: FakeOci;
	readonly requests: MockRequest[] = [];
	readonly faults: OciFault[] = [];
	/** Entries per list page (`opc-next-page` carries the next offset). */
	pageSize = 1;
	private readonly clients: OciClients;
	private counter = 0;

	constructor(
		private readonly publicKey: KeyObject,
		readonly region = 'us-ashburn-1',
	) {
		this.fake = new FakeOci();
		this.fake.armed = false;
		this.clients = this.fake.clients();
		for (const origin of [
			`https://iaas.${region}.oraclecloud.com`,
			`https://identity.${region}.oci.oraclecloud.com`,
			`https://clusterplacementgroups.${region}.oci.oraclecloud.com`,
			`https://limits.${region}.oci.oraclecloud.com`,
		]) {
			serveOrigin(origin, async (request) => this.answer(request));
		}
	}

	get resourceCount(): number {
		return this.fake.resourceCount;
	}

	inject(method: string, path: RegExp, status: number, code: string, message: string, times = 1): OciFault {
		const fault = {method, path, status, code, message, times};
		this.faults.push(fault);
		return fault;
	}

	requestsTo(method: string, path: RegExp): MockRequest[] {
		return this.requests.filter((request) => request.method === method && path.test(request.url.pathname));
	}

	private reply(status: number, body: unknown, headers: Record<string, string> = {}): MockReply {
		const requestId = `fake${(++this.counter).toString(16).padStart(8, '0')}/0/0`;
		return {
			status,
			headers: {'content-type': 'application/json', 'opc-request-id': requestId, ...headers},
			...(body === undefined ? {} : {body: typeof body === 'string' ? body : JSON.stringify(body)}),
		};
	}

	private async answer(request: MockRequest): Promise<MockReply> {
		this.requests.push(request);
		if (!signedWith(request, this.publicKey)) {
			return this.reply(401, {
				code: 'NotAuthenticated',
				message: 'The required information to complete authentication was not provided or was incorrect.',
			});
		}

		const fault = this.faults.find(
			(one) => one.method === request.method && one.path.test(request.url.pathname) && one.times > 0,
		);
		if (fault) {
			fault.times--;
			return this.reply(fault.status, {code: fault.code, message: fault.message});
		}

		try {
			return await this.route(request);
		} catch (error: unknown) {
			if (error instanceof OciError)
				return this.reply(error.statusCode, {code: error.serviceCode, message: error.message});
			throw error;
		}
	}

	private async route(request: MockRequest): Promise<MockReply> {
		const parts = request.url.pathname.split('/').filter(Boolean).slice(1);
		const query: Record<string, unknown> = Object.fromEntries(request.url.searchParams);
		if (parts[0] === 'services') {
			const answer = await this.clients.limits.getResourceAvailability({
				...query,
				serviceName: parts[1],
				limitName: parts[3],
			} as never);
			return this.reply(200, answer.resourceAvailability);
		}

		const [collection = '', id, sub] = parts;
		const entry = collections[collection];
		if (!entry) return this.reply(404, {code: 'NotAuthorizedOrNotFound', message: `${request.url.pathname} not found`});
		const api = this.clients[entry.api] as unknown as Record<string, Api>;
		const call = async (method: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> =>
			api[method]!(fields);
		const token = request.headers['opc-retry-token'];
		if (request.method === 'POST' && id === undefined) {
			const method = verbs[collection]?.create ?? `create${entry.noun}`;
			const details = verbs[collection]?.details ?? `create${entry.noun}Details`;
			const made = await call(method, {[details]: JSON.parse(request.body), ...(token ? {opcRetryToken: token} : {})});
			return this.reply(200, made[entry.key], {etag: `"${this.counter}"`});
		}

		if (request.method === 'GET' && id === undefined) return this.list(collection, entry, query, call);
		if (request.method === 'GET' && sub === 'data') {
			const answer = await call('getConsoleHistoryContent', {instanceConsoleHistoryId: id});
			return {...this.reply(200, String(answer.value)), headers: {'content-type': 'text/plain'}};
		}

		if (request.method === 'GET') return this.reply(200, (await call(`get${entry.noun}`, {[entry.id]: id}))[entry.key]);
		if (request.method === 'DELETE') {
			await call(verbs[collection]?.remove ?? `delete${entry.noun}`, {[entry.id]: id, ...query});
			return this.reply(204, undefined);
		}

		return this.reply(404, {code: 'NotAuthorizedOrNotFound', message: `${request.method} ${request.url.pathname}`});
	}

	/** A list, a page at a time: all the fake holds, sliced here with `opc-next-page` to the next slice. */
	private async list(
		collection: string,
		entry: (typeof collections)[string],
		query: Record<string, unknown>,
		call: (method: string, fields: Record<string, unknown>) => Promise<Record<string, unknown>>,
	): Promise<MockReply> {
		const {page, limit, ...fields} = query;
		// A `limit` the caller gives is honoured; without one the service pages at `pageSize`. ListAvailabilityDomains
		// is not paginated (it returns every AD of the region).
		const unpaged = collection === 'availabilityDomains' ? Number.POSITIVE_INFINITY : this.pageSize;
		const size = limit === undefined ? unpaged : Number(limit);
		const answer = await call(verbs[collection]?.list ?? `list${entry.noun}s`, fields);
		const items = (
			collection === 'clusterPlacementGroups'
				? (answer.clusterPlacementGroupCollection as {items: unknown[]}).items
				: answer.items
		) as unknown[];
		const start = Number(page ?? 0);
		const next: Record<string, string> = start + size < items.length ? {'opc-next-page': String(start + size)} : {};
		const slice = items.slice(start, start + size);
		return this.reply(200, collection === 'clusterPlacementGroups' ? {items: slice} : slice, next);
	}
}

/** The request's HTTP signature checks out against `publicKey` over the headers it names (OCI's scheme). */
export function signedWith(request: MockRequest, publicKey: KeyObject): boolean {
	const header = request.headers.authorization ?? '';
	const fields: Record<string, string | undefined> = Object.fromEntries(
		[...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
	);
	if (fields.version !== '1' || fields.algorithm !== 'rsa-sha256' || !fields.headers || !fields.signature) return false;
	// Names are signed lower-cased (the SDK lists `Content-Type`, signs `content-type: …`).
	const lines = fields.headers
		.toLowerCase()
		.split(' ')
		.map((name: string) =>
			name === '(request-target)'
				? `(request-target): ${request.method.toLowerCase()} ${request.url.pathname}${request.url.search}`
				: `${name}: ${request.headers[name] ?? (name === 'host' ? request.url.host : '')}`,
		);
	return verify('RSA-SHA256', Buffer.from(lines.join('\n')), publicKey, Buffer.from(fields.signature, 'base64'));
}
