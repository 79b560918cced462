// Validity before verdicts (issue 26): each test is judged with the figure that decided it; only valid tests make
// the headline, the verdict, the sweep and the advice; a sweep's conclusion and the advice come from one function.
import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {concludePair} from '../../source/probe/pair-conclusion.js';
import {probeRunRules} from '../../source/probe/probe-results.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {ProbeRun, StreamResult} from '../../source/probe/types.js';
import {judgeTest, validityOf} from '../../source/probe/validity.js';
import {checkEntry} from '../../source/stores/results-files.js';
import {fixture, streamRow} from './fixtures.js';

function storedRun(name: string): ProbeRun {
	const outcome = checkEntry(JSON.parse(fixture(`probe-runs/${name}.json`)), probeRunRules);
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

/** A host reading on a loaded machine: all cores busy with kernel time (the machine rule), no one core saturated. */
const loadedMachine = (client: number): StreamResult['cpu'] => {
	const busiest = {core: 'cpu0', busyPercent: 71, kernelPercent: 48, softirqPercent: 9};
	const host = {busyPercent: 66, kernelPercent: 45, cores: 2, busiest, seconds: 9, saturated: true, source: 'test'};
	return {
		client,
		server: 3,
		bound: true,
		host: {client: host, server: host},
		boundEnds: ['client', 'server'],
		boundBy: ['client host: busiest core cpu0 71% (kernel 48%, softirq 9%), all 2 cores 66% (kernel 45%)'],
	};
};

describe('validity judges the test it has (issue 37)', () => {
	it('the 75 ms window-bound test on a loaded machine: 0.370 against 0.335 predicted is kept valid, and is the headline', () => {
		// The lab at 75 ms with 2 MiB windows: window / RTT 0.335 Gbps predicted for one flow; 4 streams 4 x 0.335.
		const predicted = {singleFlowGbps: 0.335, aggregateGbps: 1.34, bindingLimit: 'window' as const};
		const results = [row(1, 0.37, {cpu: loadedMachine(4)}), row(4, 1.31, {cpu: loadedMachine(9)})];
		const pair = concludePair({
			...{results, reverseResults: [], predicted, publishedGbps: 1, settings: asked},
			windowGbps: 0.335,
		});
		expect(pair.results.map((result) => result.validity?.kind)).toEqual(['valid', 'valid']);
		expect(pair.results.map((result) => result.limit)).toEqual(['window', 'window']);
		expect(pair.verdict?.lines.join('\n')).not.toContain('set aside');
		// Without a figure it was expected to reach, the machine's load still sets it aside (the unshaped lab pair).
		expect(judgeTest(row(1, 0.37, {cpu: loadedMachine(4)}), asked).kind).toBe('cpu-bound');
	});

	it('a saturated core still sets a test aside, whatever it reached', () => {
		const cpu = loadedMachine(4);
		const hot = {core: 'cpu1', busyPercent: 100, kernelPercent: 60, softirqPercent: 16};
		const host = {...cpu!.host!.client!, busiest: hot};
		const expectation = {expectedGbps: () => 0.335, windowGbps: 0.335};
		const judged = judgeTest(row(1, 0.37, {cpu: {...cpu!, host: {client: host, server: null}}}), asked, expectation);
		expect(judged.kind).toBe('cpu-bound');
	});

	it('4 streams at 97% of 4 x the flow: bound by the flows, not "the path"', () => {
		const predicted = {singleFlowGbps: 1, aggregateGbps: 8, bindingLimit: 'per-flow-cap' as const};
		const pair = concludePair({
			...{results: [row(4, 3.88)], reverseResults: [], predicted, publishedGbps: 8, settings: asked},
		});
		expect(pair.results[0]?.limit).toBe('per-flow-cap');
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
		// Nothing predicted and 1.9 of 8 published: no limit named, not "the path" (issue 37).
		expect(pair.verdict?.lines[0]).toBe(
			'2 streams (1.9 Gbps, the best valid test) was bound by no limit it can name (short of every figure it was expected to reach, or nothing to compare with)',
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
