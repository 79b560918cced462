// AWS: documented per-flow caps (5 Gbps, 10 in a cluster group, 25 with ENA Express) at the study's
// measured efficiencies; the published baseline or peak at the study's aggregate efficiency per placement;
// the internet / other-Region path limit. Pure.

import {bytesText, durationText, factor, gbps, round} from '../domain/format.js';
import {type Configuration, leavesRegion, type ShapeRecord} from '../domain/model-types.js';
import {remembered} from '../domain/remembered.js';
import {studyShapes, sustainedReference} from '../domain/study-cells.js';
import type {Placement} from '../domain/types.js';
import {
	awsBurstWindow,
	awsClusterFlowCap,
	awsEfaFabricCards,
	awsEnaExpressFlowCap,
	awsEnaExpressNoCrossZoneRegions,
	awsFlowCap,
	awsInternetPath,
	awsPerEniCap,
} from './documented-limits.js';
import {
	type Basis,
	basisFor,
	type Carriage,
	type CloudLimits,
	type Interfaces,
	linesOf,
	type ModelContext,
	type Term,
} from './model-terms.js';
import {awsAggregateEfficiency, awsFlowEfficiency, awsLeastFlowEfficiency} from './study.js';
import {burstSeconds, peakHolds, type TransferSpan} from './transfer.js';

/** Whether ENA Express can carry flows on this path (in-Region; some regions do not cross zones). */
function enaExpressPath(context: Pick<ModelContext, 'path' | 'region'>): boolean {
	if (leavesRegion(context.path)) return false;
	return !(context.path === 'cross-zone' && awsEnaExpressNoCrossZoneRegions.includes(context.region ?? ''));
}

/** Whether ENA Express can carry this configuration's flows (a shape documented to support it, in-Region path). */
export function enaExpressApplies(record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region'>): boolean {
	return record.enaExpress === true && enaExpressPath(context);
}

/**
 * Whether ENA Express may carry them: supported, or support not in the catalogue (unknown is not no: the
 * option is tried when asked for, `unknown`-footed, with how to check).
 */
export function enaExpressMayApply(record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region'>): boolean {
	return record.enaExpress !== false && enaExpressPath(context);
}

function perFlow(configuration: Configuration, record: ShapeRecord, context: ModelContext, basis: Basis): Term {
	if (configuration.options.enaExpress) {
		if (enaExpressMayApply(record, context)) {
			const known = record.enaExpress === true;
			basis?.push(
				`one flow: ENA Express's documented ${gbps(awsEnaExpressFlowCap.gbps)} Gbps maximum (both ends enabled, MTU 8900) at the study's lower single-flow efficiency, ${awsLeastFlowEfficiency().basis}; unmeasured with ENA Express`,
			);
			if (!known) {
				basis?.push(
					`ENA Express support for ${record.shape}: unknown (not in the bundled list from AWS's pages), not no; check: aws ec2 describe-instance-types --instance-types ${record.shape} --query 'InstanceTypes[].NetworkInfo.EnaSrdSupported' (or netplace shapes --live --search ${record.shape})`,
				);
			}

			return enaExpressTerm(known);
		}

		basis?.push('ENA Express does not apply here (unsupported shape or path): stock per-flow cap');
	}

	const inCluster = configuration.placement === 'cluster' && context.path === 'same-zone';
	if (basis) {
		const cap = inCluster ? awsClusterFlowCap : awsFlowCap;
		const efficiency = awsFlowEfficiency(inCluster ? 'cluster' : 'default');
		basis.push(`one flow: the documented ${gbps(cap.gbps)} Gbps cap at the study's ${efficiency.basis}`);
	}

	return stockFlow(inCluster);
}

/** ENA Express's documented per-flow maximum at the study's lower flow efficiency. */
const enaExpressFlowGbps = () => awsEnaExpressFlowCap.gbps * awsLeastFlowEfficiency().share;
/** As a term, eligibility known or unknown: one object each for every configuration it applies to. */
const enaExpressTerm = remembered(
	(known: boolean): Term => ({gbps: enaExpressFlowGbps(), footing: known ? 'modelled' : 'unknown'}),
);
/** The stock per-flow term in a cluster group or not: two objects, made on first use, for every configuration. */
const stockFlow = remembered((inCluster: boolean): Term => ({gbps: stockFlowGbps(inCluster), footing: 'modelled'}));

