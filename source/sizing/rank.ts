// Ranking (DESIGN.md): with a target, those that meet it first, cheapest per hour, then by headroom; the
// rest by how close they come. With no target, $ per Gbps-hour at the user's streams. Each cloud in scope
// appears when it has a configuration. One line of why per configuration. Pure.

import type {Configuration, RankedConfiguration} from '../domain/model-types.js';
import type {RealCloud, Workload} from '../domain/types.js';
import type {Candidate} from './candidate.js';
import {singleZonePlacements} from './constraints.js';
import {comparePlans, type Plan, type PlanRule, planOf, planRule} from './plan.js';
import {toRanked} from './ranked.js';
import {reaches, withinSpread} from './resolution.js';

export type {Candidate} from './candidate.js';

export function meets(candidate: Candidate, target: number | null): boolean {
	const aggregate = candidate.prediction.aggregateGbps;
	return aggregate !== null && (target === null || reaches(aggregate, target));
}

/** Whether a ranked answer meets the workload's target (with none: whether anything was ranked). */
export function answerMeetsTarget(ranked: readonly RankedConfiguration[], target: number | null): boolean {
	return target === null ? ranked.length > 0 : ranked.some((entry) => entry.meetsTarget);
}

export function pricePerGbpsHour(candidate: Candidate): number | null {
	const price = candidate.price.perHour;
	const aggregate = candidate.prediction.aggregateGbps;
	return price === null || aggregate === null || aggregate <= 0 ? null : price / aggregate;
}

/** Ascending, nulls last. */
function ascending(a: number | null, b: number | null): number {
	if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
	return a - b;
}

const aggregate = (candidate: Candidate) => candidate.prediction.aggregateGbps ?? -1;

export function compareCandidates(a: Candidate, b: Candidate, target: number | null): number {
	if (target === null) {
		return ascending(pricePerGbpsHour(a), pricePerGbpsHour(b)) || unknowns(a, b) || aggregate(b) - aggregate(a);
	}

	const aMeets = meets(a, target);
	const bMeets = meets(b, target);
	if (aMeets !== bMeets) return aMeets ? -1 : 1;
	if (!aMeets) return aggregate(b) - aggregate(a) || ascending(a.price.perHour, b.price.perHour) || unknowns(a, b);
	return ascending(a.price.perHour, b.price.perHour) || unknowns(a, b) || aggregate(b) - aggregate(a);
}

/** Known facts before unknown ones at equal cost (an option whose support is unknown). */
function unknowns(a: Candidate, b: Candidate): number {
	return (a.unknownFacts ?? 0) - (b.unknownFacts ?? 0);
}

/**
 * The first `count` items (of those `keep` passes) in `compare` order, as a stable sort would put them
 * (equal items keep their input order), without sorting the rest: one pass over thousands of configurations.
 */
export function firstBy<T>(
	items: readonly T[],
	compare: (a: T, b: T) => number,
	count = 1,
	keep: (item: T) => boolean = () => true,
): T[] {
	const top: T[] = [];
	if (count <= 0) return top;
	for (const item of items) {
		if (!keep(item)) continue;
		const last = top[top.length - 1];
		if (top.length === count && last !== undefined && compare(item, last) >= 0) continue;
		let at = top.length;
		while (at > 0 && compare(item, top[at - 1] as T) < 0) at--;
		top.splice(at, 0, item);
		if (top.length > count) top.pop();
	}

	return top;
}

/** The top `limit` plans, then each cloud in scope's best when it is not there yet; ranked 1..n in that order. */
export function rankCandidates(
	candidates: readonly Candidate[],
	workload: Workload,
	clouds: readonly RealCloud[],
	limit: number,
	rule: PlanRule = planRule(workload),
): RankedConfiguration[] {
	const target = rule.target;
	const plans = candidates.map((candidate) => planOf(candidate, rule));
	const compare = (a: Plan, b: Plan) => comparePlans(a, b, target);
	const chosen = firstBy(plans, compare, limit);
	const anyMeets = plans.some((plan) => plan.meets);
	for (const cloud of clouds) {
		if (chosen.some((plan) => plan.candidate.configuration.cloud === cloud)) continue;
		const [best] = firstBy(
			plans,
			compare,
			1,
			(plan) => plan.candidate.configuration.cloud === cloud && (!anyMeets || plan.meets),
		);
		if (best !== undefined) chosen.push(best);
	}

	return simplerFirst(chosen, plans, workload).map((plan, index) => toRanked(plan, index + 1, workload));
}

/**
 * The placement group and options a configuration adds to the plain shape. A latency-sensitive workload
 * wants its hosts close (the study: "If your traffic is latency-sensitive, collocate"): there a close
 * placement counts as less than none, so it stays on the card when it costs no bandwidth.
 */
function extras(configuration: Configuration, workload: Workload): number {
	const {placement, options} = configuration;
	const close = workload.latencySensitive && !workload.faultIsolation && singleZonePlacements.includes(placement);
	const where = close ? -1 : placement === 'default' ? 0 : 1;
	return where + (options.enaExpress ? 1 : 0) + (options.tier1 ? 1 : 0);
}

/**
 * The simplest plan of the same shape (fewest placement groups and options) that the ranking cannot tell
 * from `chosen`: the same streams and pairs, priced no higher, meeting the target if it does, carrying as
 * much within the study's measurement spread (resolution.ts). A cluster group for 24.82 -> 24.83 Gbps is
 * not a better answer, only a more complicated one.
 */
function simplestEqual(chosen: Plan, plans: readonly Plan[], workload: Workload): Plan {
	const {configuration} = chosen.candidate;
	const carried = chosen.candidate.prediction.aggregateGbps;
	if (carried === null || extras(configuration, workload) < 0) return chosen;
	let best = chosen;
	for (const plan of plans) {
		const other = plan.candidate.configuration;
		if (other.cloud !== configuration.cloud || other.shape !== configuration.shape) continue;
		if (other.ocpus !== configuration.ocpus || other.streams !== configuration.streams) continue;
		if (plan.pairs !== chosen.pairs) continue;
		if (extras(other, workload) >= extras(best.candidate.configuration, workload)) continue;
		if (ascending(plan.candidate.price.perHour, chosen.candidate.price.perHour) > 0) continue;
		if (chosen.meets && !plan.meets) continue;
		const aggregate = plan.candidate.prediction.aggregateGbps;
		if (aggregate !== null && withinSpread(aggregate, carried)) best = plan;
	}

	return best;
}

/** Each chosen plan in place of its simplest equal (swapped with it when that ranks lower). */
function simplerFirst(chosen: readonly Plan[], plans: readonly Plan[], workload: Workload): Plan[] {
	const ordered = [...chosen];
	ordered.forEach((plan, index) => {
		const simpler = simplestEqual(plan, plans, workload);
		const at = ordered.indexOf(simpler);
		if (simpler === plan || (at >= 0 && at < index)) return;
		if (at > index) ordered[at] = plan;
		ordered[index] = simpler;
	});
	return ordered;
}
