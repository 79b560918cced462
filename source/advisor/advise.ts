// advise(workload, evidence, shapes) -> Advice: the decision order, each step decided by the throughput
// model for the user's workload, the top configurations (the same ranking as `size`), the notes and the
// bandwidth table.

import {studyShapeRecords} from '../sizing/study-records.js';
import type {ShapeRecord, SizeResult} from '../sizing/types.js';
import {bandwidthTable, cloudsInScope} from './bandwidth-table.js';
import {referenceMeasurements} from './catalogue.js';
import {evidenceView} from './evidence.js';
import {adviceNotes} from './notes.js';
import {clusterPlacement, spreadPlacement} from './rules/aws-placement.js';
import type {Rule, RuleContext, StepDraft} from './rules/context.js';
import {enaExpress} from './rules/ena-express.js';
import {gcpSpread, ociFaultDomains, tier1} from './rules/gcp-oci-options.js';
import {networkOptimisedShape} from './rules/network-optimised-shape.js';
import {collocate, ociClusterPlacement} from './rules/other-clouds.js';
import {parallelise} from './rules/parallelise.js';
import {sizingView} from './rules/sizing-view.js';
import {
	type Advice,
	type Measurement,
	type RealCloud,
	type Step,
	type StepId,
	stepOrder,
	type Workload,
} from './types.js';

const rules: Record<StepId, Rule> = {
	parallelise,
	'spread-placement': spreadPlacement,
	'cluster-placement': clusterPlacement,
	collocate,
	'oci-cluster-placement': ociClusterPlacement,
	'network-optimised-shape': networkOptimisedShape,
	'ena-express': enaExpress,
	tier1,
	'gcp-spread': gcpSpread,
	'oci-fault-domains': ociFaultDomains,
};

/** Only `parallelise` applies to the lab: it has no placement or shapes to choose between. */
const labSteps: readonly StepId[] = ['parallelise'];

/** Steps within the stream constraint first, in the fixed order; those needing more streams after them. */
function ordered(drafts: readonly StepDraft[]): Step[] {
	const within = drafts.filter((draft) => !draft.outsideStreams);
	const outside = drafts.filter((draft) => draft.outsideStreams);
	return [...within, ...outside].map(({outsideStreams: _, ...draft}, index) => ({rank: index + 1, ...draft}));
}

/** The advice and the one search it rests on: the same `SizeResult` `size()` gives for the workload. */
export interface SizedAdvice {
	readonly advice: Advice;
	/** Null for the lab: it has no shapes to search. */
	readonly result: SizeResult | null;
}

/**
 * The ranked steps, configurations, notes and bandwidth table for a workload. Evidence defaults to the
 * study; the user's probes (`source: 'probe'`) replace the reference figure of the cell they measured.
 * Shapes default to the study's four (pass the catalogue's records to size over every shape).
 */
export function advise(
	workload: Workload,
	evidence: readonly Measurement[] = referenceMeasurements(),
	shapes: readonly ShapeRecord[] = studyShapeRecords(),
): Advice {
	return adviseSized(workload, evidence, shapes).advice;
}

/**
 * `advise()` with the search it ran: the recommendation card lays out `result` and the decision order is
 * `advice`, so a face that shows both searches once.
 */
export function adviseSized(
	workload: Workload,
	evidence: readonly Measurement[] = referenceMeasurements(),
	shapes: readonly ShapeRecord[] = studyShapeRecords(),
): SizedAdvice {
	const clouds = cloudsInScope(workload.cloud);
	// The study is always the background: cells the evidence lacks fall back to the catalogue, and what the
	// evidence holds (a probe, or a reference row as given) wins over the catalogue's copy.
	const background = workload.cloud === 'lab' ? [] : referenceMeasurements();
	const view = evidenceView([...background, ...evidence].filter((measurement) => clouds.includes(measurement.cloud)));
	const real = clouds.filter((cloud): cloud is RealCloud => cloud !== 'lab');
	const sizing = real.length === 0 ? null : sizingView(workload, shapes, view, real);
	const context: RuleContext = {workload, view, clouds, sizing};
	const applicable = workload.cloud === 'lab' ? labSteps : stepOrder;
	const drafts = applicable.map((id) => rules[id](context)).filter((draft): draft is StepDraft => draft !== null);
	const advice: Advice = {
		workload,
		configurations: sizing?.result.configurations ?? [],
		steps: ordered(drafts),
		notes: adviceNotes(workload, view, clouds, sizing),
		bandwidth: bandwidthTable(evidence, workload.cloud),
	};
	return {advice, result: sizing?.result ?? null};
}
