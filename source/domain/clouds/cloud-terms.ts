// What shared code says of one cloud, beside its model (sizing/clouds/): its name, its placement words, the
// levers the decision order offers on it with their step ids, the options it sells and the placement that
// costs live migration. One file per cloud beside this one; domain/clouds.ts lists them. Pure data.

import type {Placement} from '../placements.js';

/** A placement that keeps the two hosts on distinct hardware: one decision-order step (advice/what-ifs/isolation.ts). */
export interface IsolatingLever {
	readonly id: string;
	/** The configuration's placement (OCI's fault domains are asked for at launch, at default placement). */
	readonly placement: Placement;
	readonly label: string;
	/** What it isolates, in a clause. */
	readonly how: string;
}

/** Where the path's own domains isolate the hosts at default placement (OCI): the step for each path off one zone. */
export interface PathIsolation {
	readonly 'availability-domains': IsolatingLever;
	readonly regions: IsolatingLever;
}

/** A placement that puts both hosts close together, in one zone: one step (advice/what-ifs/close-placement.ts). */
export interface CloseLever {
	readonly id: string;
	readonly placement: Placement;
	readonly label: string;
	/** What to do where the study was refused it (a tenancy the cloud enables it for): said with the refusal. */
	readonly whenRefused?: string;
}

/** The options a configuration can turn on (domain/model-types.ts ConfigurationOptions), each one step. */
export const optionSteps = {
	enaExpress: {id: 'ena-express', label: 'ENA Express', off: '--no-ena-express'},
	tier1: {id: 'tier1', label: 'Tier_1 networking', off: '--no-tier1'},
} as const;
export type OptionKey = keyof typeof optionSteps;
/** Every option, in optionSteps' order. */
export const optionKeys = Object.keys(optionSteps) as OptionKey[];
export type OptionStepId = (typeof optionSteps)[OptionKey]['id'];

export interface CloudTerms {
	/** How both faces name the cloud, and the article before its name ("an AWS region", "a GCP region"). */
	readonly label: string;
	readonly article: 'a' | 'an';
	/** The card's name for a placement where this cloud's differs from the shared one (present/recommendation-card.ts). */
	readonly placementLabels: Partial<Readonly<Record<Placement, string>>>;
	/** The why's words for a placement where this cloud's differ from the shared ones (sizing/ranked.ts). */
	readonly placementPhrases: Partial<Readonly<Record<Placement, string>>>;
	/** The placement fault isolation asks for (sizing/constraints.ts, advice/empty-rules.ts). */
	readonly isolatingPlacement: Placement;
	/** Other placements that isolate failures too, searched only where isolation is asked or pinned (AWS partition). */
	readonly alsoIsolating: readonly Placement[];
	/** The steps that isolate failures on this cloud, in the decision order's order. */
	readonly isolating: readonly IsolatingLever[];
	/** Where isolation at default placement is by the path's own domains: the step off one zone (null: none). */
	readonly pathIsolation: PathIsolation | null;
	/** The steps that put the hosts close together, in order. */
	readonly close: readonly CloseLever[];
	/** The placement that costs the instances their live migration (GCP's COLLOCATED), or null. */
	readonly liveMigrationPlacement: Placement | null;
	/** Placements the cloud offers that the study's placement check did not cover (sizing/study-records.ts). */
	readonly unstudiedPlacements: readonly Placement[];
	/** The options the cloud sells, which the search tries and the decision order offers. */
	readonly options: readonly OptionKey[];
	/**
	 * Why the catalogue cannot settle whether a shape launches in a placement (its placementsUnknown), and how to
	 * check, in one line (sizing/placement-support.ts); absent: a generic line.
	 */
	readonly placementUnknown?: (shape: string, placement: Placement) => string;
}
