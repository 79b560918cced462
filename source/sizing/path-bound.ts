// The path's terms on a prediction: every flow is held to the window / RTT (and loss) bound, so one flow is
// min(what the cloud allows, the bound) and N flows min(the aggregate, N x the bound). min() distributes over
// the model's own min(N x per-flow, instance), so applying the bound after the model is exact. Pure.

import {round} from '../domain/format.js';
import type {Prediction} from '../domain/model-types.js';
import {type FlowBound, type PathFigures, pathFlowBound} from './path-physics.js';

const gbpsDecimals = 2;

function unknownRttLine(figures: PathFigures): string {
	return `window / RTT: RTT ${figures.rttSource}; one flow is held to its window / RTT, not applied here`;
}

/** The prediction under the path's bound (unchanged when the RTT is unknown or the bound does not bind). */
export function withPathBound(
	prediction: Prediction,
	streams: number,
	figures: PathFigures,
	explain: boolean,
): Prediction {
	const bound = pathFlowBound(figures);
	if (bound === null)
		return explain ? {...prediction, basis: [...prediction.basis, unknownRttLine(figures)]} : prediction;
	const single = prediction.singleFlowGbps;
	const aggregate = prediction.aggregateGbps;
	if (single === null || aggregate === null) return prediction;
	const boundedSingle = round(Math.min(single, bound.gbps), gbpsDecimals);
	const boundedAggregate = round(Math.min(aggregate, streams * bound.gbps), gbpsDecimals);
	const binds = boundedAggregate < aggregate;
	if (!binds && boundedSingle === single) return explain ? withLine(prediction, bound, false) : prediction;
	const bounded: Prediction = {
		...prediction,
		singleFlowGbps: boundedSingle,
		aggregateGbps: boundedAggregate,
		bindingLimit: binds ? bound.limit : prediction.bindingLimit,
		footing: {
			singleFlow: boundedSingle < single ? 'modelled' : prediction.footing.singleFlow,
			aggregate: binds ? 'modelled' : prediction.footing.aggregate,
		},
	};
	return explain ? withLine(bounded, bound, binds) : bounded;
}

function withLine(prediction: Prediction, bound: FlowBound, binds: boolean): Prediction {
	const line = `one flow at most ${bound.basis} (${binds ? 'binds' : 'does not bind'})`;
	return {...prediction, basis: [...prediction.basis, line]};
}
