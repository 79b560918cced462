// The recommendation card as plain data: what to buy and run (shape, placement, options, streams to
// open), what it will deliver against the target, what binds it, what it costs, and each figure's
// footing; then the alternatives that also meet the target, and what does not meet it and why. Both
// faces lay this out (the Ink card, `cardLines` for text, the Markdown export). Pure.

import {cloudTerms} from '../domain/clouds.js';
import {dollars, dollarsPerHour, streamsLabel} from '../domain/format.js';
import {isolatedBy, isolatedByWords} from '../domain/isolation.js';
import type {BindingLimit, Footing, RankedConfiguration, Relaxation, SizeResult} from '../domain/model-types.js';
import type {Placement, RealCloud, Workload} from '../domain/types.js';
import {formatFigure, formatGbps, missing} from './format.js';
import {againstTarget, type CardFigure, planBasis, planFigures, planSetup} from './job-figures.js';

export type CardStatus = 'meets' | 'unreachable' | 'no-target' | 'empty';

export type {CardFigure} from './job-figures.js';

/** One configuration as a row: the alternatives and the not-meeting lists. */
export interface ConfigurationRow {
	readonly rank: number;
	readonly cloud: RealCloud;
	/** "aws c8gn.4xlarge" (with OCPUs for Flex shapes). */
	readonly title: string;
	/** "cluster placement group · ENA Express · 4 streams". */
	readonly setup: string;
	readonly aggregate: string;
	readonly singleFlow: string;
	readonly limit: string;
	readonly price: string;
	readonly perGbpsHour: string;
	readonly meetsTarget: boolean;
	readonly why: string;
}

export interface RecommendationCard {
	readonly status: CardStatus;
	/** The first line: met, unreachable (with what comes closest), or no target. */
	readonly headline: string;
	/** When nothing meets the target: what would be needed. */
	readonly needs: readonly string[];
	readonly pick: ConfigurationRow | null;
	/** Shape, placement, options, streams to open: one line each. */
	readonly setup: readonly string[];
	readonly figures: readonly CardFigure[];
	/** Where the figures come from (the study cell, the documented cap, the probe run). */
	readonly basis: readonly string[];
	readonly alternatives: readonly ConfigurationRow[];
	readonly notMeeting: readonly ConfigurationRow[];
	/** Where the configurations with no price rank, and why they have none; null when every one is priced. */
	readonly unpriced: string | null;
}

export const alternativesShown = 4;
export const notMeetingShown = 4;

const limitLabels: Readonly<Record<BindingLimit, string>> = {
	'per-flow-cap': 'per-flow cap',
	window: 'TCP window / RTT',
	loss: 'loss rate',
	mtu: 'MTU (ENA Express needs 8900)',
	flows: 'the flows (no per-flow cap documented)',
	interface: 'one interface (ENI / VNIC)',
	'instance-baseline': 'instance baseline',
	'instance-peak': 'instance peak (burst)',
	'path-limit': 'path limit',
	'none-known': 'no known limit',
};

export function bindingLimitLabel(limit: BindingLimit): string {
	return limitLabels[limit];
}

export function placementLabel(cloud: RealCloud, placement: Placement): string {
	switch (placement) {
		case 'default': {
			return 'no placement group';
		}

		case 'cluster': {
			return 'cluster placement group';
		}

		case 'spread': {
			return cloudTerms[cloud].placementLabels.spread ?? 'spread placement';
		}

		case 'partition': {
			return 'partition placement group';
		}

		case 'collocated': {
			return 'compact placement (COLLOCATED)';
		}
	}
}

/**
 * The placement as the configuration runs it for this workload: OCI's fault domains are no placement group
 * but asked for at launch, so with fault isolation its default placement is "separate fault domains" (the
 * decision order's step says the same).
 */
function placementFor(configuration: RankedConfiguration, workload: Workload): string {
	const isolation = isolatedBy(configuration, workload);
	if (isolation !== null) return isolatedByWords[isolation];
	return placementLabel(configuration.cloud, configuration.placement);
}

export function priceText(perHour: number | null, region: string | null): string {
	if (perHour === null) return missing;
	return region ? `${dollarsPerHour(perHour)} (${region})` : dollarsPerHour(perHour);
}

export function perGbpsHourText(value: number | null): string {
	return value === null ? missing : dollars(value);
}

/** "aws c8gn.4xlarge", "oci VM.Standard.E5.Flex × 16 OCPUs". */
export function configurationTitle(configuration: RankedConfiguration): string {
	const ocpus =
		configuration.ocpus === null ? '' : ` × ${configuration.ocpus} OCPU${configuration.ocpus === 1 ? '' : 's'}`;
	return `${configuration.cloud} ${configuration.shape}${ocpus}`;
}

export function optionLabels(configuration: RankedConfiguration): string[] {
	const labels: string[] = [];
	if (configuration.options.enaExpress) labels.push('ENA Express');
	if (configuration.options.tier1) labels.push('Tier_1 networking');
	return labels;
}

