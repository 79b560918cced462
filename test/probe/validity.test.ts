// Validity before verdicts (issue 26): each test is judged with the figure that decided it; only valid tests make
// the headline, the verdict, the sweep and the advice; a sweep's conclusion and the advice come from one function.
import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {concludePair} from '../../source/probe/pair-conclusion.js';
import {checkEntry} from '../../source/probe/results-files.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {ProbeRun, StreamResult} from '../../source/probe/types.js';
import {judgeTest, validityOf} from '../../source/probe/validity.js';
import {fixture, streamRow} from './fixtures.js';

function storedRun(name: string): ProbeRun {
	const outcome = checkEntry(JSON.parse(fixture(`probe-runs/${name}.json`)));
	if (!outcome.ok) throw new Error(outcome.reason);
	return outcome.entry.run;
}

const row = (streams: number, gbps: number, extra: Partial<StreamResult> = {}): StreamResult =>
	streamRow(streams, gbps, {seconds: 3, ...extra});
const asked = {durationSeconds: 3, repeat: 1};
const boundCpu = {
	client: 10,
	server: 9,
	bound: true,
	boundEnds: ['server' as const],
	boundBy: ['server host: busiest core cpu1 100%'],
};

describe('each test is judged, with the figure that decided it', () => {
	it('valid; partial; too short; CPU-bound with its end; retransmit-heavy', () => {
		expect(judgeTest(row(1, 1), asked).kind).toBe('valid');
		expect(judgeTest(row(8, 1, {samples: 2}), {durationSeconds: 3, repeat: 3})).toEqual({
			kind: 'partial',
			figure: '2 of 3 repeats finished',
		});
		expect(judgeTest(row(8, 1, {seconds: 1.2}), asked).figure).toBe('iperf3 measured 1.2 s of the 3 s asked');
		expect(judgeTest(row(8, 1, {seconds: 1}), {durationSeconds: 1, repeat: 1}).kind).toBe('too-short');
		expect(judgeTest(row(8, 1, {cpu: boundCpu}), asked)).toEqual({
			kind: 'cpu-bound',
			end: 'server',
			figure: 'server host: busiest core cpu1 100%',
		});
		// 1 Gbps for 3 s is about 259,000 segments of 1448 bytes: 2,600 retransmits is 1.0%.
		expect(judgeTest(row(1, 1, {retransmits: 2600}), asked)).toMatchObject({kind: 'retransmit-heavy'});
		expect(judgeTest(row(1, 1, {retransmits: 2500}), asked).kind).toBe('valid');
	});

	it('an old stored test without a validity gets one from what it stored', () => {
		const [first] = storedRun('lab-unshaped-cpu-bound').pairs[0]!.results;
		expect(first?.validity).toBeUndefined();
		expect(validityOf(first!)).toMatchObject({kind: 'cpu-bound', end: 'both'});
	});
});

describe('only valid tests conclude', () => {
	it('the headline, sweep and ceiling come from the valid tests; the verdict names those set aside', () => {
		const results = [row(1, 0.95), row(2, 1.9), row(4, 2.4, {cpu: boundCpu}), row(8, 2.2, {cpu: boundCpu})];
		const pair = concludePair({results, reverseResults: [], predicted: null, publishedGbps: 8, settings: asked});
		expect(pair.results).toHaveLength(4);
		expect(pair.results.map((result) => result.validity?.kind)).toEqual(['valid', 'valid', 'cpu-bound', 'cpu-bound']);
		expect(pair.sweep).toBeNull();
		expect(pair.percentOfPublished).toBe(23.8);
		expect(pair.verdict?.lines[0]).toBe(
			'2 streams (1.9 Gbps, the best valid test) was bound by the path (RTT and window, or the network between)',
		);
		expect(pair.verdict?.lines).toContain(
			'set aside 4 streams: CPU-bound (server): server host: busiest core cpu1 100%',
		);
		expect(pair.verdict?.lines.join('\n')).not.toMatch(/2\.4 Gbps/);
	});

	it('a run whose every test is CPU-bound concludes nothing and advises nothing', () => {
		const run = storedRun('lab-capped-cpu-bound');
		expect(toMeasurements(run)[0]).toMatchObject({singleFlowGbps: null, aggregateGbps: null});
		const advice = advise({...defaultWorkload, cloud: 'lab'}, toMeasurements(run));
		expect(advice.steps[0]?.title).not.toMatch(/Open 8/);
		expect(advice.steps[0]?.title).toMatch(/Measure the lab/);
	});
});

describe('a sweep and its advice agree (recorded runs)', () => {
	it('the clean sweep: the plateau starts at 4 streams, and the advice opens 4, not 16', () => {
		const run = storedRun('lab-clean-sweep');
		const stored = run.pairs[0]!;
		const pair = concludePair({
			results: stored.results,
			reverseResults: [],
			predicted: stored.predicted ?? null,
			publishedGbps: stored.published.gbps,
			settings: run.settings!,
		});
		expect(pair.sweep?.text).toMatch(/4 streams reach it .* more buy nothing/);
		const advice = advise({...defaultWorkload, cloud: 'lab'}, toMeasurements(run));
		expect(advice.steps[0]?.title).toMatch(new RegExp(`open ${pair.sweep?.streamsNeeded}, not 1`, 'i'));
		expect(advice.steps[0]?.title).toMatch(/open 4, not 1, in the lab/i);
	});

	it('for every recorded run the advice names the streams the sweep concluded, or none when nothing is valid', () => {
		for (const name of ['lab-clean-sweep', 'lab-capped-cpu-bound', 'lab-unshaped-cpu-bound']) {
			const run = storedRun(name);
			const [measurement] = toMeasurements(run);
			const stored = run.pairs[0]!;
			const pair = concludePair({
				results: stored.results,
				reverseResults: [],
				predicted: null,
				publishedGbps: stored.published.gbps,
				settings: run.settings!,
			});
			const step = advise({...defaultWorkload, cloud: 'lab'}, toMeasurements(run)).steps[0];
			if (!pair.sweep) expect(step?.title, name).toMatch(/Measure the lab/);
			else {
				expect(measurement?.streams, name).toBe(pair.sweep.streamsNeeded);
				expect(step?.title, name).toMatch(new RegExp(`open ${pair.sweep.streamsNeeded},|not needed`, 'i'));
			}
		}
	});
});
