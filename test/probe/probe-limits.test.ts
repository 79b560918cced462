// What bounds a probe's figures (issue 11), on the pure pieces: the sweep's knee, the process plan and the
// CPU-bound flag, which limit bound each figure, and the prediction beside them.
import {describe, expect, it} from 'vitest';
import {parseIperf3Version} from '../../source/probe/iperf3-figures.js';
import {defaultPredictor} from '../../source/probe/prediction.js';
import {analyseSweep} from '../../source/probe/sweep.js';
import {cpuBound, escalate, maxProcesses, planProcesses, splitStreams} from '../../source/probe/test-mode.js';
import {limitOf, pairVerdict, predictionGap, withLimits} from '../../source/probe/verdict.js';
import {streamRow} from './fixtures.js';

const row = streamRow;

const v312 = {iperf3: parseIperf3Version('iperf 3.12'), cores: 2};
const v316 = {iperf3: parseIperf3Version('iperf 3.16'), cores: 8};

describe('stream sweep', () => {
	it('caps 0.7 per flow / 2.1 aggregate at 0.955 goodput: knee at 3 streams, per-flow 0.67, aggregate 2.0', () => {
		const sweep = analyseSweep([row(1, 0.668), row(2, 1.337), row(4, 2.005), row(8, 2.006), row(16, 2.004)]);
		expect(sweep).toMatchObject({perFlowCapGbps: 0.668, aggregateGbps: 2.005, kneeStreams: 3, saturatedAtStreams: 4});
		expect(sweep?.text).toMatch(/4 streams reach it \(measured; 3 would at the per-flow cap\), more buy nothing/);
		expect(sweep?.streamsNeeded).toBe(4);
	});

	it('no flow cap: one stream gets the aggregate, no per-flow cap found', () => {
		const sweep = analyseSweep([row(1, 1.9), row(2, 1.91), row(4, 1.905)]);
		expect(sweep).toMatchObject({perFlowCapGbps: null, kneeStreams: 1, saturatedAtStreams: 1});
		expect(sweep?.text).toMatch(/^no per-flow cap found/);
	});

	it('needs three stream counts', () => {
		expect(analyseSweep([row(1, 1), row(8, 3)])).toBeNull();
	});
});

describe('processes and CPU', () => {
	it('iperf3 3.12 on 2 cores: several processes for several streams; 3.16: one', () => {
		expect(planProcesses(8, 'auto', v312, v312)).toMatchObject({processes: 2});
		expect(planProcesses(8, 'auto', v312, v312).why).toMatch(/3\.12 runs all streams on one thread/);
		expect(planProcesses(1, 'auto', v312, v312).processes).toBe(1);
		expect(planProcesses(8, 'auto', v316, v316).processes).toBe(1);
		expect(planProcesses(8, 3, v316, v316)).toMatchObject({processes: 3, why: '--processes 3: 3 iperf3 processes'});
		expect(planProcesses(2, 4, v316, v316).processes).toBe(2);
		expect(maxProcesses([1, 2, 16], 'auto', v316, v316)).toBe(8);
		expect(escalate(8, 1, v316, v316)?.processes).toBe(8);
		expect(escalate(8, 2, v316, v316)).toBeNull();
		expect(splitStreams(8, 3)).toEqual([3, 3, 2]);
		expect(splitStreams(2, 4)).toEqual([1, 1]);
	});

	it('CPU-bound: a 3.12 process at 75% of one core; a 3.16 process of 8 streams only near 8 cores', () => {
		const cpu = (host: number, remote: number) => ({
			hostTotal: host,
			remoteTotal: remote,
			hostUser: null,
			hostSystem: null,
			remoteUser: null,
			remoteSystem: null,
		});
		expect(cpuBound([{streams: 8, cpu: cpu(99.8, 50)}], v312, v312)).toBe(true);
		expect(cpuBound([{streams: 1, cpu: cpu(12, 91)}], v312, v312)).toBe(true);
		expect(cpuBound([{streams: 1, cpu: cpu(12, 9)}], v312, v312)).toBe(false);
		// A one-threaded client waiting on its peer on the other core (the lab's unshaped pair: 86.8%) is bound.
		expect(cpuBound([{streams: 1, cpu: cpu(86.8, 39)}], v312, v312)).toBe(true);
		expect(cpuBound([{streams: 1, cpu: cpu(70, 39)}], v312, v312)).toBe(false);
		expect(cpuBound([{streams: 8, cpu: cpu(102.5, 75)}], v316, v316)).toBe(false);
		expect(cpuBound([{streams: 8, cpu: cpu(790, 75)}], v316, v316)).toBe(true);
		expect(cpuBound([{streams: 8, cpu: null}], v316, v316)).toBe(false);
	});
});

