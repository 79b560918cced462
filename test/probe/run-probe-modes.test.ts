// How tests run (issue 11): streams spread over several iperf3 processes where iperf3 < 3.16 or one process
// was CPU-bound, the reverse direction, and the figures each row carries (CPU, TCP RTT, mode, prediction).
import {describe, expect, it} from 'vitest';
import {hostCpuFooting} from '../../source/present/probe-pair-lines.js';
import {renderProbeResult} from '../../source/present/probe-text.js';
import {runProbe} from '../../source/probe/run-probe.js';
import type {ProbeSettings} from '../../source/probe/types.js';
import type {ProbeTarget} from '../../source/providers/provider.js';
import {createFakeProvider} from './fake-provider.js';
import {fixture} from './fixtures.js';

const settings: ProbeSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};
const target: ProbeTarget = {shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 3}};
const p8 = JSON.parse(fixture('iperf3/success-p8.json')) as {end: {sum_received: {bits_per_second: number}}};
const p1 = JSON.parse(fixture('iperf3/success-p1.json')) as {end: {sum_received: {bits_per_second: number}}};

describe('runProbe test modes', () => {
	it('iperf3 3.12 on 2 cores: 8 streams as two processes of 4 on ports 5201 and 5202, summed', async () => {
		const provider = createFakeProvider({cores: 2});
		const run = await runProbe(provider, target, settings);
		expect(provider.calls.filter((call) => call.startsWith('start server-default'))).toEqual([
			'start server-default iperf3 -s -p 5201',
			'start server-default iperf3 -s -p 5202',
		]);
		const clients = provider.calls.filter((call) => call.includes('iperf3 -c'));
		// Both processes of the 8-stream test start in ONE exec (one shell), so they run over the same seconds.
		expect(clients).toEqual([
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 1 -t 2 -O 1 -i 1 -J',
			'exec client-default group: iperf3 -c 198.18.0.1 -p 5201 -P 4 -t 2 -O 1 -i 1 -J & iperf3 -c 198.18.0.1 -p 5202 -P 4 -t 2 -O 1 -i 1 -J',
		]);
		const [single, eight] = run.pairs[0]!.results;
		expect(eight?.gbps).toBeCloseTo((2 * p8.end.sum_received.bits_per_second) / 1e9, 2);
		expect(eight?.mode).toEqual({
			processes: 2,
			iperf3: '3.12',
			why: 'iperf3 3.12 runs all streams on one thread: 2 processes, one per core, summed',
		});
		// Each fake process answers with the recorded 8-stream run: 16 streams, CPU summed over both.
		expect(eight?.perStream?.gbps).toHaveLength(16);
		expect(eight?.cpu?.client).toBeCloseTo(199.6, 1);
		expect(single?.mode?.processes).toBe(1);
		expect(single?.tcpRttMs).toBeGreaterThan(0);
		expect(run.pairs[0]!.predicted).toMatchObject({singleFlowGbps: 0.955, aggregateGbps: 2.865});
		// Both loopback recordings are CPU-bound: set aside, so no gap to the prediction is concluded from them.
		expect(run.pairs[0]!.gap).toEqual({singleFlowPercent: null, aggregatePercent: null});
		expect(provider.serversRunning()).toBe(0);
	});

	it('iperf3 3.16 on 2 cores: one process, run again as two when it was CPU-bound', async () => {
		// The 3.16 recording used 102.5% of the client's CPU: with one stream per thread on 2 cores that is
		// not bound; a 3.12 recording of 8 streams at 99.8% of a 1-thread process is.
		const provider = createFakeProvider({cores: 2, iperf3Version: 'iperf 3.16 (cJSON 1.7.15)'});
		const run = await runProbe(provider, target, {...settings, streams: [2]});
		const clients = provider.calls.filter((call) => call.startsWith('exec client-default iperf3 -c'));
		expect(clients).toEqual(['exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 2 -t 2 -O 1 -i 1 -J']);
		expect(run.pairs[0]!.results[0]?.mode?.processes).toBe(1);

		const bound = createFakeProvider({
			cores: 2,
			iperf3Version: 'iperf 3.16',
			// Each client of a single process reports 190% CPU (bound on 2 cores); the re-run's processes, 60%.
			iperf3: (_streams, call) =>
				fixture('iperf3/success-p8.json').replace(/"host_total":\s*[\d.]+/, `"host_total": ${call === 0 ? 190 : 60}`),
		});
		const events: string[] = [];
		const rerun = await runProbe(
			bound,
			target,
			{...settings, streams: [8]},
			{
				onEvent: (event) => (event.type === 'note' ? events.push(event.text) : undefined),
			},
		);
		expect(
			bound.calls
				.filter((call) => call.includes('iperf3 -c'))
				.map((call) => [...call.matchAll(/ -p (\d+) -P (\d+)/g)].map((match) => `${match[1]}x${match[2]}`).join('+')),
		).toEqual(['5201x8', '5201x4+5202x4']);
		expect(events).toContain('default: 8 streams: one iperf3 process was CPU-bound: run again as 2 processes, summed');
		expect(rerun.pairs[0]!.results[0]).toMatchObject({mode: {processes: 2}, cpu: {bound: false}});
	});

	it('--processes 1 keeps one process; --reverse tests the other direction with -R', async () => {
		const provider = createFakeProvider({cores: 2});
		const run = await runProbe(provider, target, {...settings, processes: 1, reverse: true});
		const clients = provider.calls.filter((call) => call.startsWith('exec client-default iperf3 -c'));
		expect(clients).toEqual([
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 1 -t 2 -O 1 -i 1 -J',
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 8 -t 2 -O 1 -i 1 -J',
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 1 -t 2 -O 1 -i 1 -R -J',
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 8 -t 2 -O 1 -i 1 -R -J',
		]);
		const pair = run.pairs[0]!;
		expect(pair.reverseResults?.map((result) => result.streams)).toEqual([1, 8]);
		expect(pair.reverseResults?.[0]?.gbps).toBeCloseTo(p1.end.sum_received.bits_per_second / 1e9, 3);
		expect(pair.results[1]?.cpu).toMatchObject({client: 99.8, server: 50.4, bound: true});
		expect(pair.results[1]?.limit).toBe('cpu');
		// Both loopback recordings ran the client at 99% of one core.
		expect(pair.verdict?.lines[0]).toBe('no valid test: every test was set aside, so nothing is concluded');
		expect(pair.verdict?.lines).toContain(
			'set aside 8 streams: CPU-bound (client): client iperf3 at 100% of the 100% it can use (CPU-bound from 75%)',
		);
		expect(pair.results.map((result) => result.validity?.kind)).toEqual(['cpu-bound', 'cpu-bound']);
		expect(pair.verdict?.bindingLimit).toBe('unknown');
	});

	it("the host's /proc/stat over the test: a core full of softirq work flags a test iperf3 calls quiet", async () => {
		// iperf3 says 15% / 44% (as it did beside the recording) and 0.5 Gbps, short of the 0.955 the caps allow;
		// the client host's /proc/stat is the one recorded beside an unshaped lab pair (cpu0 full, 63% kernel),
		// the server's the one beside the 1 Gbit-capped pair (not bound).
		const report = JSON.parse(fixture('iperf3/success-p1.json')) as {
			end: {
				sum_received: {bits_per_second: number};
				cpu_utilization_percent: {host_total: number; remote_total: number};
			};
		};
		report.end.sum_received.bits_per_second = 0.5e9;
		report.end.cpu_utilization_percent.host_total = 15;
		report.end.cpu_utilization_percent.remote_total = 44;
		const provider = createFakeProvider({
			iperf3: () => JSON.stringify(report),
			procStat: (host) =>
				fixture(host.startsWith('client') ? 'proc-stat/lab-unshaped-window.txt' : 'proc-stat/lab-capped-1g-window.txt'),
		});
		const run = await runProbe(provider, target, {...settings, streams: [1]});
		const [one] = run.pairs[0]!.results;
		expect(provider.calls).toContain(
			'exec client-default sh -c sleep 1.25; cat /proc/stat; echo @@netplace-proc-stat@@; sleep 1.5; cat /proc/stat',
		);
		expect(one?.cpu).toMatchObject({
			client: 15,
			server: 44,
			bound: true,
			host: {client: {saturated: true, busiest: {core: 'cpu0', softirqPercent: 17.3}}, server: {saturated: false}},
			boundBy: ['client host: busiest core cpu0 100% (kernel 63%, softirq 17%), all 2 cores 100% (kernel 34%)'],
		});
		expect(one?.limit).toBe('cpu');
		expect(one?.gbps).toBe(0.5);
		const text = renderProbeResult(run, null).join('\n');
		expect(text).toContain(
			'1 stream: host CPU (/proc/stat over 1.5 s, softirq included): client busiest core cpu0 100% (kernel 63%, softirq 17%), all 2 cores 100% (kernel 34%); server busiest core cpu1 100% (kernel 16%, softirq 5%), all 2 cores 100% (kernel 10%)',
		);
		expect(text).toContain('1 stream: CPU-bound by client host: busiest core cpu0 100%');
		expect(text).toContain(`  ${hostCpuFooting}`);
		// The test's row: both ends' iperf3 CPU, flagged, and what bound it.
		expect(text).toMatch(/\n {2}1 +0\.500 .* 15\/44% BOUND .* cpu /);
	});

	it('the same full core does not flag a test that reached what the caps allow: the cap bound it', async () => {
		const provider = createFakeProvider({
			procStat: () => fixture('proc-stat/lab-unshaped-window.txt'),
			iperf3: () => fixture('iperf3/success-p1.json').replace(/"host_total":\s*[\d.]+/, '"host_total": 15'),
		});
		const run = await runProbe(provider, target, {...settings, streams: [1]});
		const [one] = run.pairs[0]!.results;
		expect(one?.gbps).toBeGreaterThan(0.9 * 0.955);
		expect(one?.cpu).toMatchObject({bound: false, boundBy: [], host: {client: {saturated: true}}});
	});
});
