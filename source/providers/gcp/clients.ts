// The slice of @google-cloud/compute v6 the GCP provider calls, typed structurally so tests inject fakes.
// The SDK itself is imported lazily here, and only here (and only when a GCP command runs).

import type {protos} from '@google-cloud/compute';

type V1 = typeof protos.google.cloud.compute.v1;
type Compute = protos.google.cloud.compute.v1.IOperation;
export type GcpInstance = protos.google.cloud.compute.v1.IInstance;
export type GcpResourcePolicy = protos.google.cloud.compute.v1.IResourcePolicy;
export type GcpFirewall = protos.google.cloud.compute.v1.IFirewall;
export type GcpOperation = Compute;
export type GcpMachineType = protos.google.cloud.compute.v1.IMachineType;
type Req<Name extends keyof V1> = V1[Name] extends abstract new (...args: never[]) => infer R ? Partial<R> : never;

/** What a v6 mutating call resolves to: `[operation, …]`, the operation's `latestResponse` holding its name. */
export interface GcpOperationHandle {
	readonly latestResponse?: unknown;
}

type Mutation<R> = (request: R) => Promise<readonly [GcpOperationHandle, ...unknown[]]>;
type Getter<R, T> = (request: R) => Promise<readonly [T, ...unknown[]]>;
type Lister<R, T> = (request: R) => Promise<readonly [T[], ...unknown[]]>;

export interface GcpInstancesApi {
	insert: Mutation<Req<'InsertInstanceRequest'>>;
	delete: Mutation<Req<'DeleteInstanceRequest'>>;
	get: Getter<Req<'GetInstanceRequest'>, GcpInstance>;
	list: Lister<Req<'ListInstancesRequest'>, GcpInstance>;
}

export interface GcpResourcePoliciesApi {
	insert: Mutation<Req<'InsertResourcePolicyRequest'>>;
	delete: Mutation<Req<'DeleteResourcePolicyRequest'>>;
	list: Lister<Req<'ListResourcePoliciesRequest'>, GcpResourcePolicy>;
}

export interface GcpFirewallsApi {
	insert: Mutation<Req<'InsertFirewallRequest'>>;
	delete: Mutation<Req<'DeleteFirewallRequest'>>;
	list: Lister<Req<'ListFirewallsRequest'>, GcpFirewall>;
}

export interface GcpMachineTypesApi {
	get: Getter<Req<'GetMachineTypeRequest'>, GcpMachineType>;
}

export interface GcpZoneOperationsApi {
	wait: Getter<Req<'WaitZoneOperationRequest'>, GcpOperation>;
}

export interface GcpRegionOperationsApi {
	wait: Getter<Req<'WaitRegionOperationRequest'>, GcpOperation>;
}

export interface GcpGlobalOperationsApi {
	wait: Getter<Req<'WaitGlobalOperationRequest'>, GcpOperation>;
}

export interface GcpClients {
	readonly instances: GcpInstancesApi;
	readonly resourcePolicies: GcpResourcePoliciesApi;
	readonly firewalls: GcpFirewallsApi;
	readonly machineTypes: GcpMachineTypesApi;
	readonly zoneOperations: GcpZoneOperationsApi;
	readonly regionOperations: GcpRegionOperationsApi;
	readonly globalOperations: GcpGlobalOperationsApi;
	/** Resolves when application default credentials load; rejects (SDK error) when they do not. */
	readonly checkCredentials?: () => Promise<void>;
}

/** The real clients. Application default credentials are read by the SDK (google-auth-library). */
export async function loadGcpClients(): Promise<GcpClients> {
	const compute = await import('@google-cloud/compute');
	const instances = new compute.InstancesClient();
	return {
		instances,
		resourcePolicies: new compute.ResourcePoliciesClient(),
		firewalls: new compute.FirewallsClient(),
		machineTypes: new compute.MachineTypesClient(),
		zoneOperations: new compute.ZoneOperationsClient(),
		regionOperations: new compute.RegionOperationsClient(),
		globalOperations: new compute.GlobalOperationsClient(),
		checkCredentials: async () => {
			await instances.auth.getClient();
		},
	};
}
