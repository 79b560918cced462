// A plan as the answer shows it (DESIGN.md "`size --json`", "The plan"): the configuration, its pairs, the
// job's rate, time and cost, the host settings it rests on, and one line of why. Pure.

import {cloudTerms} from '../domain/clouds.js';
import {gbps, percent, rate, round} from '../domain/format.js';
import {type IsolatedBy, isolatedBy, isolatedByWords} from '../domain/isolation.js';
import type {
	Configuration,
	JobCost,
	JobFigures,
	PlanHosts,
	Prediction,
	RankedConfiguration,
} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import type {Candidate} from './candidate.js';
import {cloudSizing} from './cloud-models.js';
import {uncheckedMinimums} from './constraints.js';
import {streamsOverVcpus} from './cpu-note.js';
import {groupLimitLine} from './group-limit.js';
import {offeringLines, offeringsOf} from './offering.js';
import {placementSupportLine} from './placement-support.js';
import type {Plan} from './plan.js';
import {unknownChargeWhy} from './plan-transfer.js';
import {hostsTuned} from './planned-hosts.js';
import {measurementSpread} from './resolution.js';
import {transferEstimate} from './transfer.js';
import {hostTuningFor} from './tuning-for.js';

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
			return `${flows}: the ${cloudSizing(configuration.cloud).internetLimitFooting} internet limit binds`;
		case 'none-known':
			return 'no bandwidth figure is published';
	}
}

function targetWords(plan: Plan, target: number | null): string {
	const aggregate = plan.rateGbps;
	if (target === null || aggregate === null) return '';
	const pairs = plan.pairs > 1 ? ` with ${String(plan.pairs)} pairs (${gbps(aggregate)} Gbps)` : '';
	if (plan.meets && aggregate >= target) {
		return target > 0 ? `; meets ${rate(target)}${pairs} with ${percent(aggregate / target - 1)} headroom` : '';
	}

	if (plan.meets) {
		return `; meets ${gbps(target)} Gbps${pairs} within the study's ${String(round(measurementSpread * 100, 1))}% spread (${gbps(target - aggregate)} under)`;
	}

	return `; ${rate(target - aggregate)} short of ${gbps(target)}${pairs}`;
}

function placementWordsOf(configuration: Configuration, workload: Workload): string {
	const isolation = isolatedBy(configuration, workload);
	if (isolation !== null) return `in ${isolatedByWords[isolation]}`;
	const own = cloudTerms[configuration.cloud].placementPhrases[configuration.placement];
	return own ?? placementWords[configuration.placement] ?? configuration.placement;
}

/** One line of why; `prediction` the explained one where it is made (it carries the burst a baseline rests under). */
export function whyOf(plan: Plan, workload: Workload, prediction: Prediction = plan.candidate.prediction): string {
	const target = workload.minGbps;
	const {candidate} = plan;
	const {configuration} = candidate;
	const options = [
		configuration.options.enaExpress ? 'ENA Express' : '',
		configuration.options.tier1 ? 'Tier_1' : '',
	].filter((word) => word !== '');
	const where = `${placementWordsOf(configuration, workload)}${options.length > 0 ? ` with ${options.join(' and ')}` : ''}`;
	const footing = prediction.footing.aggregate === 'measured' ? 'measured' : prediction.footing.aggregate;
	return `${bindingWords(candidate, prediction)} ${where}${targetWords(plan, target)}; ${footing}`;
}

export function toRanked(plan: Plan, rank: number, workload: Workload): RankedConfiguration {
	const {candidate} = plan;
	const hosts = hostsOf(candidate, workload);
	const explained = explainedOf(candidate, hosts, workload);
	const cpu = streamsOverVcpus(candidate.configuration, candidate.record);
	const offering = offeringsOf(candidate.record, workload);
	const limit = groupLimitLine(candidate.configuration, plan.pairs, workload.path);
	const support = placementSupportLine(candidate.configuration, candidate.record);
	const said = [
		...(cpu === null ? [] : [cpu]),
		...offeringLines(offering, candidate.record.shape),
		...(limit === null ? [] : [limit]),
		...(support === null ? [] : [support]),
	];
	const predicted = said.length === 0 ? explained : {...explained, basis: [...explained.basis, ...said]};
	const unchecked = uncheckedMinimums(candidate.record, workload);
	const perGbps = pricePerGbps(candidate);
	const ranked: RankedConfiguration = {
		...candidate.configuration,
		rank,
		predicted,
		meetsTarget: plan.meets,
		pricePerHour: candidate.price.perHour,
		priceRegion: candidate.price.region,
		pricePerGbpsHour: perGbps === null ? null : Math.round(perGbps * 10_000) / 10_000,
		...(candidate.price.perHour === null ? {priceUnknown: candidate.price.unknown ?? 'no source gives a price'} : {}),
		...(candidate.price.basis === undefined ? {} : {priceBasis: candidate.price.basis}),
		why: whyOf(plan, workload, predicted),
		...isolationField(candidate.configuration, workload),
		...(unchecked.length > 0 ? {unchecked} : {}),
		pairs: plan.pairs,
		job: jobOf(plan, workload),
		hosts,
		...(cpu === null ? {} : {cpuRisk: cpu}),
		...(offering.length === 0 ? {} : {offering}),
	};

	if (workload.transferBytes === null) return ranked;
	const transfer = transferEstimate(
		workload.transferBytes,
		plan.rateGbps,
		candidate.prediction.footing.aggregate,
		candidate.price.perHour === null ? null : candidate.price.perHour * plan.pairs,
		workload.withinSeconds,
	);
	return {...ranked, transfer};
}

