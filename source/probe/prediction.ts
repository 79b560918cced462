// The model's prediction for the configuration a probe pair measures, so every pair shows it beside the
// measurement (DESIGN.md `pairs[].predicted`). Clouds: predict() over the catalogue record of the shape, at the
// probe's largest stream count, same zone (your own hosts over SSH: their named shape, on their --path). Lab: what its shaping delivers (caps x TCP goodput), the caps
// themselves coming from the user, a study cell, or predict() for any catalogue configuration (scaled).

import {type OptionKey, optionKeys} from '../domain/clouds/cloud-terms.js';
import {isRealCloud} from '../domain/clouds.js';
import {streamsLabel} from '../domain/format.js';
import type {Configuration, ConfigurationOptions, Prediction} from '../domain/model-types.js';
import {round} from '../domain/stats.js';
import type {Placement, RealCloud} from '../domain/types.js';
import {labGoodputFactor, resolveLabShaping} from '../providers/lab/shaping-spec.js';
import {type ProbeTarget, type ProviderId, shapeNamesCloud} from '../providers/provider.js';
import {splitCloudShape} from '../providers/ssh/ssh-shape.js';
import {findShape, loadCatalogue} from '../sizing/catalogue.js';
import {predict} from '../sizing/model.js';
import type {PredictedFigures} from './types.js';

/** What run-probe asks for each pair; tests pass their own. */
export type Predictor = (
	provider: ProviderId,
	target: ProbeTarget,
	placement: Placement,
	streams: readonly number[],
) => PredictedFigures | null;

/** The target's shape options as the model takes them (domain/clouds/cloud-terms.ts optionSteps), off when absent. */
function optionsOf(target: ProbeTarget): ConfigurationOptions {
	const options = Object.fromEntries(optionKeys.map((key) => [key, target[key] === true]));
	return options as Record<OptionKey, boolean>;
}

/** The model's prediction for a cloud configuration, or null when the catalogue has no such shape. */
export function cloudPrediction(
	cloud: RealCloud,
	target: ProbeTarget,
	placement: Placement,
	streams: number,
): Prediction | null {
	const record = findShape(loadCatalogue(), cloud, target.shape);
	if (!record) return null;
	const configuration: Configuration = {
		cloud,
		shape: record.shape,
		placement,
		ocpus: target.ocpus ?? null,
		options: optionsOf(target),
		streams,
	};
	return predict(configuration, target.path ?? 'same-zone', record, {region: target.region ?? null});
}

function labPrediction(target: ProbeTarget, placement: Placement, streams: number): PredictedFigures | null {
	const spec = resolveLabShaping(target.lab, placement);
	if (spec.aggregateCapGbps === null && spec.flowCapGbps === null) return null;
	const aggregateCap = spec.aggregateCapGbps ?? Number.POSITIVE_INFINITY;
	const flowCap = spec.flowCapGbps ?? aggregateCap;
	const single = Math.min(flowCap, aggregateCap);
	const aggregate = Math.min(streams * flowCap, aggregateCap);
	const perFlowBinds = streams * flowCap < aggregateCap;
	return {
		singleFlowGbps: round(single * labGoodputFactor, 3),
		aggregateGbps: round(aggregate * labGoodputFactor, 3),
		bindingLimit: perFlowBinds ? 'per-flow-cap' : 'instance-baseline',
		basis: [
			`lab shaping (${spec.flowCapGbps === null ? 'no per-flow cap' : `per-flow ${spec.flowCapGbps} Gbit`}, ${spec.aggregateCapGbps === null ? 'no aggregate cap' : `aggregate ${spec.aggregateCapGbps} Gbit`}) x ${labGoodputFactor} TCP goodput at ${streamsLabel(streams)}`,
			...(spec.basis ?? []),
		],
	};
}

export const defaultPredictor: Predictor = (provider, target, placement, streams) => {
	const most = Math.max(1, ...streams);
	if (provider === 'lab') return labPrediction(target, placement, most);
	// Your own hosts: the catalogue shape they were named as (`aws/c8g.4xlarge`), on the path given.
	const named = shapeNamesCloud(provider)
		? splitCloudShape(target.shape)
		: isRealCloud(provider)
			? {cloud: provider, shape: target.shape}
			: null;
	if (named === null) return null;
	const prediction = cloudPrediction(named.cloud, {...target, shape: named.shape}, placement, most);
	if (prediction === null) return null;
	return {
		singleFlowGbps: prediction.singleFlowGbps,
		aggregateGbps: prediction.aggregateGbps,
		bindingLimit: prediction.bindingLimit,
		basis: prediction.basis,
	};
};
