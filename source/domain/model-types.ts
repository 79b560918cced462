// The sizing vocabulary (DESIGN.md "The shape catalogue", "The throughput model", "`size --json`"):
// catalogue records, configurations, predictions and ranked answers. Plain data; no React, no I/O.
// This file is the contract between the catalogue (generator + loader), the model, the search,
// the advice and both faces: extend it, do not fork it.

import type {Placement, PublishedKind, RealCloud} from './clouds.js';

export type Arch = 'arm64' | 'x86_64';
export const arches: readonly Arch[] = ['arm64', 'x86_64'];

/** Where the two hosts talk: the same zone (default), across zones, to another region, or through the internet. */
export type NetworkPath = 'same-zone' | 'cross-zone' | 'cross-region' | 'internet';
export const networkPaths: readonly NetworkPath[] = ['same-zone', 'cross-zone', 'cross-region', 'internet'];

/** Paths that leave the Region: AWS documents one limit for both (50% of the instance, or 5 Gbps). */
export function leavesRegion(path: NetworkPath): boolean {
	return path === 'cross-region' || path === 'internet';
}

/**
 * How a figure is known: measured (study or the user's probe; best), documented (a cloud's stated limit),
 * modelled (a measured ratio carried inside the range it was measured on), bound (only a lower bound is
 * known: the figure is "at least" this), unknown (a fact the catalogue lacks; the figure says how to check).
 */
export type Footing = 'measured' | 'documented' | 'modelled' | 'bound' | 'unknown';

/**
 * What stops the aggregate (DESIGN.md). `per-flow-cap`: a documented cap per flow (AWS). `flows`: the flows
 * carry less than the instance and no cap is documented (GCP, OCI: the measured single flow, or at least it).
 * `interface`: the ENIs / VNICs the configuration can use. `window`, `loss`, `mtu`: the path and the hosts
 * (path-physics.ts).
 */
export type BindingLimit =
	| 'per-flow-cap'
	| 'flows'
	| 'interface'
	| 'window'
	| 'loss'
	| 'mtu'
	| 'instance-baseline'
	| 'instance-peak'
	| 'path-limit'
	| 'none-known';

/** The interfaces a configuration needs: AWS ENIs on network cards, OCI VNICs, GCP the VM (one). */
export interface InterfaceUse {
	readonly kind: 'eni' | 'vnic' | 'vm';
	/** How many the prediction rests on (1 unless the aggregate needs more than one reaches). */
	readonly count: number;
	/** What one carries (documented), or null when one reaches the instance figure. */
	readonly perInterfaceGbps: number | null;
	/** Said when more than one is needed, or when a second buys nothing. */
	readonly note: string | null;
}

/** One public source the catalogue was generated from (listed with its licence in DATA-SOURCES.md). */
export interface SourceRef {
	/** Short id, e.g. `flexera-aws`, `karpenter-bandwidth`, `cyclenerd-pricing`, `oci-shapes-doc`. */
	readonly id: string;
	/** The source's own date (commit or publication), ISO `YYYY-MM-DD`. */
	readonly date: string;
}

/** A published bandwidth figure for a shape. Unknown numbers are null, never guessed. */
export interface PublishedBandwidth {
	/** Sustained figure the cloud states (AWS baseline; GCP per-VM egress cap; OCI per-shape figure). */
	readonly baselineGbps: number | null;
	/** Burst/peak figure (AWS "up to"); equal to baseline where the cloud states one number. */
	readonly peakGbps: number | null;
	readonly kind: PublishedKind;
	/** Network cards (AWS multi-card shapes); null when not known. */
	readonly networkCards: number | null;
	/** First card's figures where they differ from the instance total (multi-card AWS shapes). */
	readonly perCardBaselineGbps: number | null;
	readonly perCardPeakGbps: number | null;
	readonly source: SourceRef;
	/**
	 * GCP: Google's own image-test target for this machine type (default tier), where one exists. Corroboration,
	 * not a published limit (a test passes at 85% of it). Absent elsewhere.
	 */
	readonly expectedGbps?: number | null;
}

