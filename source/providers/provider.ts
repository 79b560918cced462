// One interface for every backend (lab, aws, gcp, oci). Providers never render and never call console.
// The probe engine (source/probe/) drives any provider through this interface only, and everything outside
// providers/ asks a provider's facts (`ProviderFacts`: billed or not, placements, the flags it takes, defaults,
// validation, the probe form's fields) instead of asking which provider it holds.

import type {OptionKey} from '../domain/clouds/cloud-terms.js';
import {clouds, type RealCloud} from '../domain/clouds.js';
import type {NetworkPath} from '../domain/model-types.js';
import type {Placement, PublishedKind} from '../domain/types.js';
import type {CounterReading} from './allowance-counters.js';
import type {CloudField, CloudFieldId} from './cloud-probe-fields.js';
import type {LiveOpener} from './live-catalogue.js';

/** The lab, each real cloud (domain/clouds.ts), the user's own hosts over SSH, and a node pair of their cluster. */
export type ProviderId = 'lab' | RealCloud | 'ssh' | 'k8s';
export const providerIds: readonly ProviderId[] = ['lab', ...clouds, 'ssh', 'k8s'];

/**
 * The providers whose run's shape is `cloud/shape` (a catalogue shape named with its cloud: your own hosts'
 * --shape, a cluster's nodes' instance type), not a shape of one cloud: the run's cloud and the model's
 * prediction come from it. Here, not in the facts, so that reading a stored run loads no provider's facts.
 */
export function shapeNamesCloud(id: ProviderId): boolean {
	return id === 'ssh' || id === 'k8s';
}

/** Lab-only shaping options (DESIGN.md: --lab-profile, --lab-scale, --flow-cap, --aggregate-cap, --rtt, --jitter). */
export interface LabTarget {
	/** A reference cell, e.g. `aws/c8g.4xlarge/default`; absent for custom caps. */
	readonly profile?: string;
	readonly scale?: number;
	readonly flowCapGbps?: number | null;
	readonly aggregateCapGbps?: number | null;
	readonly rttMs?: number | null;
	readonly jitterMs?: number | null;
	/** Packet loss, percent: TCP segments dropped at random where they arrive (nftables `numgen random`). */
	readonly lossPercent?: number | null;
	/** Start sshd in the server namespace and run commands over SSH (proves the cloud transport). */
	readonly overSsh?: boolean;
}

/** One of the user's own hosts (`--hosts [user@]HOST`): SSH reaches it at `host`, as `user`. */
export interface SshHostTarget {
	readonly user: string;
	readonly host: string;
}

/** `--provider ssh`: an existing pair, reached over SSH (nothing is created). */
export interface SshTarget {
	/** The sender (iperf3 client) first, then the receiver (iperf3 server). */
	readonly hosts: readonly [SshHostTarget, SshHostTarget];
	/** A private key file (`--identity`); absent: the SSH agent and the default keys in ~/.ssh. */
	readonly identity?: string;
	/** SSH port (`--port`, default 22). */
	readonly port: number;
	/** The known_hosts file the host keys are checked against (`--known-hosts`, default ~/.ssh/known_hosts). */
	readonly knownHosts: string;
	/** `--accept-new-host-key`: add an unknown host's key (its fingerprint shown); a changed key is still refused. */
	readonly acceptNewHostKey: boolean;
}

/** Which network a k8s probe's pods use: the pod network (the CNI's), the nodes' own (hostNetwork), or both. */
export type K8sNetwork = 'pod' | 'host' | 'both';

/** `--provider k8s`: where the pods go and what they run (the cluster and namespace are ProbeTarget's). */
export interface K8sTarget {
	/** `--nodes A,B` (the sender first) or `auto`: a same-zone pair and a cross-zone pair from the zone labels. */
	readonly nodes: 'auto' | readonly [string, string];
	/** `--zones same|cross`: with `--nodes auto`, only that pair; absent: both. */
	readonly zones?: 'same' | 'cross';
	readonly network: K8sNetwork;
	/** The container image with iperf3, ping, ip and ss (`--image`). */
	readonly image: string;
	/** The cluster's CNI as its DaemonSets show it (k8s/cni.ts), found by runTargets; absent before. */
	readonly cni?: CniFact;
}

/** The CNI a cluster runs: its name (null: unknown) and what said so, or why it is not known. */
export interface CniFact {
	readonly name: string | null;
	/** e.g. "DaemonSet kube-system/aws-node (amazon-k8s-cni:v1.14.0)", or "RBAC forbids listing DaemonSets…". */
	readonly evidence: string;
}