/** One flow without ENA Express: the documented cap (10 Gbps in a cluster group, else 5) at the study's efficiency. */
function stockFlowGbps(inCluster: boolean): number {
	const cap = inCluster ? awsClusterFlowCap : awsFlowCap;
	return cap.gbps * awsFlowEfficiency(inCluster ? 'cluster' : 'default').share;
}

/**
 * The most one flow of the shape can carry in any of its configurations (what perFlow gives at best; ENA
 * Express is tried where its support is unknown too).
 */
export function largestAwsFlowGbps(record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region'>): number {
	if (enaExpressMayApply(record, context)) return enaExpressFlowGbps();
	return stockFlowGbps(context.path === 'same-zone' && record.placements.includes('cluster'));
}

/**
 * The kinds of configuration of the shape (in a cluster group or not, ENA Express on or off) and the most
 * each is predicted to carry: one flow (the per-flow cap at the study's efficiency) and the instance (the
 * figure the plan rests on at the kind's best placement, within the internet path limit). The same figures
 * perFlow and awsLimits give. None when nothing is published.
 */
export function awsCarriage(record: ShapeRecord, context: Pick<ModelContext, 'path' | 'region' | 'span'>): Carriage[] {
	if (record.bandwidth.baselineGbps === null && record.bandwidth.peakGbps === null) return [];
	const instanceAt = (placements: readonly Placement[]) => instanceGbps(record, context, placements);
	const ena = enaExpressMayApply(record, context);
	const nics = awsInterfaces(record);
	const nicTotal = nics?.perInterface ? nics.perInterface.gbps * nics.usable : Number.POSITIVE_INFINITY;
	const kinds: Carriage[] = [];
	const outside = instanceAt(['default', 'spread']);
	const inCluster = context.path === 'same-zone' ? instanceAt(['cluster']) : null;
	for (const [cluster, instance] of [
		[false, outside],
		[true, inCluster],
	] as const) {
		if (instance === null) continue;
		const carried = Math.min(instance, nicTotal);
		const one = (flow: number) => Math.min(flow, nics?.perInterface?.gbps ?? flow);
		kinds.push({cluster, enaExpress: false, tier1: false, flow: one(stockFlowGbps(cluster)), instance: carried});
		if (ena) {
			const flow = one(enaExpressFlowGbps());
			kinds.push(
				record.enaExpress === true
					? {cluster, enaExpress: true, tier1: false, flow, instance: carried}
					: {cluster, enaExpress: true, tier1: false, flow, instance: carried, unknownEligibility: true},
			);
		}
	}

	return kinds;
}

/** The most the instance carries at the best of these placements it offers (null: none), within the internet limit. */
function instanceGbps(
	record: ShapeRecord,
	context: Pick<ModelContext, 'path' | 'span'>,
	placements: readonly Placement[],
): number | null {
	let largest = -1;
	for (const placement of placements) {
		if (!record.placements.includes(placement)) continue;
		// The peak where any configuration at the placement may rest on it (the most it carries decides: a bound).
		const figure = published(record, context.span, (peak) => peak * awsAggregateEfficiency(placement, peak).share);
		if (figure === null) continue;
		largest = Math.max(largest, figure.gbps * awsAggregateEfficiency(placement, figure.gbps).share);
	}

	if (largest < 0) return null;
	const peak = record.bandwidth.peakGbps ?? record.bandwidth.baselineGbps ?? 0;
	return leavesRegion(context.path) ? Math.min(largest, internetLimit(record, peak)) : largest;
}

interface Published {
	readonly gbps: number;
	/** The peak an "up to" shape bursts to. */
	readonly peak: number;
	readonly restsOn: 'baseline' | 'peak';
	readonly burst: boolean;
}

/**
 * Which published figure the plan rests on (transfer.ts). "Up to" shapes burst on network I/O credits,
 * documented to last 5 to 60 minutes depending on the size, with no table by size: a transfer known to end
 * within the short end (its volume at `peakRate`, what the peak carries, or the time given) rests on the
 * peak; any other (sustained, longer, or of unstated length) on the baseline, the only figure stated past
 * the window. A span of null is a run as long as a probe's: the peak, as the study measured it.
 */