describe('what bound each figure, and the prediction beside it', () => {
	const predicted = {singleFlowGbps: 0.668, aggregateGbps: 2.006, bindingLimit: 'per-flow-cap' as const};

	it('per-flow cap for one stream, the instance for the plateau, CPU first, allowances next', () => {
		const results = [row(1, 0.668), row(2, 1.337), row(8, 2.0)];
		const sweep = analyseSweep(results);
		const input = {results, predicted, publishedGbps: 2.1, sweep};
		expect(withLimits(results, input).map((result) => result.limit)).toEqual([
			'per-flow-cap',
			'per-flow-cap',
			'instance',
		]);
		expect(limitOf(row(8, 2.0, {cpu: {client: 99, server: 50, bound: true}}), input)).toBe('cpu');
		const deltas = {client: {bwIn: 0, bwOut: 1204, pps: 0, conntrack: 0, linklocal: 0}, server: null};
		expect(limitOf(row(8, 1.2, {allowance: deltas}), input)).toBe('instance');
		// Short of every figure it was expected to reach: no limit named, never "the path" (issue 37).
		expect(limitOf(row(8, 1.2), input)).toBe('unknown');
		expect(limitOf(row(8, 1.2), {...input, predicted: null, publishedGbps: null})).toBe('unknown');
		const verdict = pairVerdict({...input, results: withLimits(results, input)});
		expect(verdict.bindingLimit).toBe('instance');
		expect(verdict.lines[0]).toBe('8 streams (2 Gbps, the best valid test) was bound by the instance limit');
		expect(verdict.lines).toContain('1 stream was bound by the per-flow cap');
	});

	it('a flow that reached the instance was bound by it, though the model puts one flow a little under (OCI 95%)', () => {
		// OKE E4.Flex, 1 OCPU: the model's one flow is 95% of the 1 Gbps instance (a measured ratio, not a cap).
		const oci = {singleFlowGbps: 0.95, aggregateGbps: 1, bindingLimit: 'instance-baseline' as const};
		const results = [row(1, 0.956), row(4, 0.955)];
		const input = {results, predicted: oci, publishedGbps: 1, sweep: null};
		expect(withLimits(results, input).map((result) => result.limit)).toEqual(['instance', 'instance']);
		expect(limitOf(row(1, 0.946), input)).toBe('instance');
		// AWS's 5 Gbps flow under a 12.5 Gbps instance: one flow at the cap, well under the instance.
		const aws = {singleFlowGbps: 4.96, aggregateGbps: 12.5, bindingLimit: 'instance-baseline' as const};
		expect(limitOf(row(1, 4.9), {...input, results: [row(1, 4.9)], predicted: aws})).toBe('per-flow-cap');
	});

	it('the gap: measured over predicted, percent', () => {
		expect(predictionGap([row(1, 0.66), row(8, 2.1)], predicted)).toEqual({
			singleFlowPercent: 98.8,
			aggregatePercent: 104.7,
		});
		expect(predictionGap([row(1, 0.66)], null)).toBeNull();
	});

	it('lab prediction from the caps (x 0.955 goodput) at the most streams tested; unshaped: none', () => {
		const target = {shape: 'custom', placements: ['default' as const], lab: {flowCapGbps: 0.7, aggregateCapGbps: 2.1}};
		expect(defaultPredictor('lab', target, 'default', [1, 2, 4, 8, 16])).toMatchObject({
			singleFlowGbps: 0.669,
			aggregateGbps: 2.006,
			bindingLimit: 'instance-baseline',
		});
		expect(defaultPredictor('lab', target, 'default', [1, 2])?.bindingLimit).toBe('per-flow-cap');
		expect(defaultPredictor('lab', {...target, lab: {}}, 'default', [1, 8])).toBeNull();
	});

	it('cloud prediction: predict() over the catalogue record; a shape it lacks: none', () => {
		const prediction = defaultPredictor('aws', {shape: 'c8g.4xlarge', placements: ['default']}, 'default', [1, 8]);
		expect(prediction?.singleFlowGbps).toBeGreaterThan(0);
		expect(prediction?.aggregateGbps).toBeGreaterThan(prediction?.singleFlowGbps ?? 0);
		expect(prediction?.basis?.length).toBeGreaterThan(0);
		expect(defaultPredictor('aws', {shape: 'zz9.nosuch', placements: ['default']}, 'default', [1])).toBeNull();
	});
});
