// Ranking (DESIGN.md): with a target, those that meet it first, cheapest per hour, then by headroom; the
// rest by how close they come. With no target, $ per Gbps-hour at the user's streams. Each cloud in scope
// appears when it has a configuration. One line of why per configuration. Pure.

import {gbps, percent, rate, round} from '../domain/format.js';
import {type IsolatedBy, isolatedBy, isolatedByWords} from '../domain/isolation.js';
import type {Configuration, Prediction, RankedConfiguration, ShapeRecord} from '../domain/model-types.js';
import type {RealCloud, Workload} from '../domain/types.js';
import {singleZonePlacements, uncheckedMinimums} from './constraints.js';
import {streamsOverVcpus} from './cpu-note.js';
import type {ConfigurationPrice} from './price.js';
import {measurementSpread, reaches, withinSpread} from './resolution.js';
import {transferEstimate} from './transfer.js';

export interface Candidate {
	readonly configuration: Configuration;
	readonly record: ShapeRecord;
	readonly prediction: Prediction;
	readonly price: ConfigurationPrice;
	/** The prediction with its basis lines (the search ranks on `prediction`, which has none). */
	readonly explained?: () => Prediction;
}

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
		return ascending(pricePerGbpsHour(a), pricePerGbpsHour(b)) || aggregate(b) - aggregate(a);
	}

	const aMeets = meets(a, target);
	const bMeets = meets(b, target);
	if (aMeets !== bMeets) return aMeets ? -1 : 1;
	if (!aMeets) return aggregate(b) - aggregate(a) || ascending(a.price.perHour, b.price.perHour);
	return ascending(a.price.perHour, b.price.perHour) || aggregate(b) - aggregate(a);
}

const placementWords: Readonly<Record<string, string>> = {
	default: 'at default placement',
	cluster: 'in a cluster group',
	spread: 'spread',
	collocated: 'collocated',
	partition: 'in a partition group',
};

function bindingWords(candidate: Candidate, prediction: Prediction): string {
	const {configuration} = candidate;
	const flows = `${String(configuration.streams)} flow${configuration.streams === 1 ? '' : 's'}`;
	switch (prediction.bindingLimit) {
		case 'per-flow-cap':
			return `${flows} x ${rate(prediction.singleFlowGbps)}: the per-flow cap binds`;
		case 'flows':
			return `${flows} x ${prediction.footing.singleFlow === 'bound' ? 'at least ' : ''}${rate(prediction.singleFlowGbps)}: the flows bind (no per-flow cap documented)`;
		case 'interface':
			return `${flows}: one interface binds`;
		case 'instance-peak':
			return `${flows}: the instance's peak binds`;
		case 'instance-baseline':
			return `${flows}: the instance's limit binds${prediction.restsOn === 'baseline' ? ` (its baseline${prediction.burstGbps === undefined ? '' : `; bursts to ${rate(prediction.burstGbps)}`})` : ''}`;
		case 'window':
			return `${flows} x ${rate(prediction.singleFlowGbps)}: the hosts' TCP window / RTT binds (netplace tune)`;
		case 'loss':
			return `${flows} x ${rate(prediction.singleFlowGbps)}: the path's loss rate binds`;
		case 'mtu':
			return `${flows} x ${rate(prediction.singleFlowGbps)}: the MTU is over ENA Express's 8900 (netplace tune)`;
		case 'path-limit':
			return `${flows}: the ${configuration.cloud === 'gcp' ? 'reported' : 'documented'} internet limit binds`;
		case 'none-known':
			return 'no bandwidth figure is published';
	}
}

function targetWords(candidate: Candidate, target: number | null): string {
	const aggregate = candidate.prediction.aggregateGbps;
	if (target === null || aggregate === null) return '';
	if (aggregate >= target) {
		return target > 0 ? `; meets ${rate(target)} with ${percent(aggregate / target - 1)} headroom` : '';
	}

	if (reaches(aggregate, target)) {
		return `; meets ${gbps(target)} Gbps within the study's ${String(round(measurementSpread * 100, 1))}% spread (${gbps(target - aggregate)} under)`;
	}

	return `; ${rate(target - aggregate)} short of ${gbps(target)}`;
}

function placementWordsOf(configuration: Configuration, workload: Workload): string {
	const isolation = isolatedBy(configuration, workload);
	if (isolation !== null) return `in ${isolatedByWords[isolation]}`;
	if (configuration.cloud === 'gcp' && configuration.placement === 'spread') return 'under a spread placement policy';
	return placementWords[configuration.placement] ?? configuration.placement;
}

/** One line of why; `prediction` the explained one where it is made (it carries the burst a baseline rests under). */
export function whyOf(candidate: Candidate, workload: Workload, prediction: Prediction = candidate.prediction): string {
	const target = workload.minGbps;
	const {configuration} = candidate;
	const options = [
		configuration.options.enaExpress ? 'ENA Express' : '',
		configuration.options.tier1 ? 'Tier_1' : '',
	].filter((word) => word !== '');
	const where = `${placementWordsOf(configuration, workload)}${options.length > 0 ? ` with ${options.join(' and ')}` : ''}`;
	const footing = prediction.footing.aggregate === 'measured' ? 'measured' : prediction.footing.aggregate;
	return `${bindingWords(candidate, prediction)} ${where}${targetWords(candidate, target)}; ${footing}`;
}

