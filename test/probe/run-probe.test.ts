import {describe, expect, it} from 'vitest';
import {newRunId, runIdPattern} from '../../source/probe/run-id.js';
import {runProbe} from '../../source/probe/run-probe.js';
import type {ProbeEvent, ProbeSettings} from '../../source/probe/types.js';
import type {ProbeTarget} from '../../source/providers/provider.js';
import {createFakeProvider} from './fake-provider.js';
import {fixture} from './fixtures.js';

const settings: ProbeSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};
const target: ProbeTarget = {shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 3}};

function gbpsOf(path: string): number {
	return (
		(JSON.parse(fixture(path)) as {end: {sum_received: {bits_per_second: number}}}).end.sum_received.bits_per_second /
		1e9
	);
}

describe('newRunId', () => {
	it('is short, prefixed and unique', () => {
		const ids = new Set(Array.from({length: 50}, () => newRunId()));
		expect(ids.size).toBe(50);
		for (const id of ids) expect(id).toMatch(runIdPattern);
		expect(newRunId().length).toBeLessThanOrEqual(16);
	});
});

describe('runProbe', () => {
	it('runs server, each stream count, ping, then stops the server and tears down', async () => {
		const provider = createFakeProvider();
		const events: ProbeEvent[] = [];
		const run = await runProbe(provider, target, settings, {
			runId: 'np-test-0001',
			onEvent: (event) => events.push(event),
		});
		expect(provider.calls[0]).toBe('provision np-test-0001 default');
		expect(provider.calls).toContain('start server-default iperf3 -s -p 5201');
		const clients = provider.calls.filter((call) => call.startsWith('exec client-default iperf3 -c'));
		expect(clients).toEqual([
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 1 -t 2 -O 1 -i 1 -J',
			'exec client-default iperf3 -c 198.18.0.1 -p 5201 -P 8 -t 2 -O 1 -i 1 -J',
		]);
		expect(provider.calls.at(-2)).toBe('stop server-default');
		expect(provider.calls.at(-1)).toBe('teardown np-test-0001');
		expect(provider.serversRunning()).toBe(0);

		expect(run).toMatchObject({
			runId: 'np-test-0001',
			provider: 'lab',
			shape: 'custom',
			region: null,
			failed: false,
			aborted: false,
		});
		const pair = run.pairs[0]!;
		expect(pair.results.map((result) => result.streams)).toEqual([1, 8]);
		expect(pair.results[0]!.gbps).toBeCloseTo(gbpsOf('iperf3/success-p1.json'), 3);
		expect(pair.results[1]!.gbps).toBeCloseTo(gbpsOf('iperf3/success-p8.json'), 3);
		expect(pair.rtt?.medianMs).toBeGreaterThan(0);
		expect(pair.published).toEqual({gbps: 3, kind: 'lab-cap'});
		expect(run.teardown).toEqual({complete: true, left: []});

		const types = events.map((event) => event.type);
		expect(types[0]).toBe('plan');
		expect(types.at(-1)).toBe('teardown-done');
		const plan = events[0];
		expect(plan?.type === 'plan' && plan.steps.map((step) => step.id)).toEqual([
			'provision',
			'default/ping',
			'default/server',
			'default/streams-1/r1',
			'default/streams-8/r1',
			'teardown',
		]);
		const done = events.filter((event) => event.type === 'step-done').map((event) => event.stepId);
		expect(done).toEqual([
			'provision',
			'default/ping',
			'default/server',
			'default/streams-1/r1',
			'default/streams-8/r1',
			'teardown',
		]);
	});

	it('repeats give median, min, max and samples', async () => {
		const outputs = ['iperf3/success-p1.json', 'iperf3/omitted-intervals.json', 'iperf3/forceflush-intervals.json'];
		const provider = createFakeProvider({iperf3: (_streams, call) => fixture(outputs[call % 3]!)});
		const run = await runProbe(provider, target, {...settings, streams: [1], repeat: 3});
		const result = run.pairs[0]!.results[0]!;
		const values = outputs.map((path) => gbpsOf(path)).sort((a, b) => a - b);
		expect(result.samples).toBe(3);
		expect(result.min).toBeCloseTo(values[0]!, 3);
		expect(result.gbps).toBeCloseTo(values[1]!, 3);
		expect(result.max).toBeCloseTo(values[2]!, 3);
	});

	it('reports a failed iperf3 test as a step failure and marks the run failed', async () => {
		const provider = createFakeProvider({
			iperf3: (streams) => fixture(streams === 8 ? 'iperf3/connection-refused.json' : 'iperf3/success-p1.json'),
		});
		const events: ProbeEvent[] = [];
		const run = await runProbe(provider, target, settings, {onEvent: (event) => events.push(event)});
		expect(run.failed).toBe(true);
		expect(run.pairs[0]!.errors).toEqual(['8 streams: unable to connect to server: Connection refused']);
		expect(run.pairs[0]!.results.map((result) => result.streams)).toEqual([1]);
		expect(events).toContainEqual({
			type: 'step-failed',
			stepId: 'default/streams-8/r1',
			message: 'unable to connect to server: Connection refused',
		});
		expect(provider.calls.at(-1)).toMatch(/^teardown /);
	});

	it("reports an exec that throws (a timeout) as that step's failure and goes on", async () => {
		const provider = createFakeProvider({
			onExec: (argv) => {
				if (argv.includes('-P') && argv[argv.indexOf('-P') + 1] === '8')
					throw new Error('iperf3 timed out after 33000 ms');
			},
		});
		const run = await runProbe(provider, target, {...settings, streams: [8, 1]});
		expect(run.pairs[0]!.errors).toEqual(['8 streams: iperf3 gave no JSON output: iperf3 timed out after 33000 ms']);
		expect(run.pairs[0]!.results.map((result) => result.streams)).toEqual([1]);
		expect(run.failed).toBe(true);
		expect(provider.serversRunning()).toBe(0);
	});

	it('starts the server again when it died mid-test, and the next test runs', async () => {
		const provider = createFakeProvider({serverDiesOnCall: 0});
		const events: ProbeEvent[] = [];
		const run = await runProbe(provider, target, settings, {onEvent: (event) => events.push(event)});
		expect(run.pairs[0]!.errors).toEqual(['1 stream: the server has terminated']);
		expect(run.pairs[0]!.results.map((result) => result.streams)).toEqual([8]);
		expect(provider.serversStarted()).toBe(2);
		expect(provider.serversRunning()).toBe(0);
		expect(events).toContainEqual({
			type: 'note',
			text: 'default: the iperf3 server on server-default port 5201 exited; starting it again',
		});
	});

	it('retries once when the server is busy', async () => {
		const provider = createFakeProvider({
			iperf3: (_streams, call) => fixture(call === 0 ? 'iperf3/server-busy.json' : 'iperf3/success-p1.json'),
		});
		const run = await runProbe(provider, target, {...settings, streams: [1]});
		expect(run.failed).toBe(false);
		expect(provider.calls.filter((call) => call.includes('iperf3 -c'))).toHaveLength(2);
	});

	it('pings at 20 ms, and falls back to 0.2 s where an older ping refuses short intervals', async () => {
		const refusing = createFakeProvider({
			ping: (argv) =>
				argv.includes('0.02')
					? {
							code: 2,
							stdout: '',
							stderr:
								'ping: -i interval too short: Operation not permitted (only super-user may set interval less than 0.2 seconds)',
						}
					: {code: 0, stdout: fixture('ping/loss.txt'), stderr: ''},
		});
		const run = await runProbe(refusing, target, {...settings, streams: [1]});
		const pings = refusing.calls.filter((call) => call.includes(' ping '));
		expect(pings).toEqual([
			'exec client-default ping -c 20 -i 0.02 -W 2 198.18.0.1',
			'exec client-default ping -c 20 -i 0.2 -W 2 198.18.0.1',
		]);
		expect(run.pairs[0]!.rtt?.lossPercent).toBe(25);
		expect(run.failed).toBe(false);
	});

	it('reports a ping with no replies as a failed step', async () => {
		const provider = createFakeProvider({ping: () => ({code: 1, stdout: fixture('ping/total-loss.txt'), stderr: ''})});
		const run = await runProbe(provider, target, {...settings, streams: [1]});
		expect(run.pairs[0]!.rtt).toBeNull();
		expect(run.pairs[0]!.errors).toEqual(['ping x20: ping got no replies (100% packet loss)']);
		expect(run.failed).toBe(true);
	});

	it('tears down and rethrows when provisioning fails', async () => {
		const provider = createFakeProvider({provisionError: new Error('quota exceeded')});
		const events: ProbeEvent[] = [];
		await expect(
			runProbe(provider, target, settings, {runId: 'np-x-0001', onEvent: (event) => events.push(event)}),
		).rejects.toThrow('quota exceeded');
		expect(provider.calls.at(-1)).toBe('teardown np-x-0001');
		expect(events).toContainEqual({type: 'step-failed', stepId: 'provision', message: 'quota exceeded'});
		expect(events.at(-1)?.type).toBe('teardown-done');
	});

	it('on abort stops at once, still stops the server and tears down', async () => {
		const controller = new AbortController();
		const provider = createFakeProvider({
			onExec: (argv) => {
				if (argv.includes('-P') && argv[argv.indexOf('-P') + 1] === '8') controller.abort();
			},
		});
		const run = await runProbe(
			provider,
			{...target, placements: ['default', 'cluster']},
			{...settings, sustainedSeconds: 30},
			{signal: controller.signal},
		);
		expect(run.aborted).toBe(true);
		expect(run.pairs).toHaveLength(1);
		expect(run.pairs[0]!.results.map((result) => result.streams)).toEqual([1]);
		expect(provider.calls.some((call) => call.includes('server-cluster'))).toBe(false);
		expect(provider.serversRunning()).toBe(0);
		expect(provider.calls.at(-1)).toMatch(/^teardown /);
	});

	it('runs the sustained analysis on -i 1 intervals and reports what teardown left', async () => {
		const left = [{kind: 'netns', id: 'np-a', deleteCommand: 'ip netns del np-a'}];
		const provider = createFakeProvider({
			iperf3: (_streams, call) => fixture(call === 2 ? 'iperf3/forceflush-intervals.json' : 'iperf3/success-p1.json'),
			teardown: {complete: false, left},
		});
		const run = await runProbe(provider, target, {...settings, sustainedSeconds: 3});
		expect(run.pairs[0]!.sustained?.seconds).toBe(3);
		expect(run.pairs[0]!.sustained?.blocks).toHaveLength(1);
		expect(run.teardown).toEqual({complete: false, left});
		expect(run.failed).toBe(true);
	});
});
