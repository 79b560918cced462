// The probe engine's vocabulary: settings, results (DESIGN.md `probe --json`), and the progress events a
// probe emits while it runs. Plain data; no I/O.

import type {BindingLimit, NetworkPath} from '../domain/model-types.js';
import type {Placement, PublishedKind} from '../domain/types.js';
import type {AllowanceDeltas} from '../providers/allowance-counters.js';
import type {CniFact, LeftResource, ProviderId} from '../providers/provider.js';
import type {ProbeSettings} from '../request/probe-settings.js';
import type {Prescription} from '../sizing/host-tuning.js';
import type {PathFigures} from '../sizing/path-physics.js';
import type {HostCpu} from './host-cpu.js';
import type {HostSettings} from './host-settings.js';

export {defaultProbeSettings, type ProbeSettings} from '../request/probe-settings.js';

/** One stream count's figure over its repeats (DESIGN.md `pairs[].results[]`). */
export interface StreamResult {
	readonly streams: number;
	/** Median received Gbps over the samples. */
	readonly gbps: number;
	readonly min: number;
	readonly max: number;
	readonly samples: number;
	/** Median sender retransmits over the samples. */
	readonly retransmits: number;
	/** Every sample's received Gbps, in run order (extra field). */
	readonly sampleGbps?: readonly number[];
	/** TCP RTT under load, ms: iperf3's sender `mean_rtt` averaged over the streams (median sample); null = not reported. */
	readonly tcpRttMs?: number | null;
	/** Lowest and highest `min_rtt` / `max_rtt` over the streams, ms. */
	readonly tcpRttMinMs?: number | null;
	readonly tcpRttMaxMs?: number | null;
	/** iperf3's CPU per end (percent of one core, summed over processes) and whether it bound the test. */
	readonly cpu?: CpuFigures;
	/** Per-stream figures of the median sample. */
	readonly perStream?: PerStreamFigures | null;
	/** How the test ran: processes, iperf3 version, why. */
	readonly mode?: TestMode;
	/** AWS ENA allowance counter deltas over the test (summed over repeats); null where the host has none. */
	readonly allowance?: AllowanceDeltas | null;
	/** What bound this figure (see verdict.ts). */
	readonly limit?: MeasuredLimit;
	/** Seconds iperf3 measured (the shortest sample; the omitted warm-up excluded); absent in older runs. */
	readonly seconds?: number;
	/** Whether the figure measured the network (validity.ts); absent in older runs (validityOf derives it). */
	readonly validity?: TestValidity;
}

/** Why a test's figure can (valid) or cannot stand for the network (validity.ts). */
export type ValidityKind = 'valid' | 'cpu-bound' | 'retransmit-heavy' | 'too-short' | 'partial';

export interface TestValidity {
	readonly kind: ValidityKind;
	/** CPU-bound: the end (or ends) that bound it. */
	readonly end?: 'client' | 'server' | 'both';
	/** The figure that decided it, e.g. "client host: busiest core cpu1 100%…" or "1.4% of segments retransmitted". */
	readonly figure: string;
}

export interface CpuFigures {
	/** iperf3's own `cpu_utilization_percent` per end (measured: getrusage of the iperf3 processes). */
	readonly client: number | null;
	readonly server: number | null;
	/** "this measured the host, not the network" (test-mode.ts cpuVerdict: iperf3's figure or the host's). */
	readonly bound: boolean;
	/** Each host's own CPU over the test (measured: /proc/stat, softirq included); null = not read. */
	readonly host?: {readonly client: HostCpu | null; readonly server: HostCpu | null};
	/** The readings that made it CPU-bound; empty when it was not. */
	readonly boundBy?: readonly string[];
	/** The ends that were CPU-bound (absent in runs saved before it was recorded). */
	readonly boundEnds?: readonly ('client' | 'server')[];
}

export interface PerStreamFigures {
	readonly meanGbps: number;
	readonly minGbps: number;
	readonly maxGbps: number;
	/** (max - min) / mean, percent. */
	readonly spreadPercent: number;
	/** Every stream's Gbps (median sample), in iperf3's order. */
	readonly gbps: readonly number[];
}

export interface TestMode {
	readonly processes: number;
	/** iperf3 on the client, e.g. "3.12"; null = unknown. */
	readonly iperf3: string | null;
	/** e.g. "iperf3 3.12 runs all streams on one thread: 2 processes on ports 5201-5202, summed". */
	readonly why: string;
}

/** What stopped a measured figure (DESIGN.md: per-flow cap, instance, CPU, path). */
export type MeasuredLimit = 'per-flow-cap' | 'window' | 'instance' | 'cpu' | 'path' | 'unknown';

