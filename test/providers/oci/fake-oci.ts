// A stateful fake of the OCI SDK clients the provider calls. Responses have the SDK's shapes
// (`{instance}`, `{vcn}`, `{items}`, `{clusterPlacementGroupCollection: {items}}`), errors are real
// `OciError`s (statusCode + serviceCode). Deletes check dependencies as OCI does (409 Conflict), so the
// teardown order is tested. Create/wait calls can fail or abort one at a time; latency can be added.
// Real-tenancy behaviour it can play: OCIDs are regional (`region` names this fake's region; a call for an
// OCID of another region answers 404 NotAuthorizedOrNotFound, as the other region's endpoint does);
// LaunchInstance answering 500 InternalError "Out of host capacity." in the ADs of `noCapacityIn`; the
// Limits API's getResourceAvailability per AD (`coresAvailable`); listImages holding 22.04, 24.04 and
// 24.04 Minimal builds, newest first as TIMECREATED DESC sorts them; STOPPED instances.
// Faults: `failAt` a permanent 400 at the nth create/wait call, `transientAt` one 429 TooManyRequests there,
// `loseResponseOf` a create that happens but whose answer is lost (a reset connection), `transientDeleteAt`
// one 503 at the nth delete. A create repeated with the same opc-retry-token returns what the first made,
// as OCI does for 24 hours.

import {setTimeout as delay} from 'node:timers/promises';
import {OciError} from 'oci-common';
import type {OciClients} from '../../../source/providers/oci/clients.js';
import {fakeConsole} from '../gcp/fake-ssh.js';

export type FakeKind = 'instance' | 'cpg' | 'vcn' | 'igw' | 'rt' | 'sl' | 'subnet' | 'console-history';

export interface FakeResource {
	readonly kind: FakeKind;
	readonly id: string;
	state: string;
	readonly body: Record<string, unknown>;
}

export interface FakeCall {
	readonly api: string;
	readonly request: Record<string, unknown>;
}

export function ociError(statusCode: number, serviceCode: string, message: string): OciError {
	return new OciError(statusCode, serviceCode, message, 'opc-request-fake', 'Fake', 'fake', '', '', '');
}

const liveStates: Record<FakeKind, string> = {
	instance: 'RUNNING',
	cpg: 'ACTIVE',
	vcn: 'AVAILABLE',
	igw: 'AVAILABLE',
	rt: 'AVAILABLE',
	sl: 'AVAILABLE',
	subnet: 'AVAILABLE',
	'console-history': 'SUCCEEDED',
};

export const ashburnShapes = [
	{
		shape: 'VM.Standard.A1.Flex',
		isFlexible: true,
		ocpus: 1,
		networkingBandwidthInGbps: 1,
		ocpuOptions: {min: 1, max: 80},
		memoryOptions: {defaultPerOcpuInGBs: 6, minInGBs: 1, maxInGBs: 512},
		networkingBandwidthOptions: {minInGbps: 1, maxInGbps: 40, defaultPerOcpuInGbps: 1},
	},
	{shape: 'VM.Standard2.4', isFlexible: false, ocpus: 4, networkingBandwidthInGbps: 4.1},
];

