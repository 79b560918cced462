// What the pure core knows of one cloud beside its shapes (which the catalogue holds): its model, the
// regions it names, its documented MTU per path, the placement fault isolation asks for, which of its
// shapes are accelerator machines and the pass mark it holds a pair's throughput to. One file per cloud
// beside this one; sizing/cloud-models.ts lists them.

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
	/** The placement fault isolation asks for (constraints.ts). */
	readonly isolatingPlacement: Placement;
	/** GPU and other accelerator machines: nobody buys one to move data, so they are searched only by name. */
	readonly isAccelerator: (record: ShapeRecord) => boolean;
	/** The cloud's own pass mark for a pair of the shape in one zone; a cloud that states none says so. */
	readonly passMark: (probed: ProbedShape) => PassMark;
	/** How to check whether a region offers a shape, where the catalogue does not say (offering.ts). */
	readonly offeringCheck: (shape: string, region: string) => string;
}

/** A whitespace-separated list of names. */
export const words = (text: string): readonly string[] => text.trim().split(/\s+/);
