// The slice of @google-cloud/compute v6 and @google-cloud/os-login 6 the GCP provider calls, typed
// structurally so tests inject fakes. The SDKs are imported lazily here, and only here (and only when a GCP
// command runs).

import type {protos} from '@google-cloud/compute';
import type {protos as osLoginProtos} from '@google-cloud/os-login';

type V1 = typeof protos.google.cloud.compute.v1;
type Compute = protos.google.cloud.compute.v1.IOperation;
export type GcpInstance = protos.google.cloud.compute.v1.IInstance;
export type GcpResourcePolicy = protos.google.cloud.compute.v1.IResourcePolicy;
export type GcpFirewall = protos.google.cloud.compute.v1.IFirewall;
export type GcpOperation = Compute;
export type GcpMachineType = protos.google.cloud.compute.v1.IMachineType;
export type GcpProject = protos.google.cloud.compute.v1.IProject;
export type GcpRegion = protos.google.cloud.compute.v1.IRegion;
export type GcpNetwork = protos.google.cloud.compute.v1.INetwork;
export type GcpSubnetwork = protos.google.cloud.compute.v1.ISubnetwork;
export type GcpImage = protos.google.cloud.compute.v1.IImage;
export type GcpSerialPortOutput = protos.google.cloud.compute.v1.ISerialPortOutput;
type OsLoginV1 = typeof osLoginProtos.google.cloud.oslogin.v1;
type OsLoginReq<Name extends keyof OsLoginV1> = OsLoginV1[Name] extends abstract new (
	...args: never[]
) => infer R
	? Partial<R>
	: never;
export type GcpLoginProfile = osLoginProtos.google.cloud.oslogin.v1.ILoginProfile;
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
	getSerialPortOutput: Getter<Req<'GetSerialPortOutputInstanceRequest'>, GcpSerialPortOutput>;
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

export interface GcpProjectsApi {
	get: Getter<Req<'GetProjectRequest'>, GcpProject>;
}

export interface GcpRegionsApi {
	get: Getter<Req<'GetRegionRequest'>, GcpRegion>;
}

export interface GcpNetworksApi {
	get: Getter<Req<'GetNetworkRequest'>, GcpNetwork>;
}

export interface GcpSubnetworksApi {
	get: Getter<Req<'GetSubnetworkRequest'>, GcpSubnetwork>;
}

export interface GcpImagesApi {
	getFromFamily: Getter<Req<'GetFromFamilyImageRequest'>, GcpImage>;
}

/** OS Login API v1: the caller's POSIX account and SSH keys (`users/{email}`). */
export interface GcpOsLoginApi {
	importSshPublicKey: Getter<
		OsLoginReq<'ImportSshPublicKeyRequest'>,
		osLoginProtos.google.cloud.oslogin.v1.IImportSshPublicKeyResponse
	>;
	deleteSshPublicKey: Getter<OsLoginReq<'DeleteSshPublicKeyRequest'>, unknown>;
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
	readonly projects: GcpProjectsApi;
	readonly regions: GcpRegionsApi;
	readonly networks: GcpNetworksApi;
	readonly subnetworks: GcpSubnetworksApi;
	readonly images: GcpImagesApi;
	readonly osLogin: GcpOsLoginApi;
	/** The email of the account the credentials belong to (OS Login's `users/{email}`). */
	readonly account: () => Promise<string>;
	/** Resolves when application default credentials load; rejects (SDK error) when they do not. */
	readonly checkCredentials?: () => Promise<void>;
}

/**
 * A client built on its first call: constructing a Compute client costs little once the first one has
 * parsed the protos, but nothing is built for a path that never calls it (a dry run, a cleanup, a project
 * without OS Login).
 */
function onFirstCall<T extends object>(build: () => T | Promise<T>): T {
	let client: Promise<T> | undefined;
	return new Proxy({} as T, {
		get(_target, method) {
			// Not a thenable, and no symbol-keyed members: only the API's methods are forwarded.
			if (typeof method !== 'string' || method === 'then') return undefined;
			return async (...args: unknown[]) => {
				client ??= Promise.resolve(build());
				const built = (await client) as Record<PropertyKey, (...a: unknown[]) => unknown>;
				return built[method]!.apply(built, args);
			};
		},
	});
}