/**
 * A cloud's own fields (providers/<cloud>/probe-fields.ts: AWS --vpc, GCP --project, OCI --compartment, ...),
 * each a checked name; the cloud's provider reads its own.
 */
export type CloudTargetFields = {readonly [Id in CloudFieldId]?: string};

/** The shape's options the run launches with (domain/clouds/cloud-terms.ts optionSteps: --ena-express, --tier1). */
export type ShapeOptionFields = {readonly [Key in OptionKey]?: boolean};

/**
 * What the user asked to probe. Validated before it reaches a provider. The fields here are every provider's
 * or the model's (a shape's OCPUs; its options are ShapeOptionFields: the prediction reads them); a cloud's own
 * are CloudTargetFields.
 */
export interface ProbeTarget extends CloudTargetFields, ShapeOptionFields {
	readonly shape: string;
	readonly placements: readonly Placement[];
	readonly region?: string;
	readonly zone?: string;
	readonly ocpus?: number;
	readonly sshCidr?: string;
	/** --price: $/h per instance, overriding the catalogue / pricing API. */
	readonly pricePerHour?: number;
	readonly lab?: LabTarget;
	/** `--path`: where the two hosts talk (default same-zone); the prediction and the vendor thresholds follow it. */
	readonly path?: NetworkPath;
	readonly ssh?: SshTarget;
	/** `--context`: the kubeconfig context (absent: its current context). */
	readonly context?: string;
	/** `--namespace`: where the k8s probe's pods go (absent: the context's namespace, else default). */
	readonly namespace?: string;
	readonly k8s?: K8sTarget;
}

/** What a plan asks the shape catalogue for: one instance's $/h of a shape where the pair would run. */
export interface PriceQuery {
	readonly shape: string;
	/** The run's region; null: the cloud's price region. */
	readonly region: string | null;
	/** OCI Flex: the OCPUs the run asks for. */
	readonly ocpus: number | null;
	readonly tier1: boolean;
}

/** The catalogue's answer: a price and where it comes from, or why there is none (never guessed). */
export type CataloguePrice =
	| {readonly perHour: number; readonly source: string}
	| {readonly perHour: null; readonly unknown: string};

/** The shape catalogue's prices, handed to a provider's plan by the probe session (providers hold no catalogue). */
export type PriceBook = (query: PriceQuery) => CataloguePrice;

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
	/** Its process id on the host, where the transport knows it (null: it did not say). */
	readonly remotePid?: Promise<number | null>;
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
	/** Its `netplace-expires` tag (ISO 8601), null when it carries none. */
	readonly expiresAt?: string | null;
	/** Why it must not be deleted (its run is alive, or not known to be dead and not expired); absent: it may. */
	readonly keep?: string;
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
	/**
	 * Asks the user a yes/no question the provider needs answered before it goes on (e.g. trust a host key it has
	 * not seen). Absent (no terminal): the answer is no.
	 */
	readonly confirm?: (question: string) => Promise<boolean>;
}

/**
 * A probe request's fields: the probe flags (camelCase) and the probe form's field ids, one name each. Those
 * here are every provider's, the lab's, your own hosts' and a cluster's; the shape's options are the model's
 * (OptionKey), and a cloud's own come from its folder (CloudFieldId).
 */
export type ProbeFieldId =
	| 'provider'
	| 'labProfile'
	| 'labScale'
	| 'flowCap'
	| 'aggregateCap'
	| 'rtt'
	| 'jitter'
	| 'loss'
	| 'cc'
	| 'overSsh'
	| 'shape'
	| 'region'
	| 'zone'
	| 'ocpus'
	| 'sshCidr'
	| 'price'
	| 'placements'
	| 'streams'
	| 'duration'
	| 'repeat'
	| 'sustained'
	| 'reverse'
	| 'processes'
	| 'hosts'
	| 'identity'
	| 'port'
	| 'knownHosts'
	| 'acceptNewHostKey'
	| 'path'
	| 'context'
	| 'namespace'
	| 'nodes'
	| 'zones'
	| 'network'
	| 'image'
	| OptionKey
	| CloudFieldId;

/** The probe form's text (or switch) values, by field; an empty string is an empty field. */
export type ProbeFieldValues = Readonly<Partial<Record<ProbeFieldId, string>>>;

/** One field of the probe form (the wizard lays it out; `label` is the matching CLI flag). */
export interface ProbeFieldSpec {
	readonly id: ProbeFieldId;
	readonly label: string;
	/** `switch`: a choice of "yes" / "no" (a CLI switch such as --ena-express). */
	readonly kind: 'choice' | 'text' | 'switch';
	readonly choices?: readonly string[];
	readonly hint?: string;
}

