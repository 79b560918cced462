// The slice of oci-core / oci-identity / oci-clusterplacementgroups / oci-limits 2.139.1 the OCI provider calls, typed
// structurally so tests inject fakes. The SDKs are imported lazily here, and only here.
//
// Credentials: only the config file (OCI_CONFIG_FILE or ~/.oci/config, profile OCI_CLI_PROFILE or DEFAULT)
// through ConfigFileAuthenticationDetailsProvider. oci-common has no implicit chain: instance principals
// (which ask the metadata address 169.254.169.254) are used only when built explicitly, and the region is
// read from the metadata service only after Region.enableInstanceMetadata(); netplace does neither.

import type {models as cpgModels, requests as cpgRequests} from 'oci-clusterplacementgroups';
import type {models, requests} from 'oci-core';
import type {models as identityModels, requests as identityRequests} from 'oci-identity';
import type {models as limitsModels, requests as limitsRequests} from 'oci-limits';

type Call<R, T> = (request: R) => Promise<T>;
type Items<T> = {readonly items: T[]; readonly opcNextPage?: string | undefined};

export type OciInstance = models.Instance;
export type OciShape = models.Shape;

export interface OciComputeApi {
	listShapes: Call<requests.ListShapesRequest, Items<models.Shape>>;
	listImages: Call<requests.ListImagesRequest, Items<models.Image>>;
	launchInstance: Call<requests.LaunchInstanceRequest, {readonly instance: models.Instance}>;
	getInstance: Call<requests.GetInstanceRequest, {readonly instance: models.Instance}>;
	terminateInstance: Call<requests.TerminateInstanceRequest, unknown>;
	listInstances: Call<requests.ListInstancesRequest, Items<models.Instance>>;
	listVnicAttachments: Call<requests.ListVnicAttachmentsRequest, Items<models.VnicAttachment>>;
	captureConsoleHistory: Call<requests.CaptureConsoleHistoryRequest, {readonly consoleHistory: models.ConsoleHistory}>;
	getConsoleHistory: Call<requests.GetConsoleHistoryRequest, {readonly consoleHistory: models.ConsoleHistory}>;
	getConsoleHistoryContent: Call<requests.GetConsoleHistoryContentRequest, {readonly value: string}>;
	deleteConsoleHistory: Call<requests.DeleteConsoleHistoryRequest, unknown>;
	listConsoleHistories: Call<requests.ListConsoleHistoriesRequest, Items<models.ConsoleHistory>>;
}

export interface OciVirtualNetworkApi {
	createVcn: Call<requests.CreateVcnRequest, {readonly vcn: models.Vcn}>;
	getVcn: Call<requests.GetVcnRequest, {readonly vcn: models.Vcn}>;
	deleteVcn: Call<requests.DeleteVcnRequest, unknown>;
	listVcns: Call<requests.ListVcnsRequest, Items<models.Vcn>>;
	createInternetGateway: Call<
		requests.CreateInternetGatewayRequest,
		{readonly internetGateway: models.InternetGateway}
	>;
	getInternetGateway: Call<requests.GetInternetGatewayRequest, {readonly internetGateway: models.InternetGateway}>;
	deleteInternetGateway: Call<requests.DeleteInternetGatewayRequest, unknown>;
	listInternetGateways: Call<requests.ListInternetGatewaysRequest, Items<models.InternetGateway>>;
	createRouteTable: Call<requests.CreateRouteTableRequest, {readonly routeTable: models.RouteTable}>;
	getRouteTable: Call<requests.GetRouteTableRequest, {readonly routeTable: models.RouteTable}>;
	deleteRouteTable: Call<requests.DeleteRouteTableRequest, unknown>;
	listRouteTables: Call<requests.ListRouteTablesRequest, Items<models.RouteTable>>;
	createSecurityList: Call<requests.CreateSecurityListRequest, {readonly securityList: models.SecurityList}>;
	getSecurityList: Call<requests.GetSecurityListRequest, {readonly securityList: models.SecurityList}>;
	deleteSecurityList: Call<requests.DeleteSecurityListRequest, unknown>;
	listSecurityLists: Call<requests.ListSecurityListsRequest, Items<models.SecurityList>>;
	createSubnet: Call<requests.CreateSubnetRequest, {readonly subnet: models.Subnet}>;
	getSubnet: Call<requests.GetSubnetRequest, {readonly subnet: models.Subnet}>;
	deleteSubnet: Call<requests.DeleteSubnetRequest, unknown>;
	listSubnets: Call<requests.ListSubnetsRequest, Items<models.Subnet>>;
	getVnic: Call<requests.GetVnicRequest, {readonly vnic: models.Vnic}>;
}

export interface OciIdentityApi {
	listAvailabilityDomains: Call<
		identityRequests.ListAvailabilityDomainsRequest,
		{readonly items: identityModels.AvailabilityDomain[]}
	>;
}

export interface OciClusterPlacementGroupsApi {
	createClusterPlacementGroup: Call<
		cpgRequests.CreateClusterPlacementGroupRequest,
		{readonly clusterPlacementGroup: cpgModels.ClusterPlacementGroup}
	>;
	getClusterPlacementGroup: Call<
		cpgRequests.GetClusterPlacementGroupRequest,
		{readonly clusterPlacementGroup: cpgModels.ClusterPlacementGroup}
	>;
	deleteClusterPlacementGroup: Call<cpgRequests.DeleteClusterPlacementGroupRequest, unknown>;
	listClusterPlacementGroups: Call<
		cpgRequests.ListClusterPlacementGroupsRequest,
		{
			readonly clusterPlacementGroupCollection: cpgModels.ClusterPlacementGroupCollection;
			readonly opcNextPage?: string | undefined;
		}
	>;
}

