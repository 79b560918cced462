// A stored probe run for the results store's tests: one lab pair, 1 and 8 streams.

import {aggregateSamples} from '../../source/probe/aggregate.js';
import type {ProbeRun} from '../../source/probe/types.js';

export function makeRun(runId: string, gbps = 0.95, finishedAt = '2026-11-29T22:00:00.000Z'): ProbeRun {
	return {
		runId,
		provider: 'lab',
		shape: 'custom',
		region: null,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 3, kind: 'lab-cap'},
				results: [aggregateSamples(1, [{gbps, retransmits: 0}]), aggregateSamples(8, [{gbps: 2.86, retransmits: 2}])],
				rtt: {medianMs: 2.01, avgMs: 2.05, mdevMs: 0.1},
				perFlowCeiling: {present: true, singleToAggregate: 0.33},
				percentOfPublished: 95.3,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
		labProfile: null,
		finishedAt,
		settings: {streams: [1, 8], durationSeconds: 5, repeat: 1, sustainedSeconds: null, pingCount: 50},
	};
}
