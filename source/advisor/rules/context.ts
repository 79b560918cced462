// What every rule reads, and what it returns: a step without its rank (advise() ranks them).

import type {EvidenceView} from '../evidence.js';
import type {Cloud, Step, Workload} from '../types.js';
import type {SizingView} from './sizing-view.js';

export interface RuleContext {
	readonly workload: Workload;
	readonly view: EvidenceView;
	/** The clouds the advice covers: aws, gcp, oci for `any`; the lab alone for `lab`. */
	readonly clouds: readonly Cloud[];
	/** The model's answers for this workload (null for the lab, which has no shapes to size). */
	readonly sizing: SizingView | null;
}

/** A step without its rank; `outsideStreams` marks a step needing more streams than the path can open. */
export type StepDraft = Omit<Step, 'rank'> & {readonly outsideStreams?: boolean};

/** A rule returns its step, or null when it does not apply to the clouds in scope. */
export type Rule = (context: RuleContext) => StepDraft | null;

/** One flow at or above this share of the aggregate means no per-flow ceiling (DESIGN.md: 90%). */
export const noCeilingShare = 0.9;
