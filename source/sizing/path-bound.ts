// The path's terms on a prediction: every flow is held to the window / RTT (and loss) bound, so one flow is
// min(what the cloud allows, the bound) and N flows min(the aggregate, N x the bound). min() distributes over
// the model's own min(N x per-flow, instance), so applying the bound after the model is exact. The basis says
// what the path's facts are where they matter: the MTU clamped to the path's, BBR's loss, the net.core limits. Pure.

import {binaryBytesText, roundGbps} from '../domain/format.js';
import type {Prediction} from '../domain/model-types.js';
import {bbrLossNote, type FlowBound, type PathFigures, pathFlowBound} from './path-physics.js';

function unknownRttLine(figures: PathFigures): string {
	return `window / RTT: RTT ${figures.rttSource}; one flow is held to its window / RTT, not applied here`;
}

/** The path's facts worth a line: a clamped MTU, BBR on a lossy path, net.core limits given. */
function factLines(figures: PathFigures): string[] {
	const lines: string[] = [];
	if (figures.mtuSource.includes('clamped')) lines.push(`path MTU ${figures.mtu}: ${figures.mtuSource}`);
	if (figures.cc === 'bbr' && figures.lossRate !== null) lines.push(bbrLossNote);
	const core = [
		figures.coreRmemMax === null ? '' : `net.core.rmem_max ${binaryBytesText(figures.coreRmemMax)}`,
		figures.coreWmemMax === null ? '' : `net.core.wmem_max ${binaryBytesText(figures.coreWmemMax)}`,
	].filter((part) => part !== '');
	if (core.length > 0) {
		lines.push(
			`${core.join(', ')}: bound only a buffer a program asks for (SO_RCVBUF / SO_SNDBUF, iperf3 -w); autotuning reaches tcp_rmem / tcp_wmem max`,
		);
	}

	return lines;
}

/** The prediction under the path's bound (unchanged when the RTT is unknown or the bound does not bind). */
export function withPathBound(
	prediction: Prediction,
	streams: number,
	figures: PathFigures,
	explain: boolean,
): Prediction {
	const said = explain ? {...prediction, basis: [...prediction.basis, ...factLines(figures)]} : prediction;
	const bound = pathFlowBound(figures);
	if (bound === null) return explain ? {...said, basis: [...said.basis, unknownRttLine(figures)]} : said;
	const single = said.singleFlowGbps;
	const aggregate = said.aggregateGbps;
	if (single === null || aggregate === null) return said;
	const boundedSingle = roundGbps(Math.min(single, bound.gbps));
	const boundedAggregate = roundGbps(Math.min(aggregate, streams * bound.gbps));
	const binds = boundedAggregate < aggregate;
	if (!binds && boundedSingle === single) return explain ? withLine(said, bound, false) : said;
	const bounded: Prediction = {
		...said,
		singleFlowGbps: boundedSingle,
		aggregateGbps: boundedAggregate,
		bindingLimit: binds ? bound.limit : said.bindingLimit,
		footing: {
			singleFlow: boundedSingle < single ? 'modelled' : said.footing.singleFlow,
			aggregate: binds ? 'modelled' : said.footing.aggregate,
		},
	};
	return explain ? withLine(bounded, bound, binds) : bounded;
}

function withLine(prediction: Prediction, bound: FlowBound, binds: boolean): Prediction {
	const line = `one flow at most ${bound.basis} (${binds ? 'binds' : 'does not bind'})`;
	return {...prediction, basis: [...prediction.basis, line]};
}