function published(
	record: ShapeRecord,
	span: TransferSpan | null,
	peakRate: (peak: number) => number,
	basis?: Basis,
): Published | null {
	const {baselineGbps, peakGbps} = record.bandwidth;
	if (baselineGbps === null && peakGbps === null) return null;
	const peak = peakGbps ?? baselineGbps ?? 0;
	const baseline = baselineGbps ?? peak;
	if (peak <= baseline) return {gbps: baseline, peak, restsOn: 'baseline', burst: false};
	const rate = peakRate(peak);
	if (!peakHolds(span, rate)) {
		basis?.push(`rests on the ${gbps(baseline)} Gbps baseline, bursts to ${gbps(peak)}: ${whyBaseline(span, rate)}`);
		return {gbps: baseline, peak, restsOn: 'baseline', burst: true};
	}

	basis?.push(`rests on the ${gbps(peak)} Gbps peak over a ${gbps(baseline)} baseline: ${whyPeak(span, rate)}`);
	const ratio = peak / baseline;
	if (ratio > studiedBurstRatio()) {
		basis?.push(
			`the peak is ${factor(ratio, 1)} the baseline: the study's ${String(sustainedReference.durationSeconds)} s hold covers ${factor(studiedBurstRatio(), 1)} (${sustainedReference.shape}); this one is documented, not measured`,
		);
	}

	return {gbps: peak, peak, restsOn: 'peak', burst: true};
}

/** The peak-over-baseline ratio the study's sustained run held (c8g.4xlarge: 15 over 7.5). */
const studiedBurstRatio = () => sustainedReference.peakGbps / sustainedReference.baselineGbps;

function whyPeak(span: TransferSpan | null, rate: number): string {
	const seconds = span === null ? null : burstSeconds(span, rate);
	if (span === null || seconds === null) return `a run as long as a probe's fits ${burstWindow()}; ${heldPeak()}`;
	const what = span.bytes === null ? 'the transfer' : `${bytesText(span.bytes)} at ${gbps(round(rate, 2))} Gbps`;
	return `${what} takes ${durationText(seconds)}, inside ${burstWindow()}`;
}

function whyBaseline(span: TransferSpan | null, rate: number): string {
	const seconds = span === null ? null : burstSeconds(span, rate);
	if (span?.sustained) return `a sustained transfer outlasts ${burstWindow()}; ${heldPeak()} but no longer`;
	if (seconds === null) {
		return `the transfer's length is not given (--transfer, --within) and ${burstWindow()}`;
	}

	const bytes = span?.bytes ?? null;
	const what = bytes === null ? 'the transfer' : `${bytesText(bytes)} at ${gbps(round(rate, 2))} Gbps`;
	return `${what} takes ${durationText(seconds)}, past ${burstWindow()}`;
}

const heldPeak = () =>
	`the study saw ${sustainedReference.shape} hold its ${gbps(sustainedReference.peakGbps)} Gbps peak for ${String(sustainedReference.durationSeconds)} s`;
const burstWindow = () =>
	`the shortest documented burst window (${String(awsBurstWindow.minMinutes)} min; AWS: ${String(awsBurstWindow.minMinutes)} to ${String(awsBurstWindow.maxMinutes)} min by size)`;

function internetLimit(record: ShapeRecord, figure: number): number {
	const vcpus = record.vcpus ?? 0;
	if (vcpus < awsInternetPath.vcpuThreshold) return awsInternetPath.smallGbps;
	return Math.max(awsInternetPath.smallGbps, awsInternetPath.share * figure);
}

/** The ENIs a shape's TCP traffic can use: one per network card, and what one carries (documented). */
function awsInterfaces(record: ShapeRecord): Interfaces | undefined {
	const {networkCards, perCardBaselineGbps, baselineGbps} = record.bandwidth;
	const cards = networkCards ?? 1;
	if (cards < 2) return undefined;
	if (cards > awsEfaFabricCards && perCardBaselineGbps !== null) return efaFabric(perCardBaselineGbps);
	if (perCardBaselineGbps !== null) return cardInterfaces(cards)(perCardBaselineGbps);
	if (baselineGbps === awsPerEniCap.instanceGbps && awsPerEniCap.sizes.test(record.shape))
		return cardInterfaces(cards)(awsPerEniCap.gbps);
	return undefined;
}

/** N ENIs on N cards at a per-card figure (made once per pair: the search asks per configuration). */
const cardInterfaces = remembered((cards: number) =>
	remembered(
		(per: number): Interfaces => ({kind: 'eni', perInterface: {gbps: per, footing: 'documented'}, usable: cards}),
	),
);
/** An accelerator fabric's first card, the one TCP is planned on. */
const efaFabric = remembered((per: number): Interfaces => cardInterfaces(1)(per));

