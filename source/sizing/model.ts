// The throughput model (DESIGN.md "The throughput model"): predict(configuration, path, record) ->
// single flow, aggregate, the binding limit and each figure's footing. Aggregate with N streams =
// min(N x per-flow, instance limit for the path). A cell the evidence holds (the study, or the user's
// probe, which always wins) replaces the model's figures for that configuration. Pure.

import {cloudTerms} from '../domain/clouds.js';
import {type EvidenceView, evidenceView} from '../domain/evidence.js';
import {gbps, round} from '../domain/format.js';
import type {
	BindingLimit,
	Configuration,
	Footing,
	InterfaceUse,
	NetworkPath,
	Prediction,
	ShapeRecord,
} from '../domain/model-types.js';
import {remembered} from '../domain/remembered.js';
import {referenceCell, referenceMeasurements, studyShapes} from '../domain/study-cells.js';
import {cloudSizing} from './cloud-models.js';
import {type CloudLimits, evidenceHasShape, type ModelContext, measuredLimits, type Term} from './model-terms.js';
import {withPathBound} from './path-bound.js';
import {enaExpressMtu, type HostInputs, noHostInputs, pathFigures} from './path-defaults.js';
import {perRecord} from './per-record.js';
import {awsAggregateEfficiency} from './study.js';
import type {TransferSpan} from './transfer.js';

export interface PredictOptions {
	/** The study plus the user's probes; defaults to the study alone. */
	readonly evidence?: EvidenceView;
	/**
	 * How long the transfer runs (transfer.ts): "up to" shapes rest on their peak only when it fits the burst
	 * window. Absent: a run as long as a probe's (the study's), which rests on the peak.
	 */
	readonly span?: TransferSpan;
	/** Where the pair runs (AWS: ENA Express does not cross zones in a few regions). */
	readonly region?: string | null;
	/** Write the basis lines (default true; the search ranks without them and explains what it shows). */
	readonly explain?: boolean;
	/** The path's RTT, MTU and the hosts' buffers as given (null: the documented defaults, path-defaults.ts). */
	readonly hosts?: HostInputs;
	/** Apply the path's terms (default true); false gives what the cloud alone allows (host-tuning's target). */
	readonly pathTerms?: boolean;
}

let studyView: EvidenceView | undefined;

/** The study alone, as evidence (built once). */
export function studyEvidence(): EvidenceView {
	studyView ??= evidenceView(referenceMeasurements());
	return studyView;
}

function cloudLimits(configuration: Configuration, record: ShapeRecord, context: ModelContext): CloudLimits {
	return cloudSizing(configuration.cloud).limits(configuration, record, context);
}

/** Predictions are rounded to this many decimals (and ceilings on them, ceilings.ts). */
export const gbpsDecimals = 2;

/** Footing of N x a per-flow figure: a measured flow times N is a model; documented, bound and unknown stay so. */
function timesFooting(term: Term, streams: number): Footing {
	if (streams === 1) return term.footing;
	return term.footing === 'measured' ? 'modelled' : term.footing;
}

const unknownLine = 'no bandwidth figure is published for this shape: unknown, not guessed';
/** The quiet search's basis for an unknown figure: one list for the hundreds of shapes that publish none. */
const unknownOnly: readonly string[] = [unknownLine];

/** The footing pairs, one object each, shared by every prediction (the search makes thousands). */
const footingPairs = remembered((singleFlow: Footing) =>
	remembered((aggregate: Footing): Prediction['footing'] => ({singleFlow, aggregate})),
);

function unknownWith(restsOn: CloudLimits['restsOn'], basis: readonly string[]): Prediction {
	return {
		singleFlowGbps: null,
		aggregateGbps: null,
		bindingLimit: 'none-known',
		footing: footingPairs('unknown')('unknown'),
		...(restsOn ? {restsOn} : {}),
		basis,
	};
}

/** The quiet search's unknown prediction (its one basis line), with a resting figure or without: one each. */
const quietUnknown = remembered((restsOn: CloudLimits['restsOn']) => unknownWith(restsOn, unknownOnly));

