// Which limit bound each measured figure, the pair's verdict, and the gap to the model's prediction (pure).
// Order of evidence: the host's CPU (a CPU-bound test measured the host, not the network), then AWS's own
// allowance counters (the instance limit, witnessed), then the shape of the figures: a single flow well below
// what parallel flows get is the per-flow cap; an aggregate at the predicted/published aggregate is the
// instance; anything else short of the prediction is the path (RTT and window, or the network between).

import {streamsLabel} from '../domain/format.js';
import {round} from '../domain/stats.js';
import {allowanceLines, instanceLimitHit} from '../providers/allowance-counters.js';
import {perFlowCeiling, singleAndAggregate} from './aggregate.js';
import {windowBand} from './path-check.js';
import {expectedGbps, reachedShare} from './test-mode.js';
import type {MeasuredLimit, PairVerdict, PredictedFigures, PredictionGap, StreamResult, SweepResult} from './types.js';

export interface VerdictInput {
	/** The valid tests (validity.ts): only these make the verdict, the ceiling and the sweep. */
	readonly results: readonly StreamResult[];
	readonly predicted: PredictedFigures | null;
	readonly publishedGbps: number | null;
	readonly sweep: SweepResult | null;
	/** What these hosts' window allows one flow, when it is below the model's single flow (path-check.ts). */
	readonly windowGbps?: number | null;
}

/** What bound one result. */
export function limitOf(result: StreamResult, input: VerdictInput): MeasuredLimit {
	// A flow at the hosts' window / RTT (worked from their own settings and the measured RTT) is explained by
	// it, whatever else the machine was doing: on a shared machine the CPU rule can flag a 0.2 Gbps flow.
	if (atWindow(result, input.windowGbps)) return 'window';
	if (result.cpu?.bound) return 'cpu';
	if (instanceLimitHit(result.allowance)) return 'instance';
	const ceiling = perFlowCeiling(input.results);
	if (result.streams === 1 && ceiling.present) return 'per-flow-cap';
	if (input.sweep?.perFlowCapGbps && result.streams < input.sweep.kneeStreams) return 'per-flow-cap';
	return reachedLimit(result, input);
}

/**
 * A test at what it was expected to reach (N streams: min(aggregate, N x one flow)) is bound by the limit that
 * sets that figure: the flows' when N x one flow is the smaller, else the instance. A test that reached the
 * instance's aggregate itself was bound by the instance, even when the model puts N x one flow a little under
 * it (OCI's one flow at 95% of the instance is a measured ratio, not a cap: a flow at the instance's figure
 * shows no cap below it). A figure short of every limit the verdict can name is `unknown`, never "the path"
 * (only the window, at its band, is a path limit it names: atWindow above).
 */
function reachedLimit(result: StreamResult, input: VerdictInput): MeasuredLimit {
	const expected = expectedGbps(result.streams, input.predicted, input.publishedGbps);
	if (expected === null) return 'unknown';
	if (result.gbps < reachedShare * expected) return 'unknown';
	const single = input.predicted?.singleFlowGbps ?? null;
	const aggregate = input.predicted?.aggregateGbps ?? input.publishedGbps;
	if (aggregate !== null && result.gbps >= reachedShare * aggregate) return 'instance';
	const flowsBind = single !== null && (aggregate === null || result.streams * single < aggregate);
	return flowsBind ? 'per-flow-cap' : 'instance';
}

/** N flows at N x the window bound (within path-check's band): the hosts' window held them. */
function atWindow(result: StreamResult, windowGbps: number | null | undefined): boolean {
	if (windowGbps === null || windowGbps === undefined) return false;
	const bound = result.streams * windowGbps;
	return Math.abs(result.gbps - bound) <= bound * windowBand;
}

/** Every test (valid or set aside) with what bound it, judged against the valid ones. */
export function withLimits(results: readonly StreamResult[], input: VerdictInput): StreamResult[] {
	return results.map((result) => ({...result, limit: limitOf(result, input)}));
}

const percentOf = (measured: number | null | undefined, predicted: number | null): number | null =>
	measured === null || measured === undefined || predicted === null || predicted <= 0
		? null
		: round((measured / predicted) * 100, 1);

/** Measured single flow and aggregate over the model's. */
export function predictionGap(
	results: readonly StreamResult[],
	predicted: PredictedFigures | null,
): PredictionGap | null {
	if (predicted === null) return null;
	const {single, aggregate} = singleAndAggregate(results);
	return {
		singleFlowPercent: percentOf(single?.gbps, predicted.singleFlowGbps),
		aggregatePercent: percentOf(aggregate?.gbps ?? single?.gbps, predicted.aggregateGbps),
	};
}

const limitWords: Readonly<Record<MeasuredLimit, string>> = {
	'per-flow-cap': 'the per-flow cap',
	window: "the hosts' TCP window / RTT (the settings below lift it: netplace tune)",
	instance: 'the instance limit',
	cpu: "the host's CPU (this measured the host, not the network)",
	path: 'the path (RTT and window, or the network between)',
	unknown: 'no limit it can name (short of every figure it was expected to reach, or nothing to compare with)',
};

/**
 * The pair's verdict from its valid tests (input.results): what bound the best valid figure, one line per finding,
 * and one line per test set aside (`setAside`, validity.ts), so the text says which were left out and why.
 */
export function pairVerdict(input: VerdictInput, setAside: readonly string[] = []): PairVerdict {
	const results = input.results;
	if (results.length === 0) {
		const lines = [
			setAside.length > 0 ? 'no valid test: every test was set aside, so nothing is concluded' : 'no test finished',
		];
		return {bindingLimit: 'unknown', lines: [...lines, ...setAside]};
	}

	const best = results.reduce((top, result) => (result.gbps > top.gbps ? result : top));
	const bindingLimit = best.limit ?? limitOf(best, input);
	const lines = [
		`${streamsLabel(best.streams)} (${best.gbps} Gbps, the best valid test) was bound by ${limitWords[bindingLimit]}`,
	];
	lines.push(...setAside);
	const single = results.find((result) => result.streams === 1);
	if (single && single !== best && single.limit) lines.push(`1 stream was bound by ${limitWords[single.limit]}`);
	for (const result of results) {
		if (result.allowance && instanceLimitHit(result.allowance))
			lines.push(`${streamsLabel(result.streams)}: ${allowanceLines(result.allowance).join(': ')}`);
	}

	if (input.sweep) lines.push(`sweep: ${input.sweep.text}`);
	return {bindingLimit, lines};
}
