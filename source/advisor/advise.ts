// advise(workload, evidence) -> Advice: DESIGN.md's rules, in the study's decision order.

import {bandwidthTable, cloudsInScope} from './bandwidth-table.js';
import {referenceMeasurements} from './catalogue.js';
import {evidenceView} from './evidence.js';
import {adviceNotes} from './notes.js';
import {clusterPlacement, spreadPlacement} from './rules/aws-placement.js';
import type {Rule, RuleContext, StepDraft} from './rules/context.js';
import {networkOptimisedShape} from './rules/network-optimised-shape.js';
import {collocate, ociClusterPlacement} from './rules/other-clouds.js';
import {parallelise} from './rules/parallelise.js';
import {type Advice, type Measurement, type Step, type StepId, stepOrder, type Workload} from './types.js';

const rules: Record<StepId, Rule> = {
	parallelise,
	'spread-placement': spreadPlacement,
	'cluster-placement': clusterPlacement,
	collocate,
	'oci-cluster-placement': ociClusterPlacement,
	'network-optimised-shape': networkOptimisedShape,
};

/** Only `parallelise` applies to the lab: it has no placement or shapes to choose between. */
const labSteps: readonly StepId[] = ['parallelise'];

/**
 * The ranked steps, the notes and the bandwidth table for a workload. Evidence defaults to the study;
 * the user's probes (`source: 'probe'`) replace the reference figure of the cell they measured. Cells the
 * evidence lacks are read from the catalogue; `bandwidth` lists the evidence as given, for the clouds in scope.
 */
export function advise(workload: Workload, evidence: readonly Measurement[] = referenceMeasurements()): Advice {
	const clouds = cloudsInScope(workload.cloud);
	// The study is always the background: cells the evidence lacks fall back to the catalogue, and what the
	// evidence holds (a probe, or a reference row as given) wins over the catalogue's copy.
	const background = workload.cloud === 'lab' ? [] : referenceMeasurements();
	const view = evidenceView([...background, ...evidence].filter((measurement) => clouds.includes(measurement.cloud)));
	const context: RuleContext = {workload, view, clouds};
	const applicable = workload.cloud === 'lab' ? labSteps : stepOrder;
	const drafts = applicable.map((id) => rules[id](context)).filter((draft): draft is StepDraft => draft !== null);
	const steps: Step[] = drafts.map((draft, index) => ({rank: index + 1, ...draft}));
	return {
		workload,
		steps,
		notes: adviceNotes(workload, view, clouds),
		bandwidth: bandwidthTable(evidence, workload.cloud),
	};
}