/** Limits: what is left of a compute limit in an AD (oci-limits LimitsClient.getResourceAvailability). */
export interface OciLimitsApi {
	getResourceAvailability: Call<
		limitsRequests.GetResourceAvailabilityRequest,
		{readonly resourceAvailability: limitsModels.ResourceAvailability}
	>;
}

export interface OciClients {
	readonly compute: OciComputeApi;
	readonly limits: OciLimitsApi;
	readonly virtualNetwork: OciVirtualNetworkApi;
	readonly identity: OciIdentityApi;
	readonly clusterPlacementGroups: OciClusterPlacementGroupsApi;
}

/** Clients plus what the config file says: the tenancy (default compartment) and the region. */
export interface OciSession {
	readonly clients: OciClients;
	readonly tenancy: string;
	readonly region: string;
}

/** The config file the SDK reads, for messages (never its contents). */
export function ociConfigPath(): string {
	return process.env.OCI_CONFIG_FILE ?? '~/.oci/config';
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const consoleMethods: readonly ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];
let quietDepth = 0;
let saved: Partial<Record<ConsoleMethod, (...args: unknown[]) => void>> = {};

/**
 * Runs SDK work with console.* silenced: oci-common writes straight to console (config-file-auth's "Found
 * regionId … not supported by this version of the SDK", "Falling back to using OC1 realm.", the retrier's
 * "Request failed with Exception … Retrying"), which would land on the TUI. Nested and concurrent calls share
 * one silence; the console is restored when the last one settles.
 */
export async function quietly<T>(work: () => T | Promise<T>): Promise<T> {
	if (quietDepth++ === 0) {
		saved = {};
		for (const method of consoleMethods) {
			saved[method] = console[method];
			console[method] = () => undefined;
		}
	}

	try {
		return await work();
	} finally {
		if (--quietDepth === 0) {
			for (const method of consoleMethods) {
				const original = saved[method];
				if (original) console[method] = original;
			}
		}
	}
}

/** Every method of an SDK client run under `quietly`. */
function quiet<T extends object>(client: T): T {
	return new Proxy(client, {
		get(target, property, receiver) {
			const value: unknown = Reflect.get(target, property, receiver);
			return typeof value === 'function'
				? (...args: unknown[]) => quietly(() => (value as (...a: unknown[]) => unknown).apply(target, args))
				: value;
		},
	});
}

/**
 * The real clients from the config file. Throws (SDK error) when the file is missing or invalid. A --region
 * stands alone: the config file need not name one (the SDK's own fallback, OCI_REGION, is set while the
 * file is read).
 */
export async function loadOciClients(region?: string): Promise<OciSession> {
	return quietly(async () => loadQuietly(region));
}

async function loadQuietly(region?: string): Promise<OciSession> {
	const sdks = await importSdks();
	const auth = configFileAuth(sdks.common, region);
	// Reading the key now turns an unreadable key file into an error here, not at the first signed call.
	auth.getPrivateKey();
	const tenancy = auth.getTenantId();
	const regionId = region ?? auth.getRegion()?.regionId;
	if (!regionId) {
		throw new Error('credentials not found: no region in the config file');
	}

	return {tenancy, region: regionId, clients: sdkClients(sdks, auth, regionId)};
}

type OciSdks = Awaited<ReturnType<typeof importSdks>>;
type ConfigFileAuth = InstanceType<OciSdks['common']['ConfigFileAuthenticationDetailsProvider']>;

async function importSdks() {
	const [common, core, identity, cpg, limits] = await Promise.all([
		import('oci-common'),
		import('oci-core'),
		import('oci-identity'),
		import('oci-clusterplacementgroups'),
		import('oci-limits'),
	]);
	return {common, core, identity, cpg, limits};
}

/** The config file's profile (OCI_CLI_PROFILE); a --region stands in, while it is read, for one it lacks. */
function configFileAuth(common: OciSdks['common'], region: string | undefined): ConfigFileAuth {
	const profile = process.env.OCI_CLI_PROFILE;
	const before = process.env.OCI_REGION;
	if (region) process.env.OCI_REGION = before ?? region;
	try {
		return new common.ConfigFileAuthenticationDetailsProvider(process.env.OCI_CONFIG_FILE, profile);
	} finally {
		if (before === undefined) delete process.env.OCI_REGION;
	}
}

function sdkClients(sdks: OciSdks, auth: ConfigFileAuth, regionId: string): OciClients {
	const {common, core, identity, cpg, limits} = sdks;
	const configure = <T extends {regionId: string}>(client: T): T => {
		client.regionId = regionId;
		return quiet(client);
	};
	// One attempt per SDK call: the SDK retries Core calls never and Cluster Placement Groups calls up to 8
	// times (its per-operation defaults), without the opc-retry-token a repeated create needs; every call is
	// retried once, in one place, by retrying-clients.ts. A client's setting outranks OCI_SDK_DEFAULT_RETRY_ENABLED.
	const details = {authenticationDetailsProvider: auth};
	const single = {retryConfiguration: common.NoRetryConfigurationDetails};
	return {
		compute: configure(new core.ComputeClient(details, single)),
		limits: configure(new limits.LimitsClient(details, single)),
		virtualNetwork: configure(new core.VirtualNetworkClient(details, single)),
		identity: configure(new identity.IdentityClient(details, single)),
		clusterPlacementGroups: configure(new cpg.ClusterPlacementGroupsCPClient(details, single)),
	};
}
