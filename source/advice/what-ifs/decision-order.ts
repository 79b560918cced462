// The decision order: one step per lever, each the recommendation with one change, in the study's order
// (streams first, placement, a bigger NIC, the options, then the hosts' tuning). Adding a lever is a module and a line here.
// Pure.

import type {EvidenceView} from '../../domain/evidence.js';
import type {ShapeRecord, SizeResult} from '../../domain/model-types.js';
import type {Step, Workload} from '../../domain/types.js';
import {closePlacementLevers} from './close-placement.js';
import {type Lever, type StepDraft, whatIfContext} from './context.js';
import {hostTuning} from './host-tuning.js';
import {isolationLevers} from './isolation.js';
import {labParallelise} from './lab.js';
import {optionLevers} from './options.js';
import {parallelise} from './parallelise.js';
import {networkOptimisedShape} from './shape.js';

export const levers: readonly Lever[] = [
	parallelise,
	...isolationLevers,
	...closePlacementLevers,
	networkOptimisedShape,
	...optionLevers,
	hostTuning,
];

function ranked(drafts: readonly StepDraft[]): Step[] {
	return drafts.map((draft, index) => ({rank: index + 1, ...draft}));
}

/** The steps for the recommendation in `result` (none when nothing was recommended). */
export function decisionOrder(
	workload: Workload,
	result: SizeResult | null,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
): Step[] {
	if (workload.cloud === 'lab') return ranked([labParallelise(workload, evidence)]);
	const context = result === null ? null : whatIfContext(workload, result, shapes, evidence);
	if (context === null) return [];
	return ranked(levers.map((lever) => lever(context)).filter((draft): draft is StepDraft => draft !== null));
}
