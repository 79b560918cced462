// The advisor's vocabulary: plain data, shared by the catalogue, the rules, the CLI and the wizard.
// No React, no I/O.

import type {OptionStepId} from './clouds/cloud-terms.js';
import {
	type Cloud,
	type CloudScope,
	type CloudStepId,
	cloudStepIds,
	type Placement,
	type PublishedKind,
} from './clouds.js';
import type {Arch, NetworkPath, RankedConfiguration, Relaxation, UnpricedGroup} from './model-types.js';

export {
	type Cloud,
	type CloudScope,
	cloudScopes,
	clouds,
	cloudsInScope,
	inScope,
	isRealCloud,
	type Placement,
	type PublishedKind,
	placements,
	type RealCloud,
} from './clouds.js';

/** The congestion controls the model knows (`--cc`): CUBIC is Linux's default since 2.6.19. */
export const congestionControls = ['cubic', 'bbr', 'reno'] as const;
export type CongestionControl = (typeof congestionControls)[number];

export type Verdict = 'do' | 'consider' | 'avoid' | 'not-needed' | 'satisfied';

/** The decision order's steps: the shared levers and each cloud's own (their ids in domain/clouds/<cloud>.ts). */
export type StepId =
	| 'parallelise'
	| 'one-more-stream'
	| 'network-optimised-shape'
	| 'host-tuning'
	| CloudStepId
	| OptionStepId;

const cloudSteps = cloudStepIds();

/**
 * The decision order's levers, in the study's order: streams first, placement (the isolating placements
 * when fault isolation is asked, then the close ones), a bigger NIC, then the options. Each step is the
 * recommendation with one change (what-ifs/).
 */
export const stepOrder: readonly StepId[] = [
	'parallelise',
	'one-more-stream',
	...cloudSteps.isolating,
	...cloudSteps.close,
	'network-optimised-shape',
	...cloudSteps.options,
	'host-tuning',
];

/**
 * Where a measured figure comes from: the study, the user's own netplace probe, or a measurement made elsewhere
 * that `netplace explain --save` kept (footed `imported`; a probe of the same cell stands over it).
 */
export type FigureSource = 'reference' | 'probe' | 'imported';

/** The workload the user describes (DESIGN.md `advise --json` `.workload`). */
export interface Workload {
	readonly cloud: CloudScope;
	/** Parallel connections the data path can really open (integer >= 1). */
	readonly streams: number;
	readonly latencySensitive: boolean;
	/** Correlated failure is the risk. */
	readonly faultIsolation: boolean;
	/** Aggregate Gbps needed, or null when not stated. */
	readonly minGbps: number | null;
	/** Transfers run longer than the shortest documented burst window (five minutes). */
	readonly sustained: boolean;
	/** How much data the transfer moves, bytes (`--transfer`), or null when not said. */
	readonly transferBytes: number | null;
	/** The time it must finish in, seconds (`--within`), or null when not said. */
	readonly withinSeconds: number | null;
	/** GCP: live migration must be kept. */
	readonly keepLiveMigration: boolean;
	/** Where the two hosts talk (default same-zone). */
	readonly path: NetworkPath;
	/** Region to run and price in, or null for any (each cloud's catalogue price region). */
	readonly region: string | null;
	readonly arch: Arch | null;
	readonly minVcpus: number | null;
	readonly minMemoryGib: number | null;
	/** Shapes to evaluate (as the user typed them); empty = every shape in the catalogue. */
	readonly shapes: readonly string[];
	/** Pins (null lets the search choose): only this placement, only with / without ENA Express or Tier_1. */
	readonly placement: Placement | null;
	readonly enaExpress: boolean | null;
	readonly tier1: boolean | null;
	/** The path's round trip, ms (null: the study's same-zone RTT, else unknown). */
	readonly rttMs: number | null;
	/** The path MTU, bytes (null: the cloud's documented MTU for the path). */
	readonly mtu: number | null;
	/**
	 * The largest buffers TCP autotuning reaches: the third field of net.ipv4.tcp_rmem / tcp_wmem, bytes
	 * (`--tcp-rmem-max`, `--tcp-wmem-max`; null: Linux's defaults). These set the window.
	 */
	readonly tcpRmemMax: number | null;
	readonly tcpWmemMax: number | null;
	/**
	 * net.core.rmem_max / wmem_max, bytes (`--rmem-max`, `--wmem-max`; null: not given). They bound only a
	 * buffer a program asks for (SO_RCVBUF / SO_SNDBUF, iperf3 -w), not autotuning.
	 */
	readonly rmemMax: number | null;
	readonly wmemMax: number | null;
	/** The hosts' congestion control (`--cc`; null: Linux's default, CUBIC). */
	readonly cc: CongestionControl | null;
	/** Packet loss on the path, percent (0.01 = one packet in 10,000); null when not given (no loss term). */
	readonly lossPercent: number | null;
	/** The far end's Region on a cross-Region path (`--to-region`), or null when not said. */
	readonly toRegion: string | null;
	/** The hosts' TCP settings cannot be changed (`--hosts-as-is`): the plan takes them as they are. */
	readonly hostsAsIs: boolean;
	/** The most pairs of hosts a plan may use (`--max-pairs`, default 16). */
	readonly maxPairs: number;
	/**
	 * Where the hosts' buffers, congestion control and MTU came from when a probe read them rather than the user
	 * (session/host-readings.ts): the run, its provider and when. Absent: given, or Linux's defaults.
	 */
	readonly hostsReadFrom?: string;
	/** The hosts' kernel release, where a probe read it (it sets the share of a buffer that is window). */
	readonly kernel?: string | null;
}