/**
 * The real clients. Application default credentials are read by the SDK (google-auth-library).
 *
 * Each Compute client is imported from its own module (`build/src/v1/<name>_client.js`; the package has no
 * exports map), not the package index, which loads all of v1, v1beta and v1small and their 30 MB `protos.js`:
 * 8.6 s on a two-core machine against 2.3 s for the twelve modules netplace calls (`node -e` timing of the
 * imports). The instances client is built at once (its auth answers the credential check); the first client
 * built parses protos.json (3.5 s) whatever was imported. Every other client, OS Login's
 * (`@google-cloud/os-login`) included, is imported and built on its first call, so a path that never calls
 * it never loads it. OS Login speaks REST (`fallback: true`, the client's HTTP/1.1 mode over the API's
 * documented `POST /v1/{parent=users/*}:importSshPublicKey` and `DELETE /v1/{name=users/…/sshPublicKeys/…}`),
 * as Compute does by default: one transport, no gRPC stack loaded, and the same retry reading of its errors.
 */
export async function loadGcpClients(): Promise<GcpClients> {
	const {InstancesClient} = await import('@google-cloud/compute/build/src/v1/instances_client.js');
	const instances = new InstancesClient();
	return {
		instances,
		...creationClients(),
		...lookupClients(),
		osLogin: onFirstCall(
			async () =>
				new (await import('@google-cloud/os-login/build/src/v1/os_login_service_client.js')).OsLoginServiceClient({
					fallback: true,
				}),
		),
		account: async () => accountEmail(instances.auth),
		checkCredentials: async () => {
			await instances.auth.getClient();
		},
	};
}

/** What a run creates besides instances, and the operations it waits on. */
function creationClients(): Pick<
	GcpClients,
	'resourcePolicies' | 'firewalls' | 'zoneOperations' | 'regionOperations' | 'globalOperations'
> {
	return {
		resourcePolicies: onFirstCall(
			async () =>
				new (await import('@google-cloud/compute/build/src/v1/resource_policies_client.js')).ResourcePoliciesClient(),
		),
		firewalls: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/firewalls_client.js')).FirewallsClient(),
		),
		zoneOperations: onFirstCall(
			async () =>
				new (await import('@google-cloud/compute/build/src/v1/zone_operations_client.js')).ZoneOperationsClient(),
		),
		regionOperations: onFirstCall(
			async () =>
				new (await import('@google-cloud/compute/build/src/v1/region_operations_client.js')).RegionOperationsClient(),
		),
		globalOperations: onFirstCall(
			async () =>
				new (await import('@google-cloud/compute/build/src/v1/global_operations_client.js')).GlobalOperationsClient(),
		),
	};
}

/** What preflight, the published bandwidth and `shapes --live` read. */
function lookupClients(): Pick<
	GcpClients,
	'machineTypes' | 'projects' | 'regions' | 'networks' | 'subnetworks' | 'images'
> {
	return {
		machineTypes: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/machine_types_client.js')).MachineTypesClient(),
		),
		projects: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/projects_client.js')).ProjectsClient(),
		),
		regions: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/regions_client.js')).RegionsClient(),
		),
		networks: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/networks_client.js')).NetworksClient(),
		),
		subnetworks: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/subnetworks_client.js')).SubnetworksClient(),
		),
		images: onFirstCall(
			async () => new (await import('@google-cloud/compute/build/src/v1/images_client.js')).ImagesClient(),
		),
	};
}

interface AuthLike {
	getCredentials(): Promise<{client_email?: string | undefined}>;
	getAccessToken(): Promise<string | null | undefined>;
	getClient(): Promise<object>;
}

/** A service account's client_email, else the user's email from the access token's info (OAuth2Client). */
async function accountEmail(auth: AuthLike): Promise<string> {
	const {client_email: email} = await auth.getCredentials();
	if (email) return email;
	const [token, client] = await Promise.all([auth.getAccessToken(), auth.getClient()]);
	const tokenInfo = (client as {getTokenInfo?: (token: string) => Promise<{email?: string}>}).getTokenInfo;
	const info = token && tokenInfo ? await tokenInfo.call(client, token) : {};
	if (!info.email) throw new Error('OS Login needs the email of the account the credentials belong to');
	return info.email;
}