/** OCI's isolation at default placement, named in JSON as the text names it (`"isolatedBy": "fault-domains"`). */
function isolationField(configuration: Configuration, workload: Workload): {isolatedBy?: IsolatedBy} {
	const isolation = isolatedBy(configuration, workload);
	return isolation === null ? {} : {isolatedBy: isolation};
}

function pricePerGbps(candidate: Candidate): number | null {
	const price = candidate.price.perHour;
	const aggregate = candidate.prediction.aggregateGbps;
	return price === null || aggregate === null || aggregate <= 0 ? null : price / aggregate;
}

/** The job on the plan: its rate, time, hourly price (both ends x pairs) and cost. */
function jobOf(plan: Plan, workload: Workload): JobFigures {
	const price = plan.candidate.price.perHour;
	return {
		rateGbps: plan.rateGbps,
		seconds: plan.seconds === null ? null : Math.round(plan.seconds),
		perHour: price === null ? null : round(2 * plan.pairs * price, 4),
		cost: workload.transferBytes === null ? null : costOf(plan, workload),
	};
}

function costOf(plan: Plan, workload: Workload): JobCost {
	const instances = plan.instancesUsd === null ? null : round(plan.instancesUsd, 2);
	const {charge} = plan;
	const dataTransfer = charge === null ? null : round(charge.usd, 2);
	const total = instances === null || dataTransfer === null ? null : round(instances + dataTransfer, 2);
	if (charge === null) {
		return {
			instances,
			dataTransfer,
			total,
			dataTransferUnknown: unknownChargeWhy(workload, plan.candidate.configuration.cloud),
		};
	}

	const {usdPerGB, chargedOn, source, asOf, basis} = charge;
	return {instances, dataTransfer, total, dataTransferPrice: {usdPerGB, chargedOn, source, asOf, basis}};
}

/** The hosts the figures rest on: tuned as `netplace tune` prints for the plan, or as they are. */
function hostsOf(candidate: Candidate, workload: Workload): PlanHosts {
	if (!hostsTuned(workload)) return {tuned: false, bufferBytes: null, untuned: null};
	const {configuration, record} = candidate;
	const prescription = hostTuningFor(configuration, record, workload).prescription;
	const asIs = candidate.asIs?.() ?? candidate.prediction;
	const changed = asIs.aggregateGbps !== candidate.prediction.aggregateGbps;
	const {singleFlowGbps, aggregateGbps, bindingLimit} = asIs;
	const untuned = changed ? {singleFlowGbps, aggregateGbps, bindingLimit} : null;
	if (prescription.bufferBytes !== null) return {tuned: true, bufferBytes: prescription.bufferBytes, untuned};
	const set = prescription.lines.filter((line) => line.optional !== true).map((line) => line.label ?? line.setting);
	const window = set.length === 0 ? 'nothing to set' : `only ${set.join(', ')} (netplace tune prints it)`;
	const why = prescription.rttMs === null ? prescription.summary : `the window does not hold this plan back: ${window}`;
	return {tuned: true, bufferBytes: null, untuned, why};
}

/** The prediction explained with the buffers the plan's hosts get (tune's), or the search's. */
function explainedOf(candidate: Candidate, hosts: PlanHosts, workload: Workload): Prediction {
	if (candidate.explained === undefined) return candidate.prediction;
	if (!hosts.tuned) return candidate.explained();
	// Tuned: the buffers tune prints; none needed, the hosts' own (the figure is the same: the window does not bind).
	const buffer = hosts.bufferBytes;
	return candidate.explained({tcpRmemMax: buffer ?? workload.tcpRmemMax, tcpWmemMax: buffer ?? workload.tcpWmemMax});
}