export const defaultWorkload: Workload = {
	cloud: 'any',
	streams: 1,
	latencySensitive: false,
	faultIsolation: false,
	minGbps: null,
	sustained: false,
	transferBytes: null,
	withinSeconds: null,
	keepLiveMigration: false,
	path: 'same-zone',
	region: null,
	arch: null,
	minVcpus: null,
	minMemoryGib: null,
	shapes: [],
	placement: null,
	enaExpress: null,
	tier1: null,
	rttMs: null,
	mtu: null,
	tcpRmemMax: null,
	tcpWmemMax: null,
	rmemMax: null,
	wmemMax: null,
	cc: null,
	lossPercent: null,
	toRegion: null,
	hostsAsIs: false,
	maxPairs: 16,
};

/**
 * One measured cell: a cloud, shape and placement, from the reference study or the user's own probe.
 * This is the unit of evidence `advise()` reads and the unit the bandwidth table is built from.
 */
export interface Measurement {
	readonly cloud: Cloud;
	readonly shape: string;
	readonly placement: Placement;
	readonly region: string | null;
	/** One TCP flow, Gbps (null when not measured). */
	readonly singleFlowGbps: number | null;
	/** Many parallel flows, Gbps (null when not measured). */
	readonly aggregateGbps: number | null;
	/** How many streams the aggregate used. */
	readonly streams: number;
	readonly rttMs: number | null;
	readonly jitterMs: number | null;
	readonly publishedGbps: number | null;
	readonly publishedKind: PublishedKind;
	readonly pricePerHour: number | null;
	readonly source: FigureSource;
	/** Samples behind each figure (the study: 1). */
	readonly samples: number;
	/** For lab rows: the reference cell the lab profile reproduces (e.g. `aws/c8g.4xlarge/default`), else null. */
	readonly labProfile?: string | null;
	/** For probe rows: the run that produced it, and when (for a cell of several runs: the latest). */
	readonly runId?: string;
	readonly measuredAt?: string;
	/** For probe cells: how many complete runs the medians are over, their ids and dates (oldest first). */
	readonly runs?: number;
	readonly runIds?: readonly string[];
	readonly dates?: readonly string[];
	/**
	 * A k8s probe on the pod network (not the nodes' own): evidence of the pod network for this shape and CNI
	 * (its name, null when unknown), never the node's figure (evidence.ts keeps it apart from the cells).
	 */
	readonly podNetwork?: {readonly cni: string | null};
	/** For probe rows of real hosts: their TCP settings as the probe read them (probe/host-settings.ts). */
	readonly hosts?: HostReading;
}

