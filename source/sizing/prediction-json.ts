// The JSON face of a prediction (DESIGN.md "`size --json`"): a figure known only as a lower bound is written
// as one, `{"atLeast": 21.69}`, never as a bare number a reader would take for a prediction. Pure.

import type {Footing, Prediction} from '../domain/model-types.js';

/** A bound figure as `{atLeast}`; any other figure as it is. */
export type FigureJson = number | null | {readonly atLeast: number};

export function figureJson(value: number | null, footing: Footing): FigureJson {
	return footing === 'bound' && value !== null ? {atLeast: value} : value;
}

function isPrediction(value: unknown): value is Prediction {
	return (
		typeof value === 'object' &&
		value !== null &&
		'singleFlowGbps' in value &&
		'aggregateGbps' in value &&
		'footing' in value &&
		'bindingLimit' in value
	);
}

/** A JSON.stringify replacer: every prediction in the answer with its bound figures as bounds. */
export function predictionReplacer(_key: string, value: unknown): unknown {
	if (!isPrediction(value)) return value;
	const {footing} = value;
	if (footing.singleFlow !== 'bound' && footing.aggregate !== 'bound') return value;
	return {
		...value,
		singleFlowGbps: figureJson(value.singleFlowGbps, footing.singleFlow),
		aggregateGbps: figureJson(value.aggregateGbps, footing.aggregate),
	};
}
