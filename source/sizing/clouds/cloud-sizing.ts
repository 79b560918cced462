// What the pure core knows of one cloud beside its shapes (which the catalogue holds): its model, the
// regions it names, its documented MTU per path, the placement fault isolation asks for and which of its
// shapes are accelerator machines. One file per cloud beside this one; sizing/cloud-models.ts lists them.

import type {Configuration, NetworkPath, ShapeRecord} from '../../domain/model-types.js';
import type {Placement} from '../../domain/types.js';
import type {CloudLimits, ModelContext} from '../model-terms.js';

/** A path's MTU when the user gives none, with the documentation it comes from (null: unknown). */
export interface MtuDefault {
	readonly mtu: number | null;
	readonly source: string;
}

export interface CloudSizing {
	/** The cloud's per-flow and instance limits for a configuration (its model-<cloud>.ts). */
	readonly limits: (configuration: Configuration, record: ShapeRecord, context: ModelContext) => CloudLimits;
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
}

/** A whitespace-separated list of names. */
export const words = (text: string): readonly string[] => text.trim().split(/\s+/);
