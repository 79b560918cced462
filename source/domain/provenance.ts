// Provenance for every figure in the reference catalogue: measured in the study, derived by stated
// arithmetic from figures the study gives only as percentages, or not given at all. Pure data.

import type {Cloud, Placement, PublishedKind, RealCloud} from './types.js';

/** How a figure was arrived at, with the operands as numbers so a test can redo the arithmetic. */
export interface Derivation {
	/** Human account: what, from what, by what arithmetic, and the article's words. */
	readonly arithmetic: string;
	/** The operands, multiplied together to give the figure (before rounding). */
	readonly operands: readonly number[];
	/** Decimal places the product was rounded to. */
	readonly roundedTo: number;
}

export type Figure =
	| {readonly basis: 'measured'; readonly value: number; readonly note?: string}
	| {readonly basis: 'derived'; readonly value: number; readonly derivation: Derivation}
	| {readonly basis: 'not-given'; readonly value: null; readonly note: string};

export function measured(value: number, note?: string): Figure {
	return note === undefined ? {basis: 'measured', value} : {basis: 'measured', value, note};
}

export function notGiven(note: string): Figure {
	return {basis: 'not-given', value: null, note};
}

/** A figure computed as the product of its operands, rounded; the product is done here, never typed in. */
export function derived(arithmetic: string, operands: readonly number[], roundedTo = 2): Figure {
	const product = operands.reduce((accumulator, operand) => accumulator * operand, 1);
	const scale = 10 ** roundedTo;
	return {
		basis: 'derived',
		value: Math.round(product * scale) / scale,
		derivation: {arithmetic, operands, roundedTo},
	};
}

/** What a cloud publishes for a shape, and what kind of number it is. */
export interface PublishedFigure {
	readonly kind: PublishedKind;
	readonly figure: Figure;
	/** peak-over-baseline: the baseline the peak sits over. */
	readonly baselineGbps?: number;
	/** Where the published number comes from, in one line. */
	readonly detail: string;
}

/** One cell of the study: a cloud, region, zone, shape and placement, with every figure's provenance. */
export interface ReferenceCell {
	readonly cloud: RealCloud;
	readonly region: string;
	/** Zone or availability domain; null where the study names none (AWS: "one availability zone"). */
	readonly zone: string | null;
	readonly shape: string;
	readonly placement: Placement;
	readonly singleFlowGbps: Figure;
	/** The eight-stream aggregate. */
	readonly aggregateGbps: Figure;
	readonly streams: number;
	readonly rttMs: Figure;
	/** Round-trip mean deviation; not given per cell on AWS (a cloud-level range only). */
	readonly jitterMs: Figure;
	readonly samples: number;
	readonly published: PublishedFigure;
	/** On-demand $/h where the study gives one, else null. */
	readonly pricePerHour: number | null;
	/** Whether this cloud shows a per-flow ceiling in the study (one flow well below the aggregate). */
	readonly perFlowCeiling: boolean;
	readonly notes: readonly string[];
}

/** Whether a placement mode could be requested at all, as checked in the study. */
export interface PlacementAvailability {
	readonly cloud: RealCloud;
	readonly placement: Placement;
	readonly available: boolean;
	/** Conditions, wrinkles or the refusal, one line each. */
	readonly details: readonly string[];
	/** Needed for the placement to work, e.g. "onHostMaintenance=TERMINATE". */
	readonly requires?: string;
	/** The API's answer when refused, e.g. "404 NotAuthorizedOrNotFound". */
	readonly refusal?: string;
	readonly verifiedOn: string;
}

/** A note that belongs to a whole cloud rather than a cell. */
export interface CloudNote {
	readonly cloud: Cloud;
	readonly id: string;
	readonly text: string;
	/** A numeric range the note states, e.g. AWS jitter 0.006 to 0.016 ms. */
	readonly range?: {readonly min: number; readonly max: number; readonly unit: string};
}
