// The decision order: one step per lever, each the recommendation with one change. Without a rate to meet
// they come in the study's order (streams first, placement, a bigger NIC, the options, then the hosts'
// tuning). With one (DESIGN.md "The plan (model v3)"), the steps the plan needs to meet it lead (the
// card's own DO steps, and any change that would turn a miss into a meet, or bring a missing plan closer),
// cheapest first: free changes (host tuning, placement, more connections), then options, then a bigger
// shape; then what only adds headroom; then what is not needed; then what to avoid. Adding a lever is a
// module and a line here. Pure.

import {cloudStepIds} from '../../domain/clouds.js';
import type {EvidenceView} from '../../domain/evidence.js';
import type {PlanHosts, ShapeRecord, SizeResult} from '../../domain/model-types.js';
import type {Step, StepId, Verdict, Workload} from '../../domain/types.js';
import {closePlacementLevers} from './close-placement.js';
import {type Lever, type StepDraft, whatIfContext} from './context.js';
import {hostTuning} from './host-tuning.js';
import {isolationLevers} from './isolation.js';
import {labParallelise} from './lab.js';
import {oneMoreStream} from './one-more-stream.js';
import {optionLevers} from './options.js';
import {parallelise} from './parallelise.js';
import {networkOptimisedShape} from './shape.js';

export const levers: readonly Lever[] = [
	oneMoreStream,
	parallelise,
	...isolationLevers,
	...closePlacementLevers,
	networkOptimisedShape,
	...optionLevers,
	hostTuning,
];

const cloudSteps = cloudStepIds();

/** What a change costs, cheapest first: the hosts' settings, a placement, more connections, an option, money. */
const costClass: ReadonlyMap<StepId, number> = new Map<StepId, number>([
	['host-tuning', 0],
	...[...cloudSteps.isolating, ...cloudSteps.close].map((id): [StepId, number] => [id, 1]),
	['parallelise', 2],
	['one-more-stream', 2],
	...cloudSteps.options.map((id): [StepId, number] => [id, 3]),
	['network-optimised-shape', 4],
]);

/** Every step id is in the table (built from the same lists as StepId). */
const costOf = (id: StepId): number => costClass.get(id) ?? 0;

const laterVerdicts: Readonly<Record<Verdict, number>> = {
	do: 0,
	consider: 1,
	satisfied: 2,
	'not-needed': 2,
	avoid: 3,
};

/** 0: what the plan needs for the job; 1: headroom; 2: not needed; 3: avoid. */
function groupOf(draft: StepDraft, misses: boolean): number {
	if (draft.verdict === 'consider' && (draft.meetsJob === true || misses)) return 0;
	return laterVerdicts[draft.verdict];
}

/** The drafts in job order (stable: levers keep the study's order within a group and cost). */
export function jobOrder(drafts: readonly StepDraft[], misses: boolean): StepDraft[] {
	const keyed = drafts.map((draft, index) => ({draft, index, group: groupOf(draft, misses)}));
	keyed.sort((a, b) => a.group - b.group || costOf(a.draft.id) - costOf(b.draft.id) || a.index - b.index);
	return keyed.map((entry) => entry.draft);
}

/**
 * Without a rate to meet: the study's order, after the host tuning when the card's figures rest on it (the
 * plan has untuned figures only when it tunes the hosts and that changes what a pair carries).
 */
function planFirst(drafts: readonly StepDraft[], hosts: PlanHosts): StepDraft[] {
	if (hosts.untuned === null) return [...drafts];
	const tunes = (draft: StepDraft) => draft.id === 'host-tuning';
	return [...drafts.filter(tunes), ...drafts.filter((draft) => !tunes(draft))];
}

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
	const drafts = levers.map((lever) => lever(context)).filter((draft): draft is StepDraft => draft !== null);
	if (workload.minGbps === null) return ranked(planFirst(drafts, context.hosts));
	return ranked(jobOrder(drafts, result?.configurations[0]?.meetsTarget === false));
}