/** The model's figures for the same configuration (DESIGN.md `pairs[].predicted`). */
export interface PredictedFigures {
	readonly singleFlowGbps: number | null;
	readonly aggregateGbps: number | null;
	readonly bindingLimit: BindingLimit;
	/** Where the prediction came from, e.g. "lab caps x 0.955 goodput" or the model's basis lines. */
	readonly basis?: readonly string[];
}

/** Measured over predicted, percent (100 = as predicted), per figure. */
export interface PredictionGap {
	readonly singleFlowPercent: number | null;
	readonly aggregatePercent: number | null;
}

/** What a stream sweep found (sweep.ts). */
export interface SweepResult {
	/** Estimated per-flow cap (the rising part's Gbps per stream); null = no per-flow cap found. */
	readonly perFlowCapGbps: number | null;
	/** Estimated aggregate (the plateau). */
	readonly aggregateGbps: number;
	/** Streams at which per-flow cap x streams reaches the aggregate: more streams buy nothing. */
	readonly kneeStreams: number;
	/** The fewest measured streams already on the plateau (within 5% of the best). */
	readonly saturatedAtStreams: number;
	/**
	 * The streams the conclusion (and the advice, sweep.ts streamsConclusion) rests on: the fewest measured on the
	 * plateau, or the most measured when no per-flow cap was found. Absent in runs saved before it was recorded.
	 */
	readonly streamsNeeded?: number;
	readonly text: string;
}

export interface PairVerdict {
	/** What bound the pair's best figure. */
	readonly bindingLimit: MeasuredLimit;
	readonly lines: readonly string[];
}

/** DESIGN.md `pairs[].rtt`. */
export interface RttResult {
	readonly medianMs: number;
	readonly avgMs: number;
	readonly mdevMs: number;
	readonly minMs?: number;
	readonly maxMs?: number;
	/** Packet loss, percent. */
	readonly lossPercent?: number;
	readonly packets?: number;
}

/** A 30 s block of a sustained run. */
export interface SustainedBlock {
	readonly startSecond: number;
	readonly seconds: number;
	readonly meanGbps: number;
}

export type SustainedVerdict = {readonly kind: 'held'} | {readonly kind: 'decayed'; readonly percent: number};

/** The sustained run's analysis (as the study reported for c8g). */
export interface SustainedResult {
	readonly seconds: number;
	readonly meanGbps: number;
	readonly blocks: readonly SustainedBlock[];
	readonly slowestSecondGbps: number;
	readonly fastestSecondGbps: number;
	/** Mean of the last 10 s over the mean of the first 10 s. */
	readonly lastOverFirst: number;
	readonly verdict: SustainedVerdict;
	/** "held" or "decayed by N%". */
	readonly verdictText: string;
}

export interface PerFlowCeiling {
	/** single / aggregate < 0.9. */
	readonly present: boolean;
	readonly singleToAggregate: number | null;
}

/** A pair's best valid figure against its cloud's own pass mark, where it states one (vendor-threshold.ts). */
export interface VendorCheck {
	/** The figure the vendor's mark is a share of (null: no threshold here). */
	readonly expectedGbps: number | null;
	readonly passShare: number | null;
	/** The pair's best valid figure (its valid aggregate, else its valid single flow). */
	readonly measuredGbps: number | null;
	/** null: not judged (no threshold, or no valid figure). */
	readonly passes: boolean | null;
	readonly text: string;
	readonly source: string;
}

/** One placement's pair (DESIGN.md `pairs[]`). */
export interface PairResult {
	readonly placement: Placement;
	readonly published: {readonly gbps: number | null; readonly kind: PublishedKind};
	readonly results: readonly StreamResult[];
	readonly rtt: RttResult | null;
	readonly perFlowCeiling: PerFlowCeiling;
	readonly percentOfPublished: number | null;
	readonly sustained: SustainedResult | null;
	/** Failed steps of this pair, e.g. "8 streams: the server is busy…" (extra field). */
	readonly errors?: readonly string[];
	/** Provider notes for this pair (extra field). */
	readonly notes?: readonly string[];
	/** The model's prediction for this configuration, or null when there is none. */
	readonly predicted?: PredictedFigures | null;
	readonly gap?: PredictionGap | null;
	/** With three or more stream counts: where throughput stops rising. */
	readonly sweep?: SweepResult | null;
	/** The other direction (`--reverse`, iperf3 -R). */
	readonly reverseResults?: readonly StreamResult[];
	readonly reverseSweep?: SweepResult | null;
	readonly verdict?: PairVerdict;
	/** Both hosts' TCP buffers, congestion control, kernel and route MTU, read before the tests (host-settings.ts). */
	readonly hostSettings?: {readonly client: HostSettings; readonly server: HostSettings};
	/** What those settings and the measured RTT allow one flow, and the settings that lift it (path-check.ts). */
	readonly pathCheck?: PathCheck | null;
	/** The best valid figure against the cloud's own pass mark, where it states one (vendor-threshold.ts). */
	readonly vendorCheck?: VendorCheck | null;
}