/** OCI's isolation at default placement, named in JSON as the text names it (`"isolatedBy": "fault-domains"`). */
function isolationField(configuration: Configuration, workload: Workload): {isolatedBy?: IsolatedBy} {
	const isolation = isolatedBy(configuration, workload);
	return isolation === null ? {} : {isolatedBy: isolation};
}

export function toRanked(candidate: Candidate, rank: number, workload: Workload): RankedConfiguration {
	const target = workload.minGbps;
	const perGbps = pricePerGbpsHour(candidate);
	const explained = candidate.explained?.() ?? candidate.prediction;
	const cpu = streamsOverVcpus(candidate.configuration, candidate.record);
	const predicted = cpu === null ? explained : {...explained, basis: [...explained.basis, cpu]};
	const unchecked = uncheckedMinimums(candidate.record, workload);
	const ranked: RankedConfiguration = {
		...candidate.configuration,
		rank,
		predicted,
		meetsTarget: meets(candidate, target),
		pricePerHour: candidate.price.perHour,
		priceRegion: candidate.price.region,
		pricePerGbpsHour: perGbps === null ? null : Math.round(perGbps * 10_000) / 10_000,
		...(candidate.price.perHour === null ? {priceUnknown: candidate.price.unknown ?? 'no source gives a price'} : {}),
		...(candidate.price.basis === undefined ? {} : {priceBasis: candidate.price.basis}),
		why: whyOf(candidate, workload, predicted),
		...isolationField(candidate.configuration, workload),
		...(unchecked.length > 0 ? {unchecked} : {}),
	};

	if (workload.transferBytes === null) return ranked;
	const {aggregateGbps, footing} = candidate.prediction;
	const transfer = transferEstimate(
		workload.transferBytes,
		aggregateGbps,
		footing.aggregate,
		candidate.price.perHour,
		workload.withinSeconds,
	);
	return {...ranked, transfer};
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

/** The top `limit`, then each cloud in scope's best when it is not there yet; ranked 1..n in that order. */
export function rankCandidates(
	candidates: readonly Candidate[],
	workload: Workload,
	clouds: readonly RealCloud[],
	limit: number,
): RankedConfiguration[] {
	const target = workload.minGbps;
	const compare = (a: Candidate, b: Candidate) => compareCandidates(a, b, target);
	const chosen = firstBy(candidates, compare, limit);
	const anyMeets = candidates.some((candidate) => meets(candidate, target));
	for (const cloud of clouds) {
		if (chosen.some((candidate) => candidate.configuration.cloud === cloud)) continue;
		const [best] = firstBy(
			candidates,
			compare,
			1,
			(candidate) => candidate.configuration.cloud === cloud && (!anyMeets || meets(candidate, target)),
		);
		if (best !== undefined) chosen.push(best);
	}

	return simplerFirst(chosen, candidates, workload).map((candidate, index) => toRanked(candidate, index + 1, workload));
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
 * The simplest configuration of the same shape (fewest placement groups and options) that the ranking
 * cannot tell from `chosen`: the same streams, priced no higher, meeting the target if it does, carrying
 * as much within the study's measurement spread (resolution.ts). A cluster group for 24.82 -> 24.83 Gbps
 * is not a better answer, only a more complicated one.
 */
function simplestEqual(chosen: Candidate, candidates: readonly Candidate[], workload: Workload): Candidate {
	const target = workload.minGbps;
	const {configuration} = chosen;
	const carried = chosen.prediction.aggregateGbps;
	if (carried === null || extras(configuration, workload) < 0) return chosen;
	let best = chosen;
	for (const candidate of candidates) {
		const other = candidate.configuration;
		if (other.cloud !== configuration.cloud || other.shape !== configuration.shape) continue;
		if (other.ocpus !== configuration.ocpus || other.streams !== configuration.streams) continue;
		if (extras(other, workload) >= extras(best.configuration, workload)) continue;
		if (ascending(candidate.price.perHour, chosen.price.perHour) > 0) continue;
		if (meets(chosen, target) && !meets(candidate, target)) continue;
		const aggregate = candidate.prediction.aggregateGbps;
		if (aggregate !== null && withinSpread(aggregate, carried)) best = candidate;
	}

	return best;
}

/** Each chosen configuration in place of its simplest equal (swapped with it when that ranks lower). */
function simplerFirst(chosen: readonly Candidate[], candidates: readonly Candidate[], workload: Workload) {
	const ordered = [...chosen];
	ordered.forEach((candidate, index) => {
		const simpler = simplestEqual(candidate, candidates, workload);
		const at = ordered.indexOf(simpler);
		if (simpler === candidate || (at >= 0 && at < index)) return;
		if (at > index) ordered[at] = candidate;
		ordered[index] = simpler;
	});
	return ordered;
}