export class FakeOci {
	readonly resources = new Map<string, FakeResource>();
	readonly calls: FakeCall[] = [];
	readonly faultable: string[] = [];
	armed = true;
	failAt: number | null = null;
	transientAt: number | null = null;
	/** Create APIs (e.g. `vn.createVcn`) whose first call creates but answers with a reset connection. */
	readonly loseResponseOf = new Set<string>();
	/** Delete calls in order while `armedDeletes`, and the one that answers a 503 once. */
	readonly deletePoints: string[] = [];
	armedDeletes = false;
	transientDeleteAt: number | null = null;
	/** APIs answering a permanent 400 (e.g. `compute.deleteConsoleHistory`), whatever else is armed. */
	readonly refuse = new Set<string>();
	/** The opc-retry-token of each create whose answer was lost. */
	readonly lostTokens: Array<string | undefined> = [];
	/** Resources by the opc-retry-token that created them. */
	private readonly tokens = new Map<string, FakeResource>();
	onFaultable: ((index: number, label: string) => void) | undefined;
	latencyMs = 0;
	/** Calls waiting out their latency right now, and the most seen at once (concurrency, read without a clock). */
	inFlight = 0;
	maxInFlight = 0;
	/** The tenancy does not have cluster placement groups (404 NotAuthorizedOrNotFound). */
	cpgUnavailable = false;
	readonly failDeletes = new Set<string>();
	/** Deletes that answer 404 NotAuthorizedOrNotFound although the resource stays (by id). */
	readonly falseNotFound = new Set<string>();
	/** ADs answering "Out of host capacity." to LaunchInstance. */
	readonly noCapacityIn = new Set<string>();
	/** Cores available per AD for the shape's limit (Limits API). */
	readonly coresAvailable = new Map<string, number>([
		['Uocm:US-ASHBURN-AD-1', 80],
		['Uocm:US-ASHBURN-AD-2', 80],
	]);
	/** Console history text by instance id (default: the startup script's host key line for its address). */
	readonly consoles = new Map<string, string>();
	/** Every console is still empty (no host key printed yet). */
	blankConsoles = false;
	private count = 0;

	/** `region`'s key in the OCIDs this fake makes (iad = us-ashburn-1, phx = us-phoenix-1). */
	constructor(readonly regionKey = 'iad') {}

	/** Resources the run created that still exist (terminated instances no longer count). */
	get resourceCount(): number {
		return [...this.resources.values()].filter((resource) => resource.state !== 'TERMINATED').length;
	}

	private async call(api: string, request: object, faultable: boolean): Promise<void> {
		this.calls.push({api, request: request as Record<string, unknown>});
		if (this.refuse.has(api)) throw ociError(400, 'InvalidParameter', `${api} refused`);
		if (faultable && this.armed) {
			const index = this.faultable.length;
			this.faultable.push(api);
			this.onFaultable?.(index, api);
			if (this.latencyMs > 0) await this.wait();
			if (this.failAt === index) throw ociError(400, 'InvalidParameter', `injected failure at ${api} (#${index})`);
			if (this.transientAt === index) throw ociError(429, 'TooManyRequests', `injected throttling at ${api}`);
			return;
		}

		if (this.armedDeletes && /\.(delete|terminate)[A-Z]/.test(api)) {
			const index = this.deletePoints.length;
			this.deletePoints.push(api);
			if (this.transientDeleteAt === index) throw ociError(503, 'ServiceUnavailable', `injected 503 at ${api}`);
		}

		if (this.latencyMs > 0) await this.wait();
	}

	/** A create call's effect: the token's earlier resource, else a new one (whose answer may be lost). */
	private made(api: string, kind: FakeKind, body: Record<string, unknown>, token: string | undefined): FakeResource {
		const earlier = token === undefined ? undefined : this.tokens.get(token);
		if (earlier) return earlier;
		const resource = this.create(kind, body);
		if (token !== undefined) this.tokens.set(token, resource);
		if (this.loseResponseOf.delete(api)) {
			this.lostTokens.push(token);
			throw Object.assign(new Error(`read ECONNRESET (${api})`), {code: 'ECONNRESET'});
		}

		return resource;
	}

	private create(kind: FakeKind, body: Record<string, unknown>): FakeResource {
		this.count++;
		const resource: FakeResource = {
			kind,
			id: `ocid1.${kind}.oc1.${this.regionKey}.fake${this.count}`,
			state: liveStates[kind],
			body,
		};
		this.resources.set(resource.id, resource);
		return resource;
	}

	private view(
		resource: FakeResource,
	): {id: string; lifecycleState: string; freeformTags: Record<string, string>} & Record<string, unknown> {
		return {
			...resource.body,
			id: resource.id,
			lifecycleState: resource.state,
			freeformTags: (resource.body.freeformTags ?? {}) as Record<string, string>,
		};
	}

	/** Put a live resource in a state (e.g. an instance the guest powered off: STOPPED). */
	setState(id: string, state: string): void {
		const resource = this.resources.get(id);
		if (resource) resource.state = state;
	}

