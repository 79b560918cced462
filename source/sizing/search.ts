// The configuration search (DESIGN.md "`size --json`"): every configuration the workload allows,
// predicted, priced and ranked; what would be needed when nothing meets the target. Pure.

import type {EvidenceView} from '../domain/evidence.js';
import {round} from '../domain/format.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {cheapestFirst} from './cheapest-first.js';
import {closestHint} from './closest.js';
import {placementAllowed, scopeClouds} from './constraints.js';
import {relaxations} from './emptied.js';
import {enumerate} from './enumerate.js';
import {aggregateCeiling, studyEvidence} from './model.js';
import {type PlanRule, planRule} from './plan.js';
import {answerMeetsTarget, type Candidate, meets, rankCandidates} from './rank.js';
import {reaches} from './resolution.js';
import {unpricedGroup} from './unpriced.js';

/** The ranked answer: configurations that meet the target first, cheapest, then by headroom. */
export function size(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView = studyEvidence(),
	limit = 10,
): SizeResult {
	const result = searched(workload, shapes, evidence, limit);
	if (result.configurations.length > 0) return result;
	const search = (relaxed: Workload) => searched(relaxed, shapes, evidence, 1).configurations;
	return {...result, emptiedBy: relaxations(workload, search)};
}

/**
 * One pair when one pair meets the job (or there is no target); else the plans of as many pairs as it takes,
 * up to --max-pairs (DESIGN.md "The plan").
 */
function searched(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit: number,
): SizeResult {
	const one = searchedWith(workload, shapes, evidence, limit, planRule(workload, 1));
	if (one.meetsTarget || workload.minGbps === null || workload.maxPairs <= 1) return one;
	return searchedWith(workload, shapes, evidence, limit, planRule(workload, workload.maxPairs));
}

function searchedWith(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit: number,
	rule: PlanRule,
): SizeResult {
	const target = workload.minGbps;
	// Shapes that cannot reach a target rank below every one that does; when `limit` configurations meet
	// it, the rest need no prediction. Nor do shapes that cannot rank above the answer (cheapest-first.ts).
	// Else every shape is searched.
	// Rounded as predictions are, so a configuration a hair under the ceiling that rounds up to the target stays.
	const reaching =
		target === null
			? shapes
			: shapes.filter((record) => reaches(round(aggregateCeiling(record, evidence), 2) * rule.maxPairs, target));
	const candidates = cheapestFirst(workload, reaching, evidence, limit, rule);
	if (candidates !== null) {
		const result = sizeFrom(workload, candidates, shapes, evidence, limit, rule);
		if (target === null || result.configurations.filter((entry) => entry.meetsTarget).length >= limit) return result;
	}

	return sizeFrom(workload, enumerate(workload, shapes, evidence), shapes, evidence, limit, rule);
}

/** The workload's pins and fault isolation, lifted: a superset the advice filters for its what-ifs. */
export function relaxedWorkload(workload: Workload): Workload {
	return {...workload, faultIsolation: false, keepLiveMigration: false, placement: null, enaExpress: null, tier1: null};
}

/** Whether a candidate of the relaxed enumeration is one the workload itself allows. */
export function allowedBy(workload: Workload, candidate: Candidate): boolean {
	const {configuration, record} = candidate;
	if (!placementAllowed(record, workload, configuration.placement)) return false;
	const {enaExpress, tier1} = configuration.options;
	return keeps(workload.enaExpress, enaExpress) && keeps(workload.tier1, tier1);
}

/** An option pin (null: either way) keeps a configuration's value (no arrays: called per configuration). */
function keeps(pin: boolean | null, value: boolean): boolean {
	return pin === null || pin === value;
}

/** size() over candidates already enumerated (e.g. the relaxed superset, filtered to the workload). */
export function sizeFrom(
	workload: Workload,
	enumerated: readonly Candidate[],
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView,
	limit = 10,
	rule?: PlanRule,
): SizeResult {
	const candidates = enumerated.filter((candidate) => allowedBy(workload, candidate));
	const plans = rule ?? ruleFor(workload, candidates);
	const ranked = rankCandidates(candidates, workload, scopeClouds(workload), limit, plans);
	const meetsTarget = answerMeetsTarget(ranked, workload.minGbps);
	const unpriced = unpricedGroup(ranked, workload.minGbps);
	return {
		meetsTarget,
		configurations: ranked,
		closest: meetsTarget ? null : closestHint(workload, shapes, evidence, candidates),
		...(unpriced === null ? {} : {unpriced}),
	};
}

/** One pair when one meets the target (or there is none); else as many as it takes, up to --max-pairs. */
function ruleFor(workload: Workload, candidates: readonly Candidate[]): PlanRule {
	const target = workload.minGbps;
	const one = planRule(workload, 1);
	if (target === null || workload.maxPairs <= 1 || candidates.some((candidate) => meets(candidate, target))) return one;
	return planRule(workload, workload.maxPairs);
}