/** A price per instance-hour in one region, or null with why. Never guessed. */
export interface ShapePrice {
	readonly perHour: number | null;
	readonly region: string;
	readonly date: string | null;
	readonly source: SourceRef | null;
	/** The source states one price for every commercial region (OCI): `region` is where it was read. */
	readonly allRegions?: boolean;
}

/** OCI Flex shapes: the OCPU count is chosen per configuration. */
export interface FlexRange {
	readonly minOcpus: number;
	readonly maxOcpus: number;
	readonly vcpusPerOcpu: number;
	readonly gbpsPerOcpu: number;
	readonly maxGbps: number;
	/** $ per OCPU-hour and per GB-hour where a source gives them, else null. */
	readonly pricePerOcpuHour: number | null;
	readonly pricePerGibHour: number | null;
	/** Default memory per OCPU (GiB) used when pricing a configuration, where known. */
	readonly memoryGibPerOcpu: number | null;
	/** The catalogue source (its id) that states `memoryGibPerOcpu`; absent when that is unknown. */
	readonly memoryGibPerOcpuSource?: string;
	/** The catalogue source (its id) of the two rates; absent when they are unknown. */
	readonly priceSource?: string;
}

/** GCP Tier_1 networking: eligibility and its higher per-VM egress cap. */
export interface Tier1 {
	readonly eligible: boolean;
	readonly capGbps: number | null;
	readonly source: SourceRef | null;
}

export interface ShapeRecord {
	readonly cloud: RealCloud;
	readonly shape: string;
	/** AWS family (`c8gn`), GCP series (`c4a`), OCI shape family (`VM.Standard.E5`). */
	readonly family: string;
	/** For Flex shapes: vCPUs at the minimum OCPUs; use `flex` for the range. */
	readonly vcpus: number | null;
	readonly memoryGib: number | null;
	readonly arch: Arch | null;
	readonly bandwidth: PublishedBandwidth;
	/** AWS: ENA Express supported (null where no source says). */
	readonly enaExpress: boolean | null;
	/** GCP only (null elsewhere). */
	readonly tier1: Tier1 | null;
	/** Placements this shape may be launched in (burstable AWS types: no `cluster`). */
	readonly placements: readonly Placement[];
	/** Of `placements`, those whose support is unknown (searched, footed unknown with how to check); absent: none. */
	readonly placementsUnknown?: readonly Placement[];
	/** Burstable CPU (AWS t-family, GCP shared-core): flagged because the model treats them differently. */
	readonly burstable: boolean;
	/** One price per region the sources give (AWS: us-east-1 only). Empty when none is known. */
	readonly prices: readonly ShapePrice[];
	/** Regions the shape is offered in where a source says (GCP); null when unknown. */
	readonly regions: readonly string[] | null;
	/** Where `regions` comes from, null (or absent) when no source lists them. */
	readonly regionsSource?: SourceRef | null;
	readonly flex: FlexRange | null;
	/** Where `enaExpress` comes from (AWS), null when no source says. */
	readonly enaExpressSource?: SourceRef | null;
	/**
	 * `conflict`: AWS's older spec table says no, its newer support list yes (kept as yes: verify with
	 * DescribeInstanceTypes EnaSrdSupported); `inferred`: a size neither page lists, its family listed (no).
	 */
	readonly enaExpressFlag?: 'conflict' | 'inferred' | null;
	/** The cloud marks the shape deprecated (still launchable, not recommended). */
	readonly deprecated?: boolean;
}

/** A source with its credit line (DATA-SOURCES.md). */
export interface CatalogueSource extends SourceRef {
	readonly name: string;
	readonly licence: string;
	readonly url: string;
	/** The commit the file was read at, where it came from a repository. */
	readonly commit?: string | null;
}