	private get(kind: FakeKind, id: string): FakeResource {
		// Another region's OCID: this region's endpoint does not know it.
		if (id.split('.')[3] !== this.regionKey && id.startsWith('ocid1.'))
			throw ociError(404, 'NotAuthorizedOrNotFound', 'Authorization failed or requested resource not found.');
		const resource = this.resources.get(id);
		if (!resource || resource.kind !== kind) throw ociError(404, 'NotAuthorizedOrNotFound', `${kind} ${id} not found`);
		return resource;
	}

	private remove(kind: FakeKind, id: string, blockers: (other: FakeResource) => boolean): void {
		const resource = this.get(kind, id);
		if (this.falseNotFound.has(id))
			throw ociError(404, 'NotAuthorizedOrNotFound', 'Authorization failed or requested resource not found.');
		if (this.failDeletes.has(id)) throw ociError(500, 'InternalServerError', `injected delete failure for ${id}`);
		const blocker = [...this.resources.values()].find((other) => other.state !== 'TERMINATED' && blockers(other));
		if (blocker) throw ociError(409, 'Conflict', `${kind} ${id} is in use by ${blocker.kind} ${blocker.id}`);
		if (kind === 'instance') resource.state = 'TERMINATED';
		else this.resources.delete(id);
	}

	private list(kind: FakeKind): Array<ReturnType<FakeOci['view']>> {
		return [...this.resources.values()]
			.filter((resource) => resource.kind === kind)
			.map((resource) => this.view(resource));
	}