function unknown(limits: CloudLimits): Prediction {
	return limits.basis.length === 0
		? quietUnknown(limits.restsOn)
		: unknownWith(limits.restsOn, [...limits.basis, unknownLine]);
}

/**
 * What one flow carries: the per-flow term within one interface and the instance. A measured flow stands,
 * except above a baseline the plan rests on: it was measured inside the burst window, and past it the
 * instance's baseline holds every flow (measuredLimits says the same of a measured aggregate).
 */
function singleOf(perFlow: Term, instance: Term, perInterface: Term | null, onBaseline: boolean): Term {
	if (perFlow.footing === 'measured' && !(onBaseline && instance.gbps < perFlow.gbps)) return perFlow;
	let single = perFlow;
	if (perInterface !== null && perInterface.gbps < single.gbps) single = perInterface;
	return instance.gbps < single.gbps ? instance : single;
}

/** The interfaces an aggregate needs, and what to say about them (explained predictions only). */
function interfacesOf(limits: CloudLimits, aggregate: number): InterfaceUse | undefined {
	const nics = limits.interfaces;
	if (nics === undefined) return undefined;
	const per = nics.perInterface?.gbps ?? null;
	const count = per === null ? 1 : Math.min(nics.usable, Math.max(1, Math.ceil(aggregate / per - 1e-9)));
	let note: string | null = null;
	if (count > 1 && per !== null) {
		const what = nics.kind === 'eni' ? 'ENIs on separate network cards' : 'VNICs (NIC 0 and NIC 1)';
		note = `needs ${String(count)} ${what}, ${String(count)} x ${gbps(per)} Gbps`;
	}

	return {kind: nics.kind, count, perInterfaceGbps: per, note};
}

/**
 * Combine a per-flow figure, the interfaces and an instance limit at N streams (the one formula of the
 * model): aggregate = min(N x per-flow, interfaces x per-interface, instance); one flow never above one
 * interface or the instance.
 */
export function aggregateOf(limits: CloudLimits, streams: number): Prediction {
	const {perFlow, instance} = limits;
	if (instance === null || perFlow === null) return unknown(limits);
	const perInterface = limits.interfaces?.perInterface ?? null;
	const single = singleOf(perFlow, instance, perInterface, limits.restsOn === 'baseline');
	const nicTotal =
		perInterface === null ? Number.POSITIVE_INFINITY : perInterface.gbps * (limits.interfaces?.usable ?? 1);
	const nicBinds = nicTotal < instance.gbps;
	const ceiling = nicBinds ? nicTotal : instance.gbps;
	const flows = streams * perFlow.gbps;
	const perFlowBinds = flows < ceiling;
	// The aggregate's figure and footing as two values, not a term object: the search makes thousands.
	let carried: number;
	let carriedFooting: Footing;
	if (streams === 1) {
		carried = single.gbps;
		carriedFooting = single.footing;
	} else if (limits.measuredAt?.streams === streams) {
		carried = limits.measuredAt.gbps;
		carriedFooting = 'measured';
	} else if (perFlowBinds) {
		carried = flows;
		carriedFooting = timesFooting(perFlow, streams);
	} else if (nicBinds) {
		carried = nicTotal;
		carriedFooting = perInterface?.footing ?? 'documented';
	} else {
		carried = instance.gbps;
		carriedFooting = instance.footing === 'measured' ? 'modelled' : instance.footing;
	}

	// A flow figure resting on an unknown fact (an option the shape may not have) leaves the aggregate
	// unknown too, whichever term binds: without the option the flows could bind far lower.
	if (perFlow.footing === 'unknown') carriedFooting = 'unknown';

	const flowsBind = streams === 1 ? single === perFlow && perFlow.gbps < ceiling : perFlowBinds;
	const binding: BindingLimit = flowsBind
		? limits.flowLimit
		: nicBinds || (streams === 1 && single === perInterface)
			? 'interface'
			: limits.instanceLimit;
	return predictionOf(limits, single, carried, carriedFooting, binding);
}

