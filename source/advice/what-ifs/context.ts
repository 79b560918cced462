// What every lever reads: the recommended configuration (the card's first row) and how to work out the
// same configuration with one change, by the same `predict` and prices the search used, under the same
// constraints (path, fault isolation, live migration, region, arch, pins). Pure.

import type {EvidenceView} from '../../domain/evidence.js';
import type {
	Configuration,
	PlanHosts,
	Prediction,
	RankedConfiguration,
	ShapeRecord,
	SizeResult,
} from '../../domain/model-types.js';
import type {Placement, Step, Workload} from '../../domain/types.js';
import {placementAllowed} from '../../sizing/constraints.js';
import {lazyCandidatesOver, shapeWalks, type WalkScope} from '../../sizing/lazy-candidates.js';
import {predict} from '../../sizing/model.js';
import {plannedHosts} from '../../sizing/planned-hosts.js';
import {priceOf} from '../../sizing/price.js';
import {allowedBy, relaxedWorkload} from '../../sizing/search.js';
import {spanOf} from '../../sizing/transfer.js';

/** A configuration worked out: what it delivers and costs. */
export interface Outcome {
	readonly configuration: Configuration;
	readonly record: ShapeRecord;
	readonly prediction: Prediction;
	/** Null when no source prices it (never guessed). */
	readonly price: number | null;
}

export interface WhatIfContext {
	readonly workload: Workload;
	readonly evidence: EvidenceView;
	/** The recommendation: the card's configuration. */
	readonly subject: Outcome;
	/** Pairs of hosts the card's plan runs on: a change meets the job when that many pairs of it do. */
	readonly pairs: number;
	/** The hosts the card's figures rest on (tuned as `netplace tune` prints, or as they are), and untuned. */
	readonly hosts: PlanHosts;
	/** The recommendation with one change, predicted and priced. */
	change(patch: Partial<Configuration>): Outcome;
	/** Any configuration of a record, predicted and priced as the search did. */
	outcome(configuration: Configuration, record: ShapeRecord): Outcome;
	/** Whether the search itself allows a placement for the recommendation's shape under the workload. */
	placementAllowed(placement: Placement): boolean;
	/**
	 * The best configuration on the recommendation's cloud passing `keep` (the workload's constraints apply):
	 * with `cheapest`, the cheapest; else the one carrying most with the user's streams. `scope` narrows the
	 * walk to what `keep` asks anyway (options, a price to stay under), so shapes outside it are not predicted.
	 */
	best(keep: (outcome: Outcome) => boolean, cheapest: boolean, scope?: Omit<WalkScope, 'cloud'>): Outcome | undefined;
}

/** A step without its rank; `outsideStreams` marks a step that needs more streams than the path opens. */
export type StepDraft = Omit<Step, 'rank'>;

/** One lever: the step it makes for the recommendation, or null when it does not apply. */
export type Lever = (context: WhatIfContext) => StepDraft | null;

/** The recommendation as an outcome, with its catalogue record (null if the shape is not in `shapes`). */
function subjectOf(pick: RankedConfiguration, shapes: readonly ShapeRecord[]): Outcome | null {
	const record = shapes.find((entry) => entry.cloud === pick.cloud && entry.shape === pick.shape);
	if (record === undefined) return null;
	const {cloud, shape, placement, ocpus, options, streams} = pick;
	return {
		configuration: {cloud, shape, placement, ocpus, options, streams},
		record,
		prediction: pick.predicted,
		price: pick.pricePerHour,
	};
}

export function whatIfContext(
	workload: Workload,
	result: SizeResult,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
): WhatIfContext | null {
	const pick = result.configurations[0];
	if (pick === undefined) return null;
	const subject = subjectOf(pick, shapes);
	if (subject === null) return null;
	const outcome = outcomeUnder(workload, evidence);
	return {
		workload,
		evidence,
		subject,
		pairs: pick.pairs,
		hosts: pick.hosts,
		change: (patch) => outcome({...subject.configuration, ...patch}, subject.record),
		outcome,
		placementAllowed: (placement) => placementAllowed(subject.record, workload, placement),
		best: bestOnCloud(workload, shapes, evidence, subject.configuration.cloud, outcome),
	};
}

type OutcomeOf = (configuration: Configuration, record: ShapeRecord) => Outcome;

/**
 * A configuration predicted and priced as the search did, for this workload and evidence: on the hosts the
 * plan rests on (tuned as `netplace tune` prints, unless the user keeps them as they are).
 */
function outcomeUnder(workload: Workload, evidence: EvidenceView): OutcomeOf {
	const hosts = plannedHosts(workload);
	const options = {evidence, span: spanOf(workload), region: workload.region, hosts, explain: false};
	return (configuration, record) => ({
		configuration,
		record,
		prediction: predict(configuration, workload.path, record, options),
		price: priceOf(configuration, record, workload.region).perHour,
	});
}

/** `best` over the recommendation's cloud: the cheapest or the most-carrying walk, the workload's limits kept. */
function bestOnCloud(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	cloud: Configuration['cloud'],
	outcome: OutcomeOf,
): WhatIfContext['best'] {
	const scoped: Workload = {...workload, cloud};
	// The walks ask over the relaxed enumeration and keep what the workload allows (its pins, isolation);
	// both rankings share its shapes, walk orders and predictions.
	const walks = shapeWalks(relaxedWorkload(scoped), shapes, evidence);
	const cheapestFirst = lazyCandidatesOver(walks, 0);
	const mostFirst = lazyCandidatesOver(walks, null);
	return (keep, cheapest, scope) => {
		const walk = cheapest ? cheapestFirst : mostFirst;
		const found = walk.best(
			(candidate) => {
				if (!allowedBy(scoped, candidate)) return false;
				return keep({
					configuration: candidate.configuration,
					record: candidate.record,
					prediction: candidate.prediction,
					price: candidate.price.perHour,
				});
			},
			{...scope, cloud},
		);
		return found === undefined ? undefined : outcome(found.configuration, found.record);
	};
}