	clients(): OciClients {
		const vnics = new Map<string, {privateIp: string; publicIp: string}>();
		return {
			compute: {
				listShapes: async (request) => {
					await this.call('compute.listShapes', request, false);
					return {items: ashburnShapes as never};
				},
				listImages: async (request) => {
					await this.call('compute.listImages', request, false);
					const images = [
						{
							id: 'ocid1.image.oc1.iad.min2404',
							displayName: 'Canonical-Ubuntu-24.04-Minimal-aarch64-2026.10.31-0',
							operatingSystemVersion: '24.04',
						},
						{
							id: 'ocid1.image.oc1.iad.ubuntu2204',
							displayName: 'Canonical-Ubuntu-22.04-aarch64-2026.10.30-0',
							operatingSystemVersion: '22.04',
						},
						{
							id: 'ocid1.image.oc1.iad.ubuntu2404',
							displayName: 'Canonical-Ubuntu-24.04-aarch64-2026.10.15-0',
							operatingSystemVersion: '24.04',
						},
					];
					const version = request.operatingSystemVersion;
					return {items: images.filter((image) => !version || image.operatingSystemVersion === version) as never};
				},
				launchInstance: async (request) => {
					await this.call('compute.launchInstance', request, true);
					const details = request.launchInstanceDetails as unknown as Record<string, unknown>;
					const subnetId = (details.createVnicDetails as {subnetId: string}).subnetId;
					this.get('subnet', subnetId);
					const groupId = details.clusterPlacementGroupId as string | undefined;
					if (groupId) this.get('cpg', groupId);
					if (this.noCapacityIn.has(details.availabilityDomain as string))
						throw ociError(500, 'InternalError', 'Out of host capacity.');
					const resource = this.made('compute.launchInstance', 'instance', details, request.opcRetryToken);
					const n = this.count;
					vnics.set(`vnic-${resource.id}`, {privateIp: `10.77.1.${n}`, publicIp: `192.0.2.${n}`});
					return {instance: {...this.view(resource), lifecycleState: 'PROVISIONING'} as never};
				},
				getInstance: async (request) => {
					await this.call('compute.getInstance', request, true);
					return {instance: this.view(this.get('instance', request.instanceId)) as never};
				},
				terminateInstance: async (request) => {
					await this.call('compute.terminateInstance', request, false);
					this.remove('instance', request.instanceId, () => false);
					return {};
				},
				listInstances: async (request) => {
					await this.call('compute.listInstances', request, false);
					return {items: this.list('instance') as never};
				},
				captureConsoleHistory: async (request) => {
					await this.call('compute.captureConsoleHistory', request, false);
					const instanceId = request.captureConsoleHistoryDetails.instanceId;
					const instance = this.get('instance', instanceId);
					const address = vnics.get(`vnic-${instance.id}`)?.publicIp ?? '';
					const text = (this.blankConsoles ? '' : undefined) ?? this.consoles.get(instanceId) ?? fakeConsole(address);
					const {freeformTags} = request.captureConsoleHistoryDetails;
					const history = this.made(
						'compute.captureConsoleHistory',
						'console-history',
						{instanceId, text, ...(freeformTags ? {freeformTags} : {})},
						request.opcRetryToken,
					);
					return {consoleHistory: {...this.view(history), lifecycleState: 'REQUESTED'} as never};
				},
				getConsoleHistory: async (request) => {
					await this.call('compute.getConsoleHistory', request, false);
					return {consoleHistory: this.view(this.get('console-history', request.instanceConsoleHistoryId)) as never};
				},
				getConsoleHistoryContent: async (request) => {
					await this.call('compute.getConsoleHistoryContent', request, false);
					return {value: String(this.get('console-history', request.instanceConsoleHistoryId).body.text)};
				},
				deleteConsoleHistory: async (request) => {
					await this.call('compute.deleteConsoleHistory', request, false);
					this.remove('console-history', request.instanceConsoleHistoryId, () => false);
					return {};
				},
				listConsoleHistories: async (request) => {
					await this.call('compute.listConsoleHistories', request, false);
					// The API's list leaves the console text out (GetConsoleHistoryContent reads it).
					return {items: this.list('console-history').map(({text: _text, ...rest}) => rest) as never};
				},
				listVnicAttachments: async (request) => {
					await this.call('compute.listVnicAttachments', request, true);
					return {items: [{vnicId: `vnic-${request.instanceId ?? ''}`} as never]};
				},
			},
			virtualNetwork: {
				createVcn: async (request) => {
					await this.call('vn.createVcn', request, true);
					return {
						vcn: this.view(
							this.made('vn.createVcn', 'vcn', {...request.createVcnDetails}, request.opcRetryToken),
						) as never,
					};
				},
				getVcn: async (request) => {
					await this.call('vn.getVcn', request, true);
					return {vcn: this.view(this.get('vcn', request.vcnId)) as never};
				},
				deleteVcn: async (request) => {
					await this.call('vn.deleteVcn', request, false);
					this.remove('vcn', request.vcnId, (other) => other.body.vcnId === request.vcnId);
					return {};
				},
				listVcns: async (request) => {
					await this.call('vn.listVcns', request, false);
					return {items: this.list('vcn') as never};
				},
				createInternetGateway: async (request) => {
					await this.call('vn.createInternetGateway', request, true);
					this.get('vcn', request.createInternetGatewayDetails.vcnId);
					const body = {...request.createInternetGatewayDetails};
					return {
						internetGateway: this.view(
							this.made('vn.createInternetGateway', 'igw', body, request.opcRetryToken),
						) as never,
					};
				},
				getInternetGateway: async (request) => {
					await this.call('vn.getInternetGateway', request, true);
					return {internetGateway: this.view(this.get('igw', request.igId)) as never};
				},
				deleteInternetGateway: async (request) => {
					await this.call('vn.deleteInternetGateway', request, false);
					this.remove('igw', request.igId, (other) =>
						JSON.stringify(other.body.routeRules ?? []).includes(request.igId),
					);
					return {};
				},
				listInternetGateways: async (request) => {
					await this.call('vn.listInternetGateways', request, false);
					return {items: this.list('igw') as never};
				},
				createRouteTable: async (request) => {
					await this.call('vn.createRouteTable', request, true);
					const body = {...request.createRouteTableDetails};
					return {routeTable: this.view(this.made('vn.createRouteTable', 'rt', body, request.opcRetryToken)) as never};
				},
				getRouteTable: async (request) => {
					await this.call('vn.getRouteTable', request, true);
					return {routeTable: this.view(this.get('rt', request.rtId)) as never};
				},
				deleteRouteTable: async (request) => {
					await this.call('vn.deleteRouteTable', request, false);
					this.remove('rt', request.rtId, (other) => other.body.routeTableId === request.rtId);
					return {};
				},
				listRouteTables: async (request) => {
					await this.call('vn.listRouteTables', request, false);
					return {items: this.list('rt') as never};
				},
				createSecurityList: async (request) => {
					await this.call('vn.createSecurityList', request, true);
					const body = {...request.createSecurityListDetails};
					return {
						securityList: this.view(this.made('vn.createSecurityList', 'sl', body, request.opcRetryToken)) as never,
					};
				},
				getSecurityList: async (request) => {
					await this.call('vn.getSecurityList', request, true);
					return {securityList: this.view(this.get('sl', request.securityListId)) as never};
				},
				deleteSecurityList: async (request) => {
					await this.call('vn.deleteSecurityList', request, false);
					this.remove('sl', request.securityListId, (other) =>
						((other.body.securityListIds ?? []) as string[]).includes(request.securityListId),
					);
					return {};
				},
				listSecurityLists: async (request) => {
					await this.call('vn.listSecurityLists', request, false);
					return {items: this.list('sl') as never};
				},
				createSubnet: async (request) => {
					await this.call('vn.createSubnet', request, true);
					const body = {...request.createSubnetDetails};
					return {subnet: this.view(this.made('vn.createSubnet', 'subnet', body, request.opcRetryToken)) as never};
				},
				getSubnet: async (request) => {
					await this.call('vn.getSubnet', request, true);
					return {subnet: this.view(this.get('subnet', request.subnetId)) as never};
				},
				deleteSubnet: async (request) => {
					await this.call('vn.deleteSubnet', request, false);
					this.remove(
						'subnet',
						request.subnetId,
						(other) => (other.body.createVnicDetails as {subnetId?: string} | undefined)?.subnetId === request.subnetId,
					);
					return {};
				},
				listSubnets: async (request) => {
					await this.call('vn.listSubnets', request, false);
					return {items: this.list('subnet') as never};
				},
				getVnic: async (request) => {
					await this.call('vn.getVnic', request, true);
					const vnic = vnics.get(request.vnicId);
					if (!vnic) throw ociError(404, 'NotAuthorizedOrNotFound', 'vnic not found');
					return {vnic: {id: request.vnicId, ...vnic} as never};
				},
			},
			limits: {
				getResourceAvailability: async (request) => {
					await this.call('limits.getResourceAvailability', request, false);
					const available = this.coresAvailable.get(request.availabilityDomain ?? '');
					if (available === undefined) throw ociError(404, 'NotAuthorizedOrNotFound', 'limit not found');
					return {resourceAvailability: {available, used: 80 - available}};
				},
			},
			identity: {
				listAvailabilityDomains: async (request) => {
					await this.call('identity.listAvailabilityDomains', request, false);
					return {items: [{name: 'Uocm:US-ASHBURN-AD-1'}, {name: 'Uocm:US-ASHBURN-AD-2'}]};
				},
			},
			clusterPlacementGroups: {
				createClusterPlacementGroup: async (request) => {
					await this.call('cpg.createClusterPlacementGroup', request, true);
					if (this.cpgUnavailable) {
						throw ociError(404, 'NotAuthorizedOrNotFound', 'Authorization failed or requested resource not found.');
					}

					return {
						clusterPlacementGroup: this.view(
							this.made(
								'cpg.createClusterPlacementGroup',
								'cpg',
								{...request.createClusterPlacementGroupDetails},
								request.opcRetryToken,
							),
						) as never,
					};
				},
				getClusterPlacementGroup: async (request) => {
					await this.call('cpg.getClusterPlacementGroup', request, true);
					return {clusterPlacementGroup: this.view(this.get('cpg', request.clusterPlacementGroupId)) as never};
				},
				deleteClusterPlacementGroup: async (request) => {
					await this.call('cpg.deleteClusterPlacementGroup', request, false);
					this.remove(
						'cpg',
						request.clusterPlacementGroupId,
						(other) => other.body.clusterPlacementGroupId === request.clusterPlacementGroupId,
					);
					return {};
				},
				listClusterPlacementGroups: async (request) => {
					await this.call('cpg.listClusterPlacementGroups', request, false);
					if (this.cpgUnavailable) {
						throw ociError(404, 'NotAuthorizedOrNotFound', 'Authorization failed or requested resource not found.');
					}

					return {clusterPlacementGroupCollection: {items: this.list('cpg') as never}};
				},
			},
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