/** The prediction from its figures, rounded; an explained one also says its burst and the interfaces it needs. */
function predictionOf(
	limits: CloudLimits,
	single: Term,
	carried: number,
	carriedFooting: Footing,
	binding: BindingLimit,
): Prediction {
	const singleFlowGbps = round(single.gbps, gbpsDecimals);
	const aggregateGbps = round(carried, gbpsDecimals);
	const footing = footingPairs(single.footing)(carriedFooting);
	const {restsOn, basis} = limits;
	// Literals, not spreads, for the search's thousands (restsOn keeps its place before basis).
	const prediction: Prediction = restsOn
		? {singleFlowGbps, aggregateGbps, bindingLimit: binding, footing, restsOn, basis}
		: {singleFlowGbps, aggregateGbps, bindingLimit: binding, footing, basis};
	if (basis.length === 0) return prediction;
	const interfaces = interfacesOf(limits, carried);
	return {
		...prediction,
		...(limits.burstGbps === undefined ? {} : {burstGbps: limits.burstGbps}),
		...(interfaces === undefined ? {} : {interfaces}),
	};
}

/** The largest share of a published figure the model ever predicts for an instance (the study's efficiencies). */
let largestShare: number | undefined;

function largestInstanceShare(): number {
	largestShare ??= Math.max(
		1,
		...(['default', 'cluster', 'spread'] as const).flatMap((placement) =>
			[studyShapes.awsGeneral, studyShapes.awsNetwork].map(
				(shape) =>
					awsAggregateEfficiency(placement, referenceCell('aws', shape, placement)?.published.figure.value ?? 0).share,
			),
		),
	);
	return largestShare;
}

/**
 * The most any configuration of a shape can be predicted to carry, at any placement, option, OCPU count
 * and stream count: its largest published figure at the study's largest efficiency. Infinite where the
 * evidence has the shape (a measurement may exceed a published figure). The search leaves out shapes that
 * cannot reach a target only when enough others do (search.ts).
 */
export function aggregateCeiling(record: ShapeRecord, evidence: EvidenceView): number {
	if (evidenceHasShape(evidence, record.shape)) return Number.POSITIVE_INFINITY;
	const {baselineGbps, peakGbps} = record.bandwidth;
	const published = Math.max(baselineGbps ?? 0, peakGbps ?? 0, record.flex?.maxGbps ?? 0, record.tier1?.capGbps ?? 0);
	return published * largestInstanceShare();
}

/**
 * What a configuration delivers over a path: DESIGN.md's predict. The study's cells come out as measured;
 * a probe of the same cloud, shape and placement replaces the study and the model.
 */
export function predict(
	configuration: Configuration,
	path: NetworkPath,
	record: ShapeRecord,
	options: PredictOptions = {},
): Prediction {
	const evidence = options.evidence ?? studyEvidence();
	const context = contextOf(path, options);
	const limits = context.model.explain
		? limitsOf(configuration, record, context.model, evidence)
		: quietLimits(configuration, record, context, evidence);
	return onPath(configuration, path, record, options, aggregateOf(limits, configuration.streams));
}

/** The path's terms (path-bound.ts): every flow held to window / RTT (and loss); ENA Express held to its MTU. */
function onPath(
	configuration: Configuration,
	path: NetworkPath,
	record: ShapeRecord,
	options: PredictOptions,
	prediction: Prediction,
): Prediction {
	if (options.pathTerms === false) return prediction;
	const explain = options.explain ?? true;
	const {cloud, shape, placement} = configuration;
	const enaExpress = configuration.options.enaExpress;
	const figures = pathFigures({cloud, shape, placement, enaExpress}, path, options.hosts ?? noHostInputs);
	const sellsEna = cloudTerms[cloud].options.includes('enaExpress');
	if (enaExpress && sellsEna && figures.mtu !== null && figures.mtu > enaExpressMtu.mtu) {
		const stock = predict(
			{...configuration, options: {...configuration.options, enaExpress: false}},
			path,
			record,
			options,
		);
		const line = `MTU ${figures.mtu} is over ENA Express's ${enaExpressMtu.mtu}: its packets fall back to plain ENA`;
		return {
			...stock,
			bindingLimit: stock.bindingLimit === 'per-flow-cap' ? 'mtu' : stock.bindingLimit,
			basis: explain ? [...stock.basis, line] : stock.basis,
		};
	}

	return withPathBound(prediction, configuration.streams, figures, explain);
}