export interface ShapeCatalogue {
	/** When the generator ran and over which sources. */
	readonly generatedAt: string;
	readonly sources: readonly CatalogueSource[];
	readonly shapes: readonly ShapeRecord[];
}

export interface ConfigurationOptions {
	readonly enaExpress: boolean;
	readonly tier1: boolean;
}

/** What keeps two hosts apart where no placement group does (OCI under fault isolation; domain/isolation.ts). */
export type IsolatedBy = 'fault-domains' | 'availability-domains' | 'regions';

/** The options a configuration turns on, by name: ["ENA Express"], ["Tier_1"], []. */
export function optionNames(options: ConfigurationOptions): string[] {
	return [options.enaExpress ? 'ENA Express' : '', options.tier1 ? 'Tier_1' : ''].filter((name) => name !== '');
}

/** What a user would buy and run: cloud + shape (+ OCPUs) + placement + options + streams. */
export interface Configuration {
	readonly cloud: RealCloud;
	readonly shape: string;
	readonly placement: Placement;
	/** OCI Flex only; null elsewhere. */
	readonly ocpus: number | null;
	readonly options: ConfigurationOptions;
	readonly streams: number;
}

export interface Prediction {
	readonly singleFlowGbps: number | null;
	readonly aggregateGbps: number | null;
	readonly bindingLimit: BindingLimit;
	readonly footing: {readonly singleFlow: Footing; readonly aggregate: Footing};
	/** Sustained transfers on a burstable-network shape: which figure the plan rests on. */
	readonly restsOn?: 'baseline' | 'peak';
	/** Resting on the baseline of an "up to" shape: the peak it bursts to (not planned on). */
	readonly burstGbps?: number;
	/** The interfaces the aggregate needs (explained predictions; the search ranks without it). */
	readonly interfaces?: InterfaceUse;
	/** One line per figure saying where it came from (the study cell, the documented cap, the probe run). */
	readonly basis: readonly string[];
}

/** The workload's transfer on one configuration (`--transfer`): how long it takes and what it costs. */
export interface TransferEstimate {
	readonly bytes: number;
	/** At the predicted aggregate; null when the aggregate is unknown. */
	readonly seconds: number | null;
	/** The instance-hours at the hourly price, per instance; null when either is unknown. */
	readonly cost: number | null;
	/** The aggregate's footing (a `bound` aggregate: the duration is at most this). */
	readonly footing: Footing;
	/** Whether it ends within `--within`; null when no time was given or the duration is unknown. */
	readonly withinTime: boolean | null;
}

export interface RankedConfiguration extends Configuration {
	readonly rank: number;
	readonly predicted: Prediction;
	readonly meetsTarget: boolean;
	readonly pricePerHour: number | null;
	readonly priceRegion: string | null;
	readonly pricePerGbpsHour: number | null;
	/** Why no price is known (Tier_1's unpriced SKU, no source for the shape); absent when priced. */
	readonly priceUnknown?: string;
	/** How the price is made up where it is not one figure (OCI Flex: OCPUs + default memory, its source). */
	readonly priceBasis?: string;
	/**
	 * The workload's minimums this configuration could not be checked against, the catalogue lacking the
	 * shape's figure: kept (missing is not "no"), and said (nor is it "yes"). Absent when all were checked.
	 */
	readonly unchecked?: readonly string[];
	readonly why: string;
	/** What keeps the hosts apart where no placement group does (OCI under fault isolation): text says the same. */
	readonly isolatedBy?: IsolatedBy;
	/** The workload's transfer on this configuration, when `--transfer` was given. */
	readonly transfer?: TransferEstimate;
	/** Pairs of hosts the plan runs on (DESIGN.md "The plan"): 1 when one pair meets the job. */
	readonly pairs: number;
	/** The job on this plan: its rate, time and cost. */
	readonly job: JobFigures;
	/** The host settings the figures rest on. */
	readonly hosts: PlanHosts;
	/** More streams than vCPUs on a pair: a stated risk (it ranks after plans without it). */
	readonly cpuRisk?: string;
	/** Whether the plan's Regions (--region, --to-region) offer the shape: yes, no or unknown, each with its source. */
	readonly offering?: readonly RegionOffering[];
}

