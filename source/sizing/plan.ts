// The plan (DESIGN.md "The plan (model v3)"): a configuration x pairs of hosts, the job's rate, time and
// cost. Pairs: one when one pair meets the job; otherwise as many as it takes, up to --max-pairs (the rate
// is pairs x the pair's aggregate: no documented limit is shared between pairs of separate instances). The
// job's cost is both ends' instance-hours over its duration x pairs, plus the data-transfer charge for the
// bytes on the path (null, and said, when no source prices it). Ranking: plans that meet the job first,
// then those whose streams each have a vCPU, then by the job's cost (with no volume: the plan's $/h with a
// target, $ per Gbps-hour without), unknown facts after known ones at equal cost, then sooner first. Pure.

import type {NetworkPath} from '../domain/model-types.js';
import type {RealCloud, Workload} from '../domain/types.js';
import type {Candidate} from './candidate.js';
import {streamsOverVcpus} from './cpu-note.js';
import {overGroupLimit} from './group-limit.js';
import {type JobTransferCharge, transferChargeOf} from './plan-transfer.js';
import {measurementSpread, reaches} from './resolution.js';

/** What ranks plans for one workload: the job's rate, the pairs allowed, its volume and its transfer charge. */
export interface PlanRule {
	readonly target: number | null;
	/** 1: one pair only (the first search); else the workload's --max-pairs. */
	readonly maxPairs: number;
	readonly bytes: number | null;
	/** The data-transfer charge for the job's bytes on each cloud (null: unknown). */
	readonly charge: (cloud: RealCloud) => JobTransferCharge | null;
	/** The path (a placement group's size limit counts instances per zone on it). */
	readonly path: NetworkPath;
}

export interface Plan {
	readonly candidate: Candidate;
	readonly pairs: number;
	/** pairs x the pair's aggregate, Gbps (null: the aggregate is unknown). */
	readonly rateGbps: number | null;
	readonly meets: boolean;
	/** The job's duration, s, with a volume; else null. */
	readonly seconds: number | null;
	/** Both ends' instance-hours over the job x pairs, $ (null: no volume, or no price). */
	readonly instancesUsd: number | null;
	readonly charge: JobTransferCharge | null;
	/** More streams than vCPUs on a pair: a stated risk, ranked after plans without it. */
	readonly cpuRisk: boolean;
	/** Facts the plan rests on that are unknown (price, transfer charge, option eligibility). */
	readonly unknowns: number;
	/** More instances in one zone than its placement group holds (AWS spread: 7): said, ranked after at equal cost. */
	readonly overGroupLimit: boolean;
	/** The ranking key, lower first (null: unknown, after every known one). */
	readonly key: number | null;
}

const bitsPerGbps = 1e9;

/** The rule for a workload; `maxPairs` 1 for the one-pair search. */
export function planRule(workload: Workload, maxPairs = 1): PlanRule {
	return {
		target: workload.minGbps,
		maxPairs: Math.max(1, Math.min(maxPairs, workload.maxPairs)),
		bytes: workload.transferBytes,
		charge: transferChargeOf(workload),
		path: workload.path,
	};
}

/** Pairs a configuration carrying `aggregate` needs for the target (at most `maxPairs`). */
export function pairsFor(aggregate: number | null, target: number | null, maxPairs: number): number {
	if (target === null || aggregate === null || aggregate <= 0) return 1;
	// The rate is rounded as predictions are (2 decimals); a near miss within the study's spread meets.
	if (reaches(aggregate, target)) return 1;
	let pairs = Math.max(1, Math.floor(target / aggregate));
	while (pairs < maxPairs && !reaches(roundRate(pairs * aggregate), target)) pairs++;
	return Math.min(pairs, maxPairs);
}

function roundRate(gbps: number): number {
	return Math.round(gbps * 100) / 100;
}

