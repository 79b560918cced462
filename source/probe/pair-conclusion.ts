// A pair's measured tests -> what they conclude (pure): each test judged (validity.ts) and kept, then only the
// valid ones make the sweep, the per-flow ceiling, the percent of published, the gap to the prediction and the
// verdict, which names every test set aside and why. The probe engine calls it once per pair, for any provider.

import {percentOfPublished, perFlowCeiling} from './aggregate.js';
import {streamsConclusion} from './sweep.js';
import {expectedGbps} from './test-mode.js';
import type {PairResult, PredictedFigures, ProbeSettings, StreamResult} from './types.js';
import {type Expectation, judgeTest, setAsideLines, validResults} from './validity.js';
import {pairVerdict, predictionGap, withLimits} from './verdict.js';

export interface PairFigures {
	readonly results: readonly StreamResult[];
	readonly reverseResults: readonly StreamResult[];
	readonly predicted: PredictedFigures | null;
	readonly publishedGbps: number | null;
	readonly settings: Pick<ProbeSettings, 'durationSeconds' | 'repeat' | 'reverse'>;
	/** What the hosts' window allows one flow, when it holds the prediction down (path-check.ts). */
	readonly windowGbps?: number | null;
}

type Concluded = Pick<
	PairResult,
	'results' | 'perFlowCeiling' | 'percentOfPublished' | 'gap' | 'sweep' | 'verdict' | 'reverseResults' | 'reverseSweep'
>;

function judged(
	results: readonly StreamResult[],
	settings: PairFigures['settings'],
	expectation: Expectation,
): StreamResult[] {
	return results.map((result) => ({...result, validity: judgeTest(result, settings, expectation)}));
}

export function concludePair(figures: PairFigures): Concluded {
	const {predicted, publishedGbps, settings} = figures;
	const expectation: Expectation = {
		expectedGbps: (streams) => expectedGbps(streams, predicted, publishedGbps),
		windowGbps: figures.windowGbps ?? null,
	};
	const all = judged(figures.results, settings, expectation);
	const valid = validResults(all);
	const {sweep} = streamsConclusion(valid);
	const input = {results: valid, predicted, publishedGbps, sweep, windowGbps: figures.windowGbps ?? null};
	const results = withLimits(all, input);
	const validWithLimits = validResults(results);
	const reverseAll = judged(figures.reverseResults, settings, expectation);
	const reverseValid = validResults(reverseAll);
	const reverseSweep = streamsConclusion(reverseValid).sweep;
	const reverseInput = {...input, results: reverseValid, sweep: reverseSweep};
	const reverseResults = withLimits(reverseAll, reverseInput);
	const setAside = [...setAsideLines(results), ...setAsideLines(reverseResults, null, ' reverse')];
	return {
		results,
		perFlowCeiling: perFlowCeiling(validWithLimits),
		percentOfPublished: percentOfPublished(validWithLimits, publishedGbps),
		gap: predictionGap(validWithLimits, predicted),
		sweep,
		verdict: pairVerdict({...input, results: validWithLimits}, setAside),
		...(settings.reverse ? {reverseResults, reverseSweep} : {}),
	};
}