function limitsOf(
	configuration: Configuration,
	record: ShapeRecord,
	context: ModelContext,
	evidence: EvidenceView,
): CloudLimits {
	const modelled = cloudLimits(configuration, record, context);
	return measuredLimits(configuration, context.path, record, evidence, modelled, context.explain);
}

const placementIndex: Readonly<Record<Configuration['placement'], number>> = {
	default: 0,
	cluster: 1,
	spread: 2,
	collocated: 3,
	partition: 4,
};

/** Placement, options and OCPUs as one number (streams aside). */
function configurationKey({placement, options, ocpus}: Configuration): number {
	return placementIndex[placement] + 5 * ((options.enaExpress ? 2 : 0) + (options.tier1 ? 1 : 0)) + 20 * (ocpus ?? 0);
}

/** What a prediction is made in: the model's context, and its path, duration and region as one small number. */
interface Context {
	readonly model: ModelContext;
	/** The same for every options object with this path, duration and region (the memo's key; explain aside). */
	readonly key: number;
}

const contexts = new WeakMap<PredictOptions, Map<NetworkPath, Context>>();
const contextNumbers = new Map<string, number>();

/** The context of a path and options, worked out once per options object (the search shares one). */
function contextOf(path: NetworkPath, options: PredictOptions): Context {
	let byPath = contexts.get(options);
	if (byPath === undefined) {
		byPath = new Map();
		contexts.set(options, byPath);
	}

	let context = byPath.get(path);
	if (context === undefined) {
		const span = options.span ?? null;
		const region = options.region ?? null;
		const spanText = span === null ? 'probe' : `${span.sustained ? 's' : ''}:${span.bytes ?? ''}:${span.seconds ?? ''}`;
		const text = `${path}|${spanText}|${region ?? ''}`;
		const key = contextNumbers.get(text) ?? contextNumbers.size;
		contextNumbers.set(text, key);
		context = {model: {path, span, region, explain: options.explain ?? true}, key};
		byPath.set(path, context);
	}

	return context;
}

/**
 * Configuration keys stay below this (placements x options x OCPUs, under 1e4; with a transfer volume, the
 * streams times 1e4: the burst decision depends on what the flows carry), so one number holds both.
 */
const configurationKeys = 1e8;
const streamsKey = 1e4;

/** The model's limits for shapes no evidence holds, by record, then path/duration/region and configuration. */
const modelMemo = perRecord<Map<number, CloudLimits>>();

/**
 * The limits the search ranks on, worked out once per configuration (streams aside: the one formula applies
 * them at any stream count). A shape the evidence holds is worked out each time (its cells may change with
 * every probe); every other shape's limits are the model's alone, the same for any evidence, so a what-if,
 * the advice's relaxed search, the closest hint and a later search with other evidence reuse them.
 */
function quietLimits(
	configuration: Configuration,
	record: ShapeRecord,
	context: Context,
	evidence: EvidenceView,
): CloudLimits {
	if (evidenceHasShape(evidence, record.shape)) return limitsOf(configuration, record, context.model, evidence);
	let byKey = modelMemo.get(record);
	if (byKey === undefined) {
		byKey = new Map();
		modelMemo.set(record, byKey);
	}

	const byStreams = (context.model.span?.bytes ?? null) !== null ? configuration.streams * streamsKey : 0;
	const key = context.key * configurationKeys + byStreams + configurationKey(configuration);
	let limits = byKey.get(key);
	if (limits === undefined) {
		limits = limitsOf(configuration, record, context.model, evidence);
		byKey.set(key, limits);
	}

	return limits;
}