/** DESIGN.md `probe --json`. */
export interface ProbeRun {
	readonly runId: string;
	readonly provider: ProviderId;
	readonly shape: string;
	readonly region: string | null;
	readonly pairs: readonly PairResult[];
	readonly teardown: {readonly complete: boolean; readonly left: readonly LeftResource[]};
	readonly startedAt?: string;
	readonly finishedAt?: string;
	readonly settings?: ProbeSettings;
	/** Lab runs: the reference cell the profile reproduces, or null for custom caps. */
	readonly labProfile?: string | null;
	/** `--path` where one was given (your own hosts over SSH): the path the pair measured. Absent: same zone. */
	readonly path?: NetworkPath;
	/** True when any step failed or the run was aborted. */
	readonly failed?: boolean;
	readonly aborted?: boolean;
	/**
	 * DESIGN.md `partial`: aborted, a step failed or a stream count has no figure. Kept and listed, never used as
	 * evidence (probe-session.ts sets it; results-cells.ts `runStatus` decides it).
	 */
	readonly partial?: boolean;
	readonly notes?: readonly string[];
	/** `--provider k8s`: the node pair, the network its pods used and the cluster's CNI (absent in older runs). */
	readonly k8s?: K8sRunFacts;
}

/** What a k8s run measured over: a pod-network run is evidence of the pod network, a host-network run of the node. */
export interface K8sRunFacts {
	readonly nodes: readonly [string, string];
	readonly network: 'pod' | 'host';
	/** null: not looked for (a run made without runTargets). */
	readonly cni: CniFact | null;
}

export type StepKind = 'provision' | 'server' | 'streams' | 'ping' | 'sustained' | 'teardown';

/** Identifies one step of the plan. `placement` is null for run-wide steps (provision, teardown). */
export interface StepRef {
	/** Unique within a run, e.g. "default/streams-8/r2". */
	readonly id: string;
	readonly placement: Placement | null;
	readonly kind: StepKind;
	/** For `streams`: the stream count. */
	readonly streams?: number;
	/** For `streams`: 1-based repeat index. */
	readonly repeat?: number;
	/** For `streams`: true for the reverse direction (iperf3 -R). */
	readonly reverse?: boolean;
	/** Human label, e.g. "8 streams (2/3)". */
	readonly label: string;
	/** Expected seconds (tests only), for progress bars. */
	readonly durationSeconds?: number;
}

/** Figures a finished step reports. */
export type StepFigures =
	| {readonly kind: 'streams'; readonly gbps: number; readonly retransmits: number}
	| {readonly kind: 'ping'; readonly rtt: RttResult}
	| {readonly kind: 'sustained'; readonly sustained: SustainedResult}
	| {readonly kind: 'none'};

/** Progress events, in order; the probe screen folds them into state. */
export type ProbeEvent =
	| {readonly type: 'plan'; readonly runId: string; readonly steps: readonly StepRef[]}
	| {readonly type: 'step-started'; readonly step: StepRef}
	| {
			readonly type: 'progress';
			readonly stepId: string;
			/** 0..1 over the test's duration. */
			readonly fraction: number;
			/** Running Gbps (last interval), when known. */
			readonly gbps: number | null;
	  }
	| {readonly type: 'step-done'; readonly stepId: string; readonly figures: StepFigures; readonly text: string}
	| {readonly type: 'step-failed'; readonly stepId: string; readonly message: string}
	| {
			readonly type: 'teardown-done';
			readonly report: {readonly complete: boolean; readonly left: readonly LeftResource[]};
	  }
	| {readonly type: 'note'; readonly text: string};

/** The probe's path check (path-check.ts): the window bound one flow meets between these hosts. */
export interface PathCheck {
	/** The figures the bound was worked from: the sender's wmem, the receiver's rmem, the measured RTT. */
	readonly figures: PathFigures;
	/** What one flow can carry between these hosts over this RTT. */
	readonly windowGbps: number;
	/** The measured single flow, and whether it sits at the window bound (within windowBand). */
	readonly measuredSingleFlowGbps: number | null;
	/** The bound is below the model's single flow: the window, not the cloud, holds one flow. */
	readonly windowHolds: boolean;
	readonly atWindow: boolean;
	/** The settings that lift the bound to the predicted flow, when the window holds the prediction down. */
	readonly prescription: Prescription | null;
}
