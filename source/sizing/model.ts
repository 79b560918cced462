// The throughput model (DESIGN.md "The throughput model"): predict(configuration, path, record) ->
// single flow, aggregate, the binding limit and each figure's footing. Aggregate with N streams =
// min(N x per-flow, instance limit for the path). A cell the evidence holds (the study, or the user's
// probe, which always wins) replaces the model's figures for that configuration. Pure.

import {referenceMeasurements} from '../advisor/catalogue.js';
import {type EvidenceView, evidenceView} from '../advisor/evidence.js';
import {round} from '../advisor/format.js';
import {awsLimits} from './model-aws.js';
import {gcpLimits, ociLimits} from './model-gcp-oci.js';
import {type CloudLimits, measuredLimits, type Term} from './model-terms.js';
import type {BindingLimit, Configuration, Footing, NetworkPath, Prediction, ShapeRecord} from './types.js';

export interface PredictOptions {
	/** The study plus the user's probes; defaults to the study alone. */
	readonly evidence?: EvidenceView;
	/** Transfers run longer than five minutes: "up to" shapes rest on their baseline. */
	readonly sustained?: boolean;
	/** Where the pair runs (AWS: ENA Express does not cross zones in a few regions). */
	readonly region?: string | null;
	/** Write the basis lines (default true; the search ranks without them and explains what it shows). */
	readonly explain?: boolean;
}

let studyView: EvidenceView | undefined;

/** The study alone, as evidence (built once). */
export function studyEvidence(): EvidenceView {
	studyView ??= evidenceView(referenceMeasurements());
	return studyView;
}

function cloudLimits(configuration: Configuration, path: NetworkPath, record: ShapeRecord, options: PredictOptions) {
	const context = {
		path,
		sustained: options.sustained ?? false,
		region: options.region ?? null,
		explain: options.explain ?? true,
	};
	switch (configuration.cloud) {
		case 'aws':
			return awsLimits(configuration, record, context);
		case 'gcp':
			return gcpLimits(configuration, record, context);
		case 'oci':
			return ociLimits(configuration, record, context);
	}
}

const gbpsDecimals = 2;

/** Footing of N x a per-flow figure: a measured flow times N is a model; a documented cap stays documented. */
function timesFooting(term: Term, streams: number): Footing {
	if (streams === 1) return term.footing;
	return term.footing === 'documented' ? 'documented' : 'modelled';
}

function unknown(limits: CloudLimits): Prediction {
	return {
		singleFlowGbps: null,
		aggregateGbps: null,
		bindingLimit: 'none-known',
		footing: {singleFlow: 'documented', aggregate: 'documented'},
		...(limits.restsOn ? {restsOn: limits.restsOn} : {}),
		basis: [...limits.basis, 'no bandwidth figure is published for this shape: unknown, not guessed'],
	};
}

/** Combine a per-flow figure and an instance limit at N streams (the one formula of the model). */
export function aggregateOf(limits: CloudLimits, streams: number): Prediction {
	const {perFlow, instance} = limits;
	if (instance === null || perFlow === null) return unknown(limits);
	// A measured single flow stands as measured, even a little over the aggregate (the study's GCP 103%).
	const single: Term = perFlow.footing === 'measured' ? perFlow : perFlow.gbps <= instance.gbps ? perFlow : instance;
	const flows = streams * perFlow.gbps;
	const perFlowBinds = flows < instance.gbps;
	let aggregate: Term;
	if (streams === 1) aggregate = single;
	else if (limits.measuredAt?.streams === streams) aggregate = {gbps: limits.measuredAt.gbps, footing: 'measured'};
	else if (perFlowBinds) aggregate = {gbps: flows, footing: timesFooting(perFlow, streams)};
	else aggregate = {gbps: instance.gbps, footing: instance.footing === 'measured' ? 'modelled' : instance.footing};
	const binding: BindingLimit = (streams === 1 ? single === perFlow && perFlow.gbps < instance.gbps : perFlowBinds)
		? 'per-flow-cap'
		: limits.instanceLimit;
	return {
		singleFlowGbps: round(single.gbps, gbpsDecimals),
		aggregateGbps: round(aggregate.gbps, gbpsDecimals),
		bindingLimit: binding,
		footing: {singleFlow: single.footing, aggregate: aggregate.footing},
		...(limits.restsOn ? {restsOn: limits.restsOn} : {}),
		basis: limits.basis,
	};
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
	const modelled = cloudLimits(configuration, path, record, options);
	const evidence = options.evidence ?? studyEvidence();
	const limits = measuredLimits(configuration, path, record, evidence, modelled, options.explain ?? true);
	return aggregateOf(limits, configuration.streams);
}