export function toRow(configuration: RankedConfiguration, workload: Workload): ConfigurationRow {
	const {predicted} = configuration;
	return {
		rank: configuration.rank,
		cloud: configuration.cloud,
		title: configurationTitle(configuration),
		setup: [
			placementFor(configuration, workload),
			...optionLabels(configuration),
			streamsLabel(configuration.streams),
		].join(' · '),
		aggregate: formatFigure(predicted.aggregateGbps, predicted.footing.aggregate),
		singleFlow: formatFigure(predicted.singleFlowGbps, predicted.footing.singleFlow),
		limit: bindingLimitLabel(predicted.bindingLimit),
		price: priceText(configuration.pricePerHour, configuration.priceRegion),
		perGbpsHour: perGbpsHourText(configuration.pricePerGbpsHour),
		meetsTarget: configuration.meetsTarget,
		why: configuration.why,
	};
}

function sameConfiguration(left: RankedConfiguration, right: RankedConfiguration): boolean {
	return (
		left.cloud === right.cloud &&
		left.shape === right.shape &&
		left.placement === right.placement &&
		left.ocpus === right.ocpus &&
		left.streams === right.streams &&
		left.options.enaExpress === right.options.enaExpress &&
		left.options.tier1 === right.options.tier1
	);
}

/** The same configuration in another answer (e.g. the model's, before the user's probes). */
export function findConfiguration(
	result: SizeResult,
	configuration: RankedConfiguration,
): RankedConfiguration | undefined {
	return result.configurations.find((candidate) => sameConfiguration(candidate, configuration));
}

/** Alternatives: the best of each other cloud first, then the next ranked, up to `alternativesShown`. */
function alternativesOf(meeting: readonly RankedConfiguration[], pick: RankedConfiguration): RankedConfiguration[] {
	// Another shape each: the pick's own shape at another placement is in the decision order's steps.
	const shapeOf = (configuration: RankedConfiguration) =>
		`${configuration.cloud}/${configuration.shape}/${configuration.ocpus ?? ''}`;
	const rest = meeting.filter(
		(configuration, index) =>
			shapeOf(configuration) !== shapeOf(pick) &&
			meeting.findIndex((candidate) => shapeOf(candidate) === shapeOf(configuration)) === index,
	);
	const otherClouds = rest.filter(
		(configuration, index) =>
			configuration.cloud !== pick.cloud &&
			rest.findIndex((candidate) => candidate.cloud === configuration.cloud) === index,
	);
	const chosen = [...otherClouds, ...rest.filter((configuration) => !otherClouds.includes(configuration))];
	return chosen.slice(0, alternativesShown).sort((left, right) => left.rank - right.rank);
}

function aggregateFigure(pick: RankedConfiguration, workload: Workload, before?: RankedConfiguration): CardFigure {
	const {aggregateGbps} = pick.predicted;
	// More than one pair: the job's rate (job-figures.ts) is what meets the target, not one pair's.
	const target = pick.pairs > 1 ? null : workload.minGbps;
	const against = againstTarget(aggregateGbps, target, pick.meetsTarget);
	return {
		label: `aggregate, ${streamsLabel(pick.streams)}`,
		value: `${formatFigure(aggregateGbps, pick.predicted.footing.aggregate)}${against}`,
		footing: pick.predicted.footing.aggregate,
		...measuredBeside(pick.predicted.footing.aggregate, before?.predicted.aggregateGbps, aggregateGbps),
	};
}

/** After a probe the figure is measured: show what the model said beside it, when it said something else. */
function measuredBeside(
	footing: Footing,
	modelled: number | null | undefined,
	measured: number | null,
): {readonly predicted?: string} {
	if (footing !== 'measured' || modelled === undefined || modelled === measured) return {};
	return {predicted: formatFigure(modelled)};
}

function figuresOf(pick: RankedConfiguration, workload: Workload, before?: RankedConfiguration): CardFigure[] {
	const {predicted} = pick;
	const bursts = predicted.burstGbps === undefined ? '' : `; bursts to ${formatGbps(predicted.burstGbps)}`;
	const restsOn = predicted.restsOn ? ` (plan rests on the ${predicted.restsOn}${bursts})` : '';
	return [
		{
			label: 'single flow',
			value: formatFigure(predicted.singleFlowGbps, predicted.footing.singleFlow),
			footing: predicted.footing.singleFlow,
			...measuredBeside(predicted.footing.singleFlow, before?.predicted.singleFlowGbps, predicted.singleFlowGbps),
		},
		aggregateFigure(pick, workload, before),
		{label: 'binding limit', value: `${bindingLimitLabel(predicted.bindingLimit)}${restsOn}`, footing: null},
		...(predicted.interfaces?.note ? [{label: 'interfaces', value: predicted.interfaces.note, footing: null}] : []),
		{label: 'price', value: priceText(pick.pricePerHour, pick.priceRegion), footing: null},
		{label: '$ per Gbps-hour', value: perGbpsHourText(pick.pricePerGbpsHour), footing: null},
		...planFigures(pick, workload),
	];
}