function interfaceLine(record: ShapeRecord, nics: Interfaces): string {
	const per = gbps(nics.perInterface?.gbps ?? 0);
	const cards = record.bandwidth.networkCards ?? 1;
	if (nics.usable < cards) {
		return `interfaces: TCP planned on the first of ${String(cards)} network cards, ${per} Gbps (documented per card); the other cards carry EFA traffic between accelerators: what TCP reaches over them is unknown, not added`;
	}

	const rule = record.bandwidth.perCardBaselineGbps === null ? ` (${awsPerEniCap.source})` : ' (documented per card)';
	return `interfaces: one ENI reaches ${per} Gbps; ${String(nics.usable)} network cards, one ENI on each${rule}`;
}

/**
 * What the peak carries for this configuration (the rate a transfer's volume runs at, deciding whether it
 * fits the burst window): the peak at the placement's efficiency, within the flows, the interfaces and the path.
 */
function peakRateOf(configuration: Configuration, record: ShapeRecord, context: ModelContext, flow: Term) {
	return (peak: number): number => {
		const nics = awsInterfaces(record);
		const nicTotal = nics?.perInterface ? nics.perInterface.gbps * nics.usable : Number.POSITIVE_INFINITY;
		const instance = peak * awsAggregateEfficiency(configuration.placement, peak).share;
		const path = leavesRegion(context.path) ? internetLimit(record, peak) : Number.POSITIVE_INFINITY;
		return Math.min(instance, configuration.streams * flow.gbps, nicTotal, path);
	};
}

export function awsLimits(configuration: Configuration, record: ShapeRecord, context: ModelContext): CloudLimits {
	const basis = basisFor(context.explain);
	const flow = perFlow(configuration, record, context, basis);
	const figure = published(record, context.span, peakRateOf(configuration, record, context, flow), basis);
	if (figure === null) {
		return {
			perFlow: flow,
			instance: null,
			instanceLimit: 'instance-baseline',
			flowLimit: 'per-flow-cap',
			basis: linesOf(basis),
		};
	}

	const nics = awsInterfaces(record);
	if (nics !== undefined) basis?.push(interfaceLine(record, nics));
	let instance = instanceTerm(configuration, record, figure.gbps, basis);
	let instanceLimit: CloudLimits['instanceLimit'] = figure.restsOn === 'peak' ? 'instance-peak' : 'instance-baseline';
	const limit = leavesRegion(context.path) ? internetTerm(record, figure.gbps, basis) : null;
	if (limit !== null && limit < instance.gbps) {
		instance = {gbps: limit, footing: 'documented'};
		instanceLimit = 'path-limit';
	}

	// One literal, absent parts undefined: spreading a made object into another cost the search more than
	// the rest of the model (it makes one per configuration).
	return {
		perFlow: flow,
		instance,
		instanceLimit,
		flowLimit: 'per-flow-cap',
		basis: linesOf(basis),
		interfaces: nics,
		restsOn: figure.burst ? figure.restsOn : undefined,
		burstGbps: figure.burst && figure.restsOn === 'baseline' ? figure.peak : undefined,
	};
}

/** The published figure at the placement's aggregate efficiency (modelled). */
function instanceTerm(
	configuration: Configuration,
	record: ShapeRecord,
	figureGbps: number,
	basis: string[] | undefined,
): Term {
	const efficiency = awsAggregateEfficiency(configuration.placement, figureGbps);
	const studied = record.shape === studyShapes.awsGeneral || record.shape === studyShapes.awsNetwork;
	basis?.push(`instance: ${gbps(figureGbps)} Gbps published, ${efficiency.basis}${studied ? '' : ' (modelled)'}`);
	return {gbps: figureGbps * efficiency.share, footing: 'modelled'};
}

/** What AWS documents for traffic to the internet or another Region, Gbps. */
function internetTerm(record: ShapeRecord, figureGbps: number, basis: string[] | undefined): number {
	const limit = internetLimit(record, figureGbps);
	basis?.push(
		`internet / other Region: ${gbps(round(limit, 2))} Gbps (documented: 5 Gbps under ${String(awsInternetPath.vcpuThreshold)} vCPUs, else 50% of the instance)`,
	);
	return limit;
}
