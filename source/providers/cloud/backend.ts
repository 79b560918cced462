// The contract between the shared cloud skeleton (cloud-provider.ts) and each cloud's backend (aws, gcp,
// oci): what a backend creates and reports, the run context it creates it in, and the one options shape
// of every cloud provider factory.

import type {RealCloud} from '../../domain/types.js';
import type {ResourceLedger} from '../ledger.js';
import type {
	HostPair,
	Orphan,
	PlacementSupport,
	PriceBook,
	ProbePlanEstimate,
	ProbeTarget,
	ProvisionOptions,
	PublishedBandwidth,
	TeardownReport,
} from '../provider.js';
import type {SshTransportLike, SshTransportOptions} from '../ssh/ssh-transport.js';
import type {ConsoleReader} from './host-key-pin.js';
import type {RetryPolicy} from './retry.js';
import type {RunKeyPair} from './ssh-keys.js';

export type SshFactory = (options: SshTransportOptions) => SshTransportLike;

/** Where to SSH to reach a host (its public address), as opposed to `Host.address` (the peer's view). */
export interface SshEndpoint {
	readonly host: string;
	readonly port?: number;
	readonly username: string;
	/** Reads the host's console through the cloud's API, where its host key fingerprints are printed. */
	readonly console?: ConsoleReader;
}

export interface CloudPair {
	readonly pair: HostPair;
	readonly serverSsh: SshEndpoint;
	readonly clientSsh: SshEndpoint;
}

export interface CloudRunContext {
	readonly runId: string;
	readonly ledger: ResourceLedger;
	readonly keyPair: RunKeyPair;
	readonly signal?: AbortSignal;
	readonly onEvent?: ProvisionOptions['onEvent'];
	/** How long the probe expects to hold the hosts (ProvisionOptions.holdSeconds), for the TTL guard. */
	readonly holdSeconds?: number;
}

export interface CloudBackend {
	readonly id: RealCloud;
	publishedBandwidth(target: ProbeTarget): Promise<PublishedBandwidth>;
	placementSupport(target: ProbeTarget): Promise<readonly PlacementSupport[]>;
	plan(target: ProbeTarget, holdSeconds: number, prices?: PriceBook): Promise<ProbePlanEstimate>;
	/** Validate the target (UserError on bad input) before anything is created. */
	validate(target: ProbeTarget): void;
	/** Create every placement's pair at once, recording each resource in `context.ledger` as it exists. */
	createPairs(target: ProbeTarget, context: CloudRunContext): Promise<readonly CloudPair[]>;
	findOrphans(target?: Partial<ProbeTarget>): Promise<readonly Orphan[]>;
	deleteOrphans(orphans: readonly Orphan[]): Promise<TeardownReport>;
}

/**
 * The one options shape of every cloud provider factory (aws, gcp, oci): its injected clients, the SSH
 * factory, the shared skeleton's timing and its own API timing, nested the same way. Each provider adds
 * only its own defaults (region, project, zone, compartment…) beside them.
 */
export interface CloudFactoryOptions<Clients, Timing> {
	/** Injected clients (tests mock at the client boundary); the real ones are made on first use. */
	readonly clients?: Clients;
	/** How to open SSH to a host (tests pass a fake). */
	readonly ssh?: SshFactory;
	/** The shared skeleton's SSH retries and readiness polls (tests shorten them). */
	readonly cloud?: Omit<CloudProviderOptions, 'ssh'>;
	/** The provider's own API waits and retries (tests shorten them). */
	readonly timing?: Partial<Timing>;
	/** Retries of throttled and transient cloud calls (retry.ts; tests shorten the pauses). */
	readonly retry?: Partial<RetryPolicy>;
}

/** The skeleton's options from a factory's. */
export function skeletonOptions<Clients, Timing>(options: CloudFactoryOptions<Clients, Timing>): CloudProviderOptions {
	return {...options.cloud, ...(options.ssh ? {ssh: options.ssh} : {})};
}

export interface CloudProviderOptions {
	readonly ssh?: SshFactory;
	/** SSH connect retries while hosts boot (default 40, 5 s apart). */
	readonly sshRetries?: number;
	readonly sshDelayMs?: number;
	/** Readiness polls (iperf3 installed by the startup script; default 60, 5 s apart). */
	readonly readyPolls?: number;
	readonly readyDelayMs?: number;
	/** Console reads for the host key fingerprints before first use (default 24, 5 s apart). */
	readonly consolePolls?: number;
	readonly consoleDelayMs?: number;
}