/** A problem with a probe target, and the field it is about (null: across fields). */
export interface TargetProblem {
	readonly field: ProbeFieldId | null;
	readonly message: string;
	readonly hint?: string;
}

/** What a provider is, answered without loading it (no SDK): the request layer, commands and screens ask this. */
export interface ProviderFacts {
	readonly id: ProviderId;
	/** Creates resources that cost money: a plan needs an explicit yes (a terminal answer or --yes). */
	readonly billed: boolean;
	/** One line for the probe form: what it is and what it needs. */
	readonly summary: string;
	/** Placements it can probe. */
	readonly placements: readonly Placement[];
	/** The probe form's placement choices (single and comma lists), the first the default. */
	readonly placementChoices: readonly string[];
	/** Its own probe flags (beyond provider, placements and the test settings every provider takes). */
	readonly fields: readonly ProbeFieldId[];
	/** The fields a cloud alone takes (its probe-fields.ts), among `fields`: the request reads each as a name. */
	readonly cloudFields?: readonly CloudField[];
	/** The fields `cleanup` takes to say where to look. */
	readonly cleanupFields: readonly ProbeFieldId[];
	readonly defaults: {
		/** The shape the probe form offers (null: the provider derives one, e.g. the lab from its profile). */
		readonly shape: string | null;
		readonly ocpus?: number;
	};
	/** The placements a request without --placement probes (the lab: its profile cell's own placement). */
	defaultPlacements(target: Omit<ProbeTarget, 'shape' | 'placements'>): readonly Placement[];
	/** The probe form's provider-specific fields for these values, in order. */
	formFields(values: ProbeFieldValues): readonly ProbeFieldSpec[];
	/**
	 * The shape the run reports (validated; UserError naming --shape on a bad one). `raw` is --shape as given,
	 * `target` the rest of the request (the lab names its shape after its profile).
	 */
	resolveShape(raw: string | undefined, target: Omit<ProbeTarget, 'shape'>): string;
	/** Every problem across fields this provider finds before anything is created; empty when none. */
	problems(target: ProbeTarget): readonly TargetProblem[];
}

export interface Provider {
	readonly id: ProviderId;
	readonly facts: ProviderFacts;
	/** Checks this machine or account can run the target at all (e.g. the lab: root and its tools). Optional. */
	preflight?(target: ProbeTarget): void;
	/** The published (or lab-cap) bandwidth of the target's shape. */
	publishedBandwidth(target: ProbeTarget): Promise<PublishedBandwidth>;
	/** Placement modes, and whether this account / machine can use them. */
	placementSupport(target: ProbeTarget): Promise<readonly PlacementSupport[]>;
	/**
	 * Everything that would be created, and its estimated cost: --price, else `prices` (the shape catalogue's,
	 * from the probe session), else unknown. Creates nothing.
	 */
	plan(target: ProbeTarget, holdSeconds: number, prices?: PriceBook): Promise<ProbePlanEstimate>;
	/**
	 * Create one host pair per placement (all at once), tagged with runId. Every resource is recorded as it is
	 * created, so `teardown(runId)` removes what exists even when provisioning failed half way.
	 */
	provision(target: ProbeTarget, runId: string, options?: ProvisionOptions): Promise<readonly HostPair[]>;
	/** Run argv on a host and wait for it. argv is never passed through a local shell. */
	exec(host: Host, argv: readonly string[], options?: ExecOptions): Promise<ExecResult>;
	/** Start a long-running command (e.g. `iperf3 -s`) on a host. */
	startBackground(host: Host, argv: readonly string[]): Promise<BackgroundProcess>;
	/**
	 * What one request probes, as runs, where it is several (k8s: `--nodes auto` is a same-zone and a cross-zone
	 * node pair, `--network both` each pair on the pod and the host network): each target is one run, its shape
	 * and path found from what it probes. Reads, creates nothing. Absent: the request is one run.
	 */
	runTargets?(target: ProbeTarget, options?: {readonly signal?: AbortSignal}): Promise<readonly ProbeTarget[]>;
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

/** A provider's code, loaded on first use (providers/load-provider.ts lists each provider's). */
export interface ProviderLoaders {
	readonly provider: () => Promise<Provider>;
}

/** A cloud's code (providers/<cloud>/loaders.ts): its provider and its live-catalogue adapter (`shapes --live`). */
export interface CloudLoaders extends ProviderLoaders {
	readonly liveCatalogue: () => Promise<LiveOpener>;
}
