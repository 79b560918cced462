// One interface for every backend (lab, aws, gcp, oci). Providers never render and never call console.
// The probe engine (source/probe/) drives any provider through this interface only.

import type {Placement, PublishedKind} from '../advisor/types.js';
import type {CounterReading} from '../probe/allowance-counters.js';

export type ProviderId = 'lab' | 'aws' | 'gcp' | 'oci';
export const providerIds: readonly ProviderId[] = ['lab', 'aws', 'gcp', 'oci'];

/** Lab-only shaping options (DESIGN.md: --lab-profile, --lab-scale, --flow-cap, --aggregate-cap, --rtt, --jitter). */
export interface LabTarget {
	/** A reference cell, e.g. `aws/c8g.4xlarge/default`; absent for custom caps. */
	readonly profile?: string;
	readonly scale?: number;
	readonly flowCapGbps?: number | null;
	readonly aggregateCapGbps?: number | null;
	readonly rttMs?: number | null;
	readonly jitterMs?: number | null;
	/** Start sshd in the server namespace and run commands over SSH (proves the cloud transport). */
	readonly overSsh?: boolean;
}

/** What the user asked to probe. Validated before it reaches a provider. */
export interface ProbeTarget {
	readonly shape: string;
	readonly placements: readonly Placement[];
	readonly region?: string;
	readonly zone?: string;
	readonly project?: string;
	readonly compartment?: string;
	readonly ocpus?: number;
	readonly sshCidr?: string;
	/** AWS --vpc / --subnet: the network to use instead of the default VPC. */
	readonly vpc?: string;
	readonly subnet?: string;
	/** GCP --network / --subnetwork: the network to use instead of `default`. */
	readonly network?: string;
	readonly subnetwork?: string;
	readonly enaExpress?: boolean;
	/** --tier1: GCP Tier_1 networking (its higher per-VM egress cap). */
	readonly tier1?: boolean;
	/** --price: $/h per instance, overriding the catalogue / pricing API. */
	readonly pricePerHour?: number;
	readonly lab?: LabTarget;
}

export interface PublishedBandwidth {
	readonly gbps: number | null;
	readonly kind: PublishedKind;
	/** For `peak-over-baseline`: the baseline. */
	readonly baselineGbps?: number | null;
	/** Where the figure came from, e.g. "DescribeInstanceTypes NetworkCards[0].PeakBandwidthInGbps". */
	readonly detail?: string;
	/** Multi-card shapes: each network card's figure and their total (`gbps` is what the probe path uses). */
	readonly perCardGbps?: readonly number[];
	readonly totalGbps?: number | null;
}

export interface PlacementSupport {
	readonly placement: Placement;
	readonly available: boolean;
	/** Why not, or the trade-off (e.g. "gives up live migration"). */
	readonly reason?: string;
}

export interface PlannedResource {
	readonly kind: string;
	readonly name: string;
	readonly detail?: string;
}

export interface ProbePlanEstimate {
	readonly provider: ProviderId;
	readonly shape: string;
	readonly region: string | null;
	readonly zone: string | null;
	readonly resources: readonly PlannedResource[];
	/** How long the hosts are expected to be held, seconds. */
	readonly holdSeconds: number;
	readonly instances: number;
	readonly pricePerHour: number | null;
	readonly priceSource: string | null;
	readonly estimatedCostUsd: number | null;
	readonly warnings: readonly string[];
	/** Clouds: how the run is set up: network, login, TTL guard, quota check, image (label: text). */
	readonly setup?: readonly PlanSetup[];
}

export interface PlanSetup {
	readonly label: 'network' | 'login' | 'ttl' | 'quota' | 'image' | 'capacity';
	readonly text: string;
}

/** A host the probe engine can run commands on. */
export interface Host {
	readonly id: string;
	readonly name: string;
	/** The address its peer reaches it at (private/inside address). */
	readonly address: string;
}

export interface HostPair {
	readonly placement: Placement;
	readonly server: Host;
	readonly client: Host;
	readonly published: PublishedBandwidth;
	/** Anything the user must know about this pair (e.g. "cluster not available: default used"). */
	readonly notes?: readonly string[];
}

export interface ExecResult {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export interface ExecOptions {
	readonly signal?: AbortSignal;
	readonly timeoutMs?: number;
	/** Streamed stdout, as it arrives. */
	readonly onStdout?: (chunk: string) => void;
}

export interface BackgroundProcess {
	/** Stop it (SIGTERM, then SIGKILL) and wait for it to go. Idempotent. */
	stop(): Promise<void>;
	readonly exited: Promise<ExecResult>;
}

/** A resource teardown could not delete, with the command a person can run to delete it. */
export interface LeftResource {
	readonly kind: string;
	readonly id: string;
	readonly deleteCommand: string;
	readonly error?: string;
}

export interface TeardownReport {
	readonly complete: boolean;
	readonly left: readonly LeftResource[];
}

/** A resource an earlier run left behind (found by tag / name). */
export interface Orphan {
	readonly kind: string;
	readonly id: string;
	readonly runId: string | null;
	readonly region?: string | null;
	readonly deleteCommand: string;
}

export type ProvisionEvent =
	| {readonly type: 'resource-created'; readonly kind: string; readonly id: string}
	| {readonly type: 'waiting'; readonly what: string}
	| {readonly type: 'note'; readonly text: string};

export interface ProvisionOptions {
	readonly signal?: AbortSignal;
	readonly onEvent?: (event: ProvisionEvent) => void;
	/** How long the probe expects to hold the hosts, seconds: clouds set their self-destruct TTL from it. */
	readonly holdSeconds?: number;
}

export interface Provider {
	readonly id: ProviderId;
	/** The published (or lab-cap) bandwidth of the target's shape. */
	publishedBandwidth(target: ProbeTarget): Promise<PublishedBandwidth>;
	/** Placement modes, and whether this account / machine can use them. */
	placementSupport(target: ProbeTarget): Promise<readonly PlacementSupport[]>;
	/** Everything that would be created, and its estimated cost. Creates nothing. */
	plan(target: ProbeTarget, holdSeconds: number): Promise<ProbePlanEstimate>;
	/**
	 * Create one host pair per placement (all at once), tagged with runId. Every resource is recorded as it is
	 * created, so `teardown(runId)` removes what exists even when provisioning failed half way.
	 */
	provision(target: ProbeTarget, runId: string, options?: ProvisionOptions): Promise<readonly HostPair[]>;
	/** Run argv on a host and wait for it. argv is never passed through a local shell. */
	exec(host: Host, argv: readonly string[], options?: ExecOptions): Promise<ExecResult>;
	/** Start a long-running command (e.g. `iperf3 -s`) on a host. */
	startBackground(host: Host, argv: readonly string[]): Promise<BackgroundProcess>;
	/** Delete everything this run created, in reverse order, each step guarded. Never throws. */
	teardown(runId: string): Promise<TeardownReport>;
	/** What earlier runs left behind. */
	findOrphans(target?: Partial<ProbeTarget>): Promise<readonly Orphan[]>;
	deleteOrphans(orphans: readonly Orphan[]): Promise<TeardownReport>;
	/**
	 * Instance-limit counters on a host's data device (`device`: from `ip route get`, null when unknown), read
	 * before and after each test. AWS: the ENA allowance counters (`ethtool -S`). Absent where there are none.
	 */
	readLimitCounters?(host: Host, device: string | null, options?: ExecOptions): Promise<CounterReading>;
}
