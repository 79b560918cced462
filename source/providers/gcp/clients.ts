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

/** The real clients. Application default credentials are read by the SDK (google-auth-library). */
export async function loadGcpClients(): Promise<GcpClients> {
	const [compute, osLogin] = await Promise.all([import('@google-cloud/compute'), import('@google-cloud/os-login')]);
	const instances = new compute.InstancesClient();
	const loginClient = new osLogin.OsLoginServiceClient();
	return {
		instances,
		resourcePolicies: new compute.ResourcePoliciesClient(),
		firewalls: new compute.FirewallsClient(),
		machineTypes: new compute.MachineTypesClient(),
		zoneOperations: new compute.ZoneOperationsClient(),
		regionOperations: new compute.RegionOperationsClient(),
		globalOperations: new compute.GlobalOperationsClient(),
		projects: new compute.ProjectsClient(),
		regions: new compute.RegionsClient(),
		networks: new compute.NetworksClient(),
		subnetworks: new compute.SubnetworksClient(),
		images: new compute.ImagesClient(),
		osLogin: loginClient,
		account: async () => accountEmail(instances.auth),
		checkCredentials: async () => {
			await instances.auth.getClient();
		},
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