/** The plan of one candidate under the rule. */
export function planOf(candidate: Candidate, rule: PlanRule): Plan {
	const aggregate = candidate.prediction.aggregateGbps;
	const pairs = pairsFor(aggregate, rule.target, rule.maxPairs);
	const rateGbps = aggregate === null ? null : roundRate(pairs * aggregate);
	const meets = rateGbps !== null && (rule.target === null || reaches(rateGbps, rule.target));
	const seconds = rule.bytes === null || rateGbps === null || rateGbps <= 0 ? null : secondsAt(rule.bytes, rateGbps);
	const price = candidate.price.perHour;
	const instancesUsd = seconds === null || price === null ? null : 2 * pairs * price * (seconds / 3600);
	const charge = rule.bytes === null ? null : rule.charge(candidate.configuration.cloud);
	const unknowns =
		(price === null ? 1 : 0) + (rule.bytes !== null && charge === null ? 1 : 0) + (candidate.unknownFacts ?? 0);
	return {
		candidate,
		pairs,
		rateGbps,
		meets,
		seconds,
		instancesUsd,
		charge,
		cpuRisk: streamsOverVcpus(candidate.configuration, candidate.record) !== null,
		unknowns,
		overGroupLimit: overGroupLimit(candidate.configuration, pairs, rule.path),
		key: keyOf(rule, pairs, price, aggregate, instancesUsd, charge),
	};
}

function keyOf(
	rule: PlanRule,
	pairs: number,
	price: number | null,
	aggregate: number | null,
	instancesUsd: number | null,
	charge: JobTransferCharge | null,
): number | null {
	if (price === null) return null;
	if (rule.bytes !== null) return instancesUsd === null ? null : instancesUsd + (charge?.usd ?? 0);
	if (rule.target !== null) return pairs * price;
	return aggregate === null || aggregate <= 0 ? null : price / aggregate;
}

/**
 * The least key any plan of a shape can have, from its least price and the most one pair of it can carry
 * (the search's bound before predicting it); null when no plan of it can meet the target.
 */
export function leastPlanKey(rule: PlanRule, price: number, ceiling: number, cloud: RealCloud): number | null {
	const {target, bytes} = rule;
	if (target !== null && !reaches(ceiling * rule.maxPairs, target)) return null;
	if (ceiling <= 0) return Number.POSITIVE_INFINITY;
	if (bytes !== null) {
		const charge = rule.charge(cloud)?.usd ?? 0;
		return (2 * price * secondsAt(bytes, ceiling)) / 3600 + charge;
	}

	// The fewest pairs any plan of the shape can take: near misses within the spread meet.
	if (target !== null) return Math.max(1, Math.ceil(target / (ceiling * (1 + measurementSpread)) - 1e-9)) * price;
	return price / ceiling;
}

export function secondsAt(bytes: number, gbps: number): number {
	return (bytes * 8) / (gbps * bitsPerGbps);
}

/** Ascending, nulls last. */
function ascending(a: number | null, b: number | null): number {
	if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
	return a - b;
}

/** The plans' order (see the head of this file); ties keep their input order. */
export function comparePlans(a: Plan, b: Plan, target: number | null): number {
	if (target !== null && a.meets !== b.meets) return a.meets ? -1 : 1;
	if (target !== null && !a.meets) return (b.rateGbps ?? -1) - (a.rateGbps ?? -1) || ascending(a.key, b.key);
	if (a.cpuRisk !== b.cpuRisk) return a.cpuRisk ? 1 : -1;
	return (
		ascending(a.key, b.key) ||
		(a.key === null && b.key === null ? unpricedOrder(a, b) : 0) ||
		a.unknowns - b.unknowns ||
		Number(a.overGroupLimit) - Number(b.overGroupLimit) ||
		ascending(a.seconds, b.seconds) ||
		(b.rateGbps ?? -1) - (a.rateGbps ?? -1)
	);
}

/**
 * Order without a price (DESIGN.md): within a family the default tier before Tier_1 (it costs more) and
 * fewer vCPUs first (a Flex shape's OCPUs; more never cost less). Across families no order is documented:
 * fewer vCPUs first there too, the nearest sign of cost the catalogue has (each such plan says its price is
 * unknown).
 */
function unpricedOrder(a: Plan, b: Plan): number {
	const left = a.candidate;
	const right = b.candidate;
	if (left.record.cloud !== right.record.cloud) return 0;
	if (left.record.family === right.record.family) {
		const tier = Number(left.configuration.options.tier1) - Number(right.configuration.options.tier1);
		if (tier !== 0) return tier;
	}

	return ascending(sizeOf(left), sizeOf(right));
}

function sizeOf(candidate: Candidate): number | null {
	const {record, configuration} = candidate;
	if (record.flex !== null) return (configuration.ocpus ?? record.flex.minOcpus) * record.flex.vcpusPerOcpu;
	return record.vcpus;
}