/** "Nothing fits --shape c4a-standard-72 --tier1", or the bare line when no constraint is set. */
function emptyHeadline(emptiedBy: readonly Relaxation[] | undefined): string {
	const flags = [...new Set((emptiedBy ?? []).flatMap((relaxation) => relaxation.flags))];
	return flags.length === 0 ? 'No configuration fits these constraints' : `Nothing fits ${flags.join(' ')}`;
}

/** "without --tier1: gcp c4a-standard-72, 32.91 Gbps (unknown), $3.2328/h (us-central1)". */
export function relaxationText(relaxation: Relaxation): string {
	const without = `without ${relaxation.flags.join(' ')}`;
	const best = relaxation.best;
	if (best === null) return `${without}: still nothing`;
	const {aggregateGbps, footing} = best.predicted;
	const unchecked =
		best.unchecked === undefined ? '' : `; but ${best.unchecked.join('; ')} (missing is not "no", nor "yes")`;
	return `${without}: ${configurationTitle(best)}, ${formatFigure(aggregateGbps, footing.aggregate)} (${footing.aggregate}), ${priceText(best.pricePerHour, best.priceRegion)}${unchecked}`;
}

function headlineOf(
	status: CardStatus,
	workload: Workload,
	pick: RankedConfiguration | undefined,
	emptiedBy?: readonly Relaxation[],
): string {
	const streams = streamsLabel(workload.streams);
	switch (status) {
		case 'meets': {
			const pairs = pick !== undefined && pick.pairs > 1 ? ` on ${String(pick.pairs)} pairs of hosts` : '';
			return `Meets ${workload.minGbps ?? 0} Gbps with at most ${streams}${pairs}: use this`;
		}

		case 'no-target': {
			return `No target given: the best Gbps per dollar with ${streams}`;
		}

		case 'unreachable': {
			const target = `${workload.minGbps ?? 0} Gbps with at most ${streams}`;
			// An unknown figure is not a short one: nothing is known to reach the target, not "nothing reaches it".
			if (pick && pick.predicted.aggregateGbps === null)
				return `Nothing is known to reach ${target}; ${configurationTitle(pick)} has no known figure`;
			const closest = pick
				? `; closest: ${formatFigure(pick.predicted.aggregateGbps, pick.predicted.footing.aggregate)} on ${configurationTitle(pick)}`
				: '';
			return `Nothing reaches ${target}${closest}`;
		}

		case 'empty': {
			return emptyHeadline(emptiedBy);
		}
	}
}

function statusOf(result: SizeResult, workload: Workload): CardStatus {
	if (result.configurations.length === 0) return 'empty';
	if (workload.minGbps === null) return 'no-target';
	return result.meetsTarget ? 'meets' : 'unreachable';
}

/**
 * The card for a size() answer. `before` is the answer without the user's probes of this session, so
 * a measured figure shows the model's beside it.
 */
export function recommendationCard(result: SizeResult, workload: Workload, before?: SizeResult): RecommendationCard {
	const status = statusOf(result, workload);
	const pick = result.configurations[0];
	const headline = headlineOf(status, workload, pick, result.emptiedBy);
	const needs =
		status === 'unreachable' && result.closest
			? [result.closest.text, ...result.closest.needs.map((need) => need.detail)]
			: status === 'empty'
				? (result.emptiedBy ?? []).map(relaxationText)
				: [];
	if (!pick) {
		const empty = {pick: null, setup: [], figures: [], basis: [], alternatives: [], notMeeting: [], unpriced: null};
		return {status, headline, needs, ...empty};
	}

	const meeting = result.configurations.filter((configuration) => configuration.meetsTarget);
	const prior = before ? findConfiguration(before, pick) : undefined;
	const row = toRow(pick, workload);
	return {
		status,
		headline,
		needs,
		pick: row,
		setup: [
			`shape: ${row.title}`,
			`placement: ${placementFor(pick, workload)}`,
			`options: ${optionLabels(pick).join(', ') || 'none'}`,
			`streams to open: ${pick.streams}`,
			...planSetup(pick, workload),
		],
		figures: figuresOf(pick, workload, prior),
		basis: [
			...pick.predicted.basis,
			...(pick.priceBasis === undefined ? [] : [`price: ${pick.priceBasis}`]),
			...planBasis(pick),
		],
		alternatives: status === 'unreachable' ? [] : alternativesOf(meeting, pick).map((row) => toRow(row, workload)),
		notMeeting: result.configurations
			.filter((configuration) => !configuration.meetsTarget && configuration !== pick)
			.slice(0, notMeetingShown)
			.map((row) => toRow(row, workload)),
		unpriced: result.unpriced?.text ?? null,
	};
}
