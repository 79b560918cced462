import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {createProgressPrinter, renderPlan, renderProbeResult, teardownLines} from '../../source/present/probe-text.js';
import {runProbe} from '../../source/probe/run-probe.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import {createFakeProvider} from './fake-provider.js';
import {fixture} from './fixtures.js';

const settings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};

/** Valid tests (a 1 Gbit HTB class, iperf3 at a few percent CPU): recorded, see test/fixtures/README.md. */
const cappedIperf3 = (streams: number): string =>
	fixture(streams === 1 ? 'iperf3/capped-1g-p1.json' : 'iperf3/capped-1g-p8.json');

describe('probe text output', () => {
	it('prints one stderr line per step, with its figures, and none for progress ticks', async () => {
		const printed: string[] = [];
		const print = createProgressPrinter((line) => printed.push(line));
		await runProbe(createFakeProvider(), {shape: 'custom', placements: ['default'], lab: {}}, settings, {
			runId: 'np-t-0001',
			onEvent: print,
		});
		print({type: 'progress', stepId: 'default/streams-1/r1', fraction: 0.5, gbps: null});
		expect(printed[0]).toBe('probe np-t-0001: 2 tests, 6 steps');
		expect(printed).toContain('[default] 1 stream: running (3 s)');
		// The recorded 3.12 -P 8 loopback run: its own RTT, both ends' CPU, and its client at 99.8% of one core.
		expect(printed).toContain(
			'[default] 8 streams: 23.491 Gbps, 0 retransmits, TCP RTT 0.032 ms, CPU client 100% / server 50%, CPU-BOUND: this measured the host, not the network',
		);
		expect(printed.some((line) => /^\[default\] ping x20: median [\d.]+ ms/.test(line))).toBe(true);
		expect(printed.at(-1)).toBe('teardown: complete, nothing left');
		expect(printed.filter((line) => line.includes('running'))).toHaveLength(6);
	});

	it('prints the running Gbps with a bar, about once per tenth of a test, and nothing without a Gbps', () => {
		const printed: string[] = [];
		const print = createProgressPrinter((line) => printed.push(line));
		const step = {
			id: 'default/streams-8/r1',
			placement: 'default',
			kind: 'streams',
			streams: 8,
			repeat: 1,
			label: '8 streams',
			durationSeconds: 21,
		} as const;
		print({type: 'plan', runId: 'np-t-0003', steps: [step]});
		print({type: 'step-started', step});
		printed.length = 0;
		for (let tick = 1; tick <= 80; tick++)
			print({type: 'progress', stepId: step.id, fraction: tick / 84, gbps: tick < 4 ? null : 2.714});
		// 21 s: a line every 2.1 s of progress once a Gbps is known (the first at 10%), never two in one tenth.
		expect(printed[0]).toBe('[default] 8 streams  ▮▯▯▯▯▯▯▯▯▯ 11%  2.71 Gbps');
		expect(printed).toContain('[default] 8 streams  ▮▮▮▮▮▮▯▯▯▯ 61%  2.71 Gbps');
		expect(printed).toHaveLength(9);
		const percents = printed.map((line) => Number(/ (\d+)%/.exec(line)?.[1]));
		for (let index = 1; index < percents.length; index++)
			expect(percents[index]! - percents[index - 1]!).toBeGreaterThanOrEqual(9);
	});

	it('renders the result with the per-flow ceiling verdict and the recomputed advice', async () => {
		const run = await runProbe(
			createFakeProvider({iperf3: cappedIperf3}),
			{shape: 'custom', placements: ['default'], lab: {}},
			settings,
			{
				runId: 'np-t-0002',
			},
		);
		const advice = advise({...defaultWorkload, cloud: 'lab'}, [...referenceMeasurements(), ...toMeasurements(run)]);
		const text = renderProbeResult(run, advice).join('\n');
		expect(text).toContain('Probe np-t-0002: lab, custom');
		expect(text).toContain('default: published 3 Gbps (lab-cap)');
		expect(text).toMatch(
			/per-flow ceiling: one flow gets \d+% of the aggregate: (a per-flow ceiling is present|none detected)/,
		);
		expect(text).toMatch(/RTT: median [\d.]+ ms, avg [\d.]+ ms, mdev [\d.]+ ms/);
		expect(text).toMatch(/ 1\. (DO|NOT NEEDED|SATISFIED|CONSIDER|AVOID) +parallel streams: /);
		expect(text).toContain(
			'headline: one flow 0.907 Gbps, 0.894 Gbps at 8 streams (valid tests only; every test valid)',
		);
	});

	it('wraps at word boundaries to 80 columns: every line fits, no word is split, the table keeps its rows', async () => {
		const run = await runProbe(createFakeProvider(), {shape: 'custom', placements: ['default'], lab: {}}, settings, {
			runId: 'np-t-0004',
		});
		const wide = renderProbeResult(run, null);
		const narrow = renderProbeResult(run, null, 80);
		expect(Math.max(...wide.map((line) => line.length))).toBeGreaterThan(80);
		for (const line of narrow) expect(line.length, line).toBeLessThanOrEqual(80);
		const words = (lines: readonly string[]) => lines.join(' ').split(/\s+/).filter(Boolean);
		// Table rows: the tests' (indented under the pair) and the pairs' (narrow, without RTT and retransmits).
		const tableRow = /^( {2}(streams {2}|\d+ {2})|(placement|default) {2})/;
		const narrowTable = narrow.filter((line) => /^ {2}(streams {2}|\d+ {2})/.test(line));
		const rest = (lines: readonly string[]) => lines.filter((line) => !tableRow.test(line));
		expect(words(rest(narrow))).toEqual(words(rest(wide)));
		expect(narrowTable[0]).toBe('  streams  Gbps     retr     CPU c/s       bound by      validity');
		expect(narrowTable[1]).toMatch(/^ {2}1 {8}14\.567 {3}23 {7}99\/41% BOUND {2}cpu {11}CPU-bound \(client\)$/);
	});

	it('a CPU-bound run: no headline, every test set aside with its figure, and no advice', async () => {
		const run = await runProbe(createFakeProvider(), {shape: 'custom', placements: ['default'], lab: {}}, settings, {
			runId: 'np-t-0003',
		});
		const text = renderProbeResult(run, null).join('\n');
		expect(text).toContain('headline: none, no valid test (2 of 2 set aside, see below)');
		expect(text).toMatch(/set aside 8 streams: CPU-bound \(client\): client iperf3 at 100% of the 100% it can use/);
		expect(text).toContain('No advice from this run: no pair has a valid single-flow or aggregate figure.');
	});

	it('lists what teardown left with the commands to delete it', () => {
		expect(
			teardownLines({
				complete: false,
				left: [{kind: 'netns', id: 'np-a-0-srv', deleteCommand: 'ip netns del np-a-0-srv', error: 'busy'}],
			}),
		).toEqual([
			'teardown: INCOMPLETE, 1 resource(s) left; delete them with:',
			'  netns np-a-0-srv (busy): ip netns del np-a-0-srv',
		]);
	});

	it('prints a plan with resources, hold, instance-hours and cost', () => {
		const lines = renderPlan(
			{
				provider: 'aws',
				shape: 'c8gn.4xlarge',
				region: 'us-west-2',
				zone: null,
				holdSeconds: 1800,
				instances: 6,
				resources: [{kind: 'placement-group', name: 'np-x-cluster', detail: 'strategy cluster'}],
				pricePerHour: 0.948,
				priceSource: 'reference catalogue',
				estimatedCostUsd: 2.84,
				warnings: ['spread uses 3 racks'],
			},
			600,
		);
		expect(lines).toEqual([
			'Plan: aws c8gn.4xlarge in us-west-2',
			'Resources it would create:',
			'  placement-group np-x-cluster: strategy cluster',
			'Hold: about 30 min (600 s of tests), 6 instance(s), 3.00 instance-hours',
			'Price: $0.9480/h per instance (reference catalogue)',
			'Estimated cost: $2.84',
			'warning: spread uses 3 racks',
		]);
	});
});
