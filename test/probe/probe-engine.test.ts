// The probe engine against the real lab (real namespaces, tc shaping, iperf3, ping, the delay line).
// Needs root; skips with the reason elsewhere (fails under NETPLACE_REQUIRE_LAB=1).
import {expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {newRunId} from '../../source/probe/run-id.js';
import {runProbe} from '../../source/probe/run-probe.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {ProbeEvent, ProbeSettings} from '../../source/probe/types.js';
import {createLabProvider} from '../../source/providers/lab/index.js';
import {describeLab} from '../helpers/lab.js';
import {goodput, leftovers, nothingLeft} from '../helpers/probe-helpers.js';

const short: ProbeSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};

/** A cap bounds from above; a starved iperf3 on this shared 2-core machine reads low, so bands check the best sample. */
function withinBand(value: number, expected: number, tolerance: number): void {
	expect(value).toBeGreaterThanOrEqual(expected * (1 - tolerance));
	expect(value).toBeLessThanOrEqual(expected * (1 + tolerance));
}

describeLab('probe engine in the lab', () => {
	// One test per stream count (a cap bounds from above: one sample shows it). A starved iperf3 reads low on a busy
	// machine (2.51 of 3 Gbit at load 18): one retry, the bands stay.
	it('finds a per-flow ceiling (flow 1, aggregate 3 Gbit) and reproduces a 2 ms RTT', {retry: 1}, async () => {
		const runId = newRunId();
		const events: ProbeEvent[] = [];
		const run = await runProbe(
			createLabProvider(),
			{shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 3, rttMs: 2}},
			short,
			{runId, onEvent: (event) => events.push(event)},
		);
		expect(run.failed).toBe(false);
		expect(run.teardown).toEqual({complete: true, left: []});
		const pair = run.pairs[0]!;
		const [single, aggregate] = pair.results;
		expect(single?.streams).toBe(1);
		expect(aggregate?.streams).toBe(8);
		withinBand(single!.max, 1 * goodput, 0.1);
		withinBand(aggregate!.max, 3 * goodput, 0.1);
		expect(pair.perFlowCeiling.present).toBe(true);
		expect(pair.perFlowCeiling.singleToAggregate).toBeLessThan(0.5);
		expect(pair.published).toEqual({gbps: 3, kind: 'lab-cap'});
		withinBand(pair.rtt!.medianMs, 2, 0.15);
		expect(leftovers(runId, [])).toEqual(nothingLeft);
		expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThan(4);
		// The running Gbps (client transmit counters, wire bytes) during the capped tests, near each cap.
		const running = (streams: number): number[] =>
			events.flatMap((event) =>
				event.type === 'progress' && event.stepId.includes(`/streams-${streams}/`) && event.gbps !== null
					? [event.gbps]
					: [],
			);
		console.info(
			`flow 1 / aggregate 3 Gbit, RTT 2 ms: 1 stream ${single?.max} Gbps, 8 streams ${aggregate?.max} Gbps, ping median ${pair.rtt?.medianMs} ms; running Gbps 1 stream [${running(1).join(' ')}], 8 streams [${running(8).join(' ')}]`,
		);
		expect(running(1).some((gbps) => gbps >= 0.5 && gbps <= 1.2)).toBe(true);
		expect(running(8).some((gbps) => gbps >= 1.5 && gbps <= 3.6)).toBe(true);
		expect(Math.max(...running(1))).toBeLessThanOrEqual(1.2);
	});

	// Two repeats (min, median and max of two samples) and a 2 s sustained run (two one-second figures once its
	// 1 s warm-up is left out). The stream tests skip iperf3's warm-up (`-O 0`): at this pair's sub-millisecond RTT a
	// flow is at its cap within milliseconds. The median of two is their mean, which one starved sample drags down
	// (at load average 15 one flow read 1.688 and 1.541 under 2 Gbit, a per-flow ceiling that is not there): one
	// retry, the assertions stay.
	it('detects no ceiling without a per-flow cap (repeats, a sustained run), and the advice then says parallelising is not needed', {
		retry: 1,
	}, async () => {
		const run = await runProbe(
			createLabProvider(),
			{shape: 'custom', placements: ['default'], lab: {aggregateCapGbps: 2}},
			{...short, repeat: 2, sustainedSeconds: 2},
			{omitSeconds: 0},
		);
		expect(run.failed).toBe(false);
		const pair = run.pairs[0]!;
		console.info(
			`aggregate 2 Gbit: ${pair.results.map((result) => `${result.streams}: ${result.sampleGbps?.join(' ')}`).join('; ')} Gbps; sustained ${pair.sustained?.seconds} s, ${pair.sustained?.slowestSecondGbps}-${pair.sustained?.fastestSecondGbps} Gbps`,
		);
		expect(pair.perFlowCeiling.present).toBe(false);
		// The sustained run's -i 1 intervals: one figure a second, the -O 1 warm-up left out, all under the cap.
		expect(pair.sustained?.seconds).toBe(2);
		expect(pair.sustained?.blocks).toHaveLength(1);
		expect(pair.sustained!.fastestSecondGbps).toBeLessThanOrEqual(2 * 1.05);
		expect(pair.sustained!.slowestSecondGbps).toBeGreaterThan(0);
		for (const result of pair.results) {
			expect(result.samples).toBe(2);
			expect(result.min).toBeLessThanOrEqual(result.gbps);
			expect(result.gbps).toBeLessThanOrEqual(result.max);
			expect(result.max).toBeLessThanOrEqual(2 * 1.05);
		}

		const measurements = toMeasurements(run);
		expect(measurements[0]).toMatchObject({cloud: 'lab', source: 'probe', samples: 2, labProfile: null});
		const advice = advise({...defaultWorkload, cloud: 'lab'}, [...referenceMeasurements(), ...measurements]);
		expect(advice.steps.find((step) => step.id === 'parallelise')?.verdict).toBe('not-needed');
	});
});