/**
 * A pair's TCP settings as a probe read them, as the model takes them: the receiver's autotuning receive
 * ceiling and net.core.rmem_max, the sender's send side and congestion control, the smaller route MTU, the
 * receiver's kernel. Null: not read.
 */
export interface HostReading {
	readonly tcpRmemMax: number | null;
	readonly tcpWmemMax: number | null;
	readonly rmemMax: number | null;
	readonly wmemMax: number | null;
	readonly cc: CongestionControl | null;
	readonly mtu: number | null;
	readonly kernel: string | null;
	/** The provider that read them (ssh, aws, …). */
	readonly provider: string;
}

/** One figure quoted as evidence for a step (DESIGN.md `steps[].evidence[]`). */
export interface EvidenceFigure {
	readonly cloud: Cloud;
	readonly shape: string;
	readonly placement: Placement;
	/** Streams behind `gbps`, or null when the figure is not a throughput. */
	readonly streams: number | null;
	readonly gbps: number | null;
	readonly rttMs?: number | null;
	readonly source: FigureSource;
	/** Human footing, e.g. "one sample, us-west-2". */
	readonly footing?: string;
}

export interface Step {
	readonly rank: number;
	readonly id: StepId;
	readonly verdict: Verdict;
	readonly title: string;
	readonly why: string;
	readonly evidence: readonly EvidenceFigure[];
	/**
	 * The change would make a plan that misses the job's rate meet it (a CONSIDER step; a DO step is the
	 * card's own). Absent when it would not, or when there is no rate to meet.
	 */
	readonly meetsJob?: true;
}

export type NoteId = 'c8g-burst-held' | 'one-sample-per-cell' | 'stock-configuration' | (string & {});

export interface Note {
	readonly id: NoteId;
	readonly text: string;
}

/** One row of `table --json` (DESIGN.md). */
export interface BandwidthRow {
	readonly cloud: Cloud;
	readonly shape: string;
	readonly placement: Placement;
	readonly region: string | null;
	readonly singleFlowGbps: number | null;
	readonly aggregateGbps: number | null;
	readonly streams: number;
	readonly publishedGbps: number | null;
	readonly publishedKind: PublishedKind;
	readonly percentOfPublished: number | null;
	readonly singleToAggregate: number | null;
	readonly rttMs: number | null;
	readonly jitterMs: number | null;
	readonly pricePerHour: number | null;
	readonly source: FigureSource;
	readonly samples: number;
	/** Which of this row's figures are derived by arithmetic (not measured directly), e.g. ["singleFlowGbps"]. */
	readonly derived?: readonly string[];
	/** Probe rows: one per cell, the median of `runs` complete runs (ids and dates oldest first). */
	readonly runs?: number;
	readonly runIds?: readonly string[];
	readonly dates?: readonly string[];
}

export interface Advice {
	readonly workload: Workload;
	/** The top configurations for the workload, as `size --json` ranks them. */
	readonly configurations: readonly RankedConfiguration[];
	readonly steps: readonly Step[];
	readonly notes: readonly Note[];
	readonly bandwidth: readonly BandwidthRow[];
	/** An empty answer: the constraints that emptied it, each lifted, and what the search gives then. */
	readonly emptiedBy?: readonly Relaxation[];
	/** Ranked configurations with no price, grouped after the priced ones (as `size --json`). */
	readonly unpriced?: UnpricedGroup;
	/** The probe that measures the recommendation (what the wizard's `p` fills its form with); null: none ranked. */
	readonly probe?: ProbeCommands | null;
}

/** `netplace probe` command lines for an answer: on its cloud, and its cell in the lab at the path's RTT. */
export interface ProbeCommands {
	readonly cloud: string;
	readonly lab: string;
}