/** A shape's offering in one Region: yes, no or unknown (null, with how to check), with its source and date. */
export interface RegionOffering {
	readonly region: string;
	readonly offered: boolean | null;
	readonly source: SourceRef | null;
	/** How to check, where unknown. */
	readonly check: string | null;
}

/** The job on a plan (DESIGN.md `job: {seconds, cost: {instances, dataTransfer, total}}`). */
export interface JobFigures {
	/** pairs x the pair's aggregate, Gbps. */
	readonly rateGbps: number | null;
	/** The job's duration at that rate, s; null without a volume or with an unknown aggregate. */
	readonly seconds: number | null;
	/** Both ends x pairs, $ per hour; null when the price is unknown. */
	readonly perHour: number | null;
	/** Null without a volume (`--transfer`). */
	readonly cost: JobCost | null;
}

export interface JobCost {
	/** Both ends' instance-hours over the job x pairs, $; null when the price or the time is unknown. */
	readonly instances: number | null;
	/** The bytes at the path's $/GB, $; null when no source prices it (`dataTransferUnknown` says why). */
	readonly dataTransfer: number | null;
	/** instances + dataTransfer; null when either is unknown. */
	readonly total: number | null;
	/** The data-transfer price, with its source and date, where known. */
	readonly dataTransferPrice?: {
		readonly usdPerGB: number;
		readonly chargedOn: string;
		readonly source: string;
		readonly asOf: string;
		readonly basis: string;
	};
	readonly dataTransferUnknown?: string;
}

/** The hosts' TCP settings a plan's figures rest on. */
export interface PlanHosts {
	/** True: tuned as `netplace tune` prints for this plan (the default); false: as they are (given or Linux's). */
	readonly tuned: boolean;
	/** The buffer (rmem/wmem max, bytes) tuning sets; null when the hosts need none or are taken as they are. */
	readonly bufferBytes: number | null;
	/** Tuned with no buffer set: why (the window does not bind, or the RTT is unknown and it cannot be sized). */
	readonly why?: string;
	/** The pair's aggregate with the hosts as they are, where tuning changes it (the decision order's step). */
	readonly untuned: {
		readonly singleFlowGbps: number | null;
		readonly aggregateGbps: number | null;
		readonly bindingLimit: BindingLimit;
	} | null;
}

/** What would be needed when nothing meets the target. */
export interface ClosestHint {
	readonly text: string;
	/** e.g. more streams, a placement, an option, a bigger shape. */
	readonly needs: readonly {readonly kind: 'streams' | 'placement' | 'option' | 'shape'; readonly detail: string}[];
}

/** One way out of an empty answer: the constraints lifted (as their flags) and the best configuration then. */
export interface Relaxation {
	readonly flags: readonly string[];
	/** Null when lifting them still finds nothing. */
	readonly best: RankedConfiguration | null;
}

export interface SizeResult {
	readonly meetsTarget: boolean;
	readonly configurations: readonly RankedConfiguration[];
	readonly closest: ClosestHint | null;
	/** An empty answer: the constraints that emptied it, each lifted, and what the search gives then. */
	readonly emptiedBy?: readonly Relaxation[];
	/** Ranked configurations with no price, grouped after the priced ones; absent when all are priced. */
	readonly unpriced?: UnpricedGroup;
}

/**
 * The configurations of an answer whose price is unknown: never read as cheap, they rank after every priced
 * configuration that meets the target (with none: after every priced one), and the answer says so.
 */
export interface UnpricedGroup {
	/** How many of the ranked configurations have no price. */
	readonly count: number;
	/** Their ranks. */
	readonly ranks: readonly number[];
	/** One sentence saying so, with why no price is known. */
	readonly text: string;
}
