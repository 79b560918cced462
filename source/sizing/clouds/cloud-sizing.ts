// What the pure core knows of one cloud beside its shapes (which the catalogue holds): its model, the
// regions it names and how its zones name them, its documented MTU per path, which of its shapes are
// accelerator machines, the pass mark it holds a pair's throughput to, its placement-group limit, how its
// prices and data-transfer table are read. One file per cloud beside this one; sizing/cloud-models.ts lists
// them. What shared code says of the cloud (its words, levers, options) is in domain/clouds/<cloud>.ts.

import type {Configuration, NetworkPath, ShapeRecord} from '../../domain/model-types.js';
import type {Placement} from '../../domain/types.js';
import type {Carriage, CloudLimits, ModelContext} from '../model-terms.js';

/** A path's MTU when the user gives none, with the documentation it comes from (null: unknown). */
export interface MtuDefault {
	readonly mtu: number | null;
	readonly source: string;
	/**
	 * The largest MTU the path carries, as documented (null: not documented): a host's larger MTU is clamped
	 * to it (path MTU = min(the hosts', the path's)). Absent: the default is the largest.
	 */
	readonly ceiling?: {readonly mtu: number | null; readonly source: string};
}

/** The figure a cloud holds a pair's throughput to, where it states one (probe/vendor-threshold.ts judges by it). */
export interface PassMark {
	readonly expectedGbps: number | null;
	readonly passShare: number | null;
	readonly what: string;
	readonly source: string;
}

/** A probed shape: its catalogue record (undefined where the catalogue lacks it), its published Gbps, Tier_1. */
export interface ProbedShape {
	readonly shape: string;
	readonly record: ShapeRecord | undefined;
	readonly published: number | null;
	readonly tier1: boolean;
}

export interface CloudSizing {
	/** The cloud's per-flow and instance limits for a configuration (its model-<cloud>.ts). */
	readonly limits: (configuration: Configuration, record: ShapeRecord, context: ModelContext) => CloudLimits;
	/** The kinds of configuration of a shape and the most each carries, as `limits` gives them (ceilings.ts). */
	readonly carriage: (record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region' | 'span'>) => Carriage[];
	/**
	 * The regions the cloud names, for checking a typed region and the wizard's type-ahead (cloud-regions.ts).
	 * The first is the region its catalogue prices are read in when no --region is given; then by name.
	 */
	readonly regions: readonly string[];
	/** The documented MTU of each path (path-defaults.ts). */
	readonly mtu: Readonly<Record<NetworkPath, MtuDefault>>;
	/** GPU and other accelerator machines: nobody buys one to move data, so they are searched only by name. */
	readonly isAccelerator: (record: ShapeRecord) => boolean;
	/** The cloud's own pass mark for a pair of the shape in one zone; a cloud that states none says so. */
	readonly passMark: (probed: ProbedShape) => PassMark;
	/** How to check whether a region offers a shape, where the catalogue does not say (offering.ts). */
	readonly offeringCheck: (shape: string, region: string) => string;
	/** A placement group's documented limit of instances per zone (group-limit.ts); null: none documented. */
	readonly groupLimit: GroupLimit | null;
	/**
	 * The MTU the cloud's hosts come with, which reaches a smaller path out of the Region through path MTU
	 * discovery: the tuning notes say so (tuning-lines.ts). Null: not said.
	 */
	readonly pmtudHostMtu: number | null;
	/**
	 * The most one flow of a shape carries in any of its configurations, where working out its kinds costs more
	 * than this bound (ceilings.ts quickCeiling); null: its kinds are cheap.
	 */
	readonly largestFlowGbps: ((record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region'>) => number) | null;
	/** How its internet path limit is footed in the why (ranked.ts): reported by a test, or documented. */
	readonly internetLimitFooting: 'reported' | 'documented';
	/**
	 * The catalogue prices it in its lead region only: a shape elsewhere ranks on that price, labelled as such
	 * (price.ts), never dropped to unknown.
	 */
	readonly leadPriceElsewhere: boolean;
	/** How its data-transfer table is read (data-transfer.ts). */
	readonly transfer: TransferTerms;
	/** Whether a zone belongs to a region by its name (request/region.ts); null: its zones name no region. */
	readonly zoneIn: ((zone: string, region: string) => boolean) | null;
	/** A documented per-flow gain from a close placement, the next step after an imported test (advice/explain-next.ts). */
	readonly closeFlowGain: CloseFlowGain | null;
}

export interface GroupLimit {
	readonly placement: Placement;
	readonly instances: number;
	/** The page that says so, by name. */
	readonly page: string;
}

export interface TransferTerms {
	/** Between Regions with no row for the pair: its class and the class's name, where the table prices by class. */
	readonly interRegionClass: (from: string, to: string) => {readonly kind: string; readonly name: string} | null;
	/** The table's key for the source Region's internet tiers (OCI: its group) and the words naming it. */
	readonly internetSource: (region: string) => {readonly key: string | null; readonly words: string};
	/** The destination column of its internet rows, and what they cover, in words ('' when nothing to add). */
	readonly internetDestination: string;
	readonly internetWords: string;
}

export interface CloseFlowGain {
	readonly placement: Placement;
	readonly label: string;
	readonly fromGbps: number;
	readonly toGbps: number;
	readonly footing: string;
}

/** Data transfer read by pair and by the source Region alone: no class, no group. */
export const byRegionPair: TransferTerms = {
	interRegionClass: () => null,
	internetSource: (region) => ({key: region, words: ''}),
	internetDestination: '',
	internetWords: '',
};

/** A whitespace-separated list of names. */
export const words = (text: string): readonly string[] => text.trim().split(/\s+/);
