// The running Gbps: while an iperf3 client runs, the runner samples the client's transmit counters through
// provider.exec (`cat /proc/net/dev`) and emits them on progress events; nothing samples outside a test.
import {describe, expect, it} from 'vitest';
import {runProbe} from '../../source/probe/run-probe.js';
import type {ProbeEvent, ProbeSettings} from '../../source/probe/types.js';
import type {ExecOptions, ExecResult, Host, ProbeTarget, Provider} from '../../source/providers/provider.js';
import {createFakeProvider} from './fake-provider.js';

const settings: ProbeSettings = {streams: [1, 8], durationSeconds: 2, repeat: 1, sustainedSeconds: null, pingCount: 20};
const target: ProbeTarget = {shape: 'custom', placements: ['default'], lab: {flowCapGbps: 1, aggregateCapGbps: 3}};

function netDev(txVeth: number, txEth: number): string {
	return [
		'Inter-|   Receive                                                |  Transmit',
		' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
		'    lo: 5000 10 0 0 0 0 0 0 5000 10 0 0 0 0 0 0',
		`  veth0: 1000 10 0 0 0 0 0 0 ${Math.round(txVeth)} 20 0 0 0 0 0 0`,
		`  eth0: 1000 10 0 0 0 0 0 0 ${Math.round(txEth)} 20 0 0 0 0 0 0`,
		'',
	].join('\n');
}

interface Probe {
	readonly provider: Provider;
	readonly catCalls: () => number;
	readonly catsOutsideTests: () => number;
}

/** iperf3 client runs take `testMs`; veth0 (the route to the server) sends at `gbps` while one runs, eth0 at 40 Gbps always. */
function countingProvider(gbps: number, testMs: number, cat: 'ok' | 'fails' | 'throws' = 'ok'): Probe {
	const base = createFakeProvider();
	let txVeth = 1e9;
	let lastAt = performance.now();
	let testRunning = false;
	let cats = 0;
	let outside = 0;
	const advance = (): void => {
		const now = performance.now();
		if (testRunning) txVeth += ((now - lastAt) / 1000) * ((gbps * 1e9) / 8);
		lastAt = now;
	};

	async function exec(host: Host, argv: readonly string[], options?: ExecOptions): Promise<ExecResult> {
		if (argv.join(' ') === 'ip route get 198.18.0.1')
			return {code: 0, stdout: '198.18.0.1 dev veth0 src 198.18.0.2 uid 0 \n    cache \n', stderr: ''};
		if (argv[0] === 'cat') {
			cats++;
			if (!testRunning) outside++;
			if (cat === 'throws') throw new Error('ssh: channel open failure');
			if (cat === 'fails') return {code: 1, stdout: '', stderr: 'cat: /proc/net/dev: No such file'};
			advance();
			return {code: 0, stdout: netDev(txVeth, 7e9 + performance.now() * 5e6), stderr: ''};
		}

		// A client run takes testMs; `iperf3 --version` (the host facts, read before any test) answers at once.
		if (argv[0] === 'iperf3' && argv[1] !== '--version') {
			advance();
			testRunning = true;
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, testMs);
				options?.signal?.addEventListener(
					'abort',
					() => {
						clearTimeout(timer);
						resolve();
					},
					{once: true},
				);
			});
			advance();
			testRunning = false;
		}

		return base.exec(host, argv, options);
	}

	return {provider: {...base, exec}, catCalls: () => cats, catsOutsideTests: () => outside};
}

function progressOf(events: readonly ProbeEvent[], stepId: string): Array<Extract<ProbeEvent, {type: 'progress'}>> {
	return events.filter(
		(event): event is Extract<ProbeEvent, {type: 'progress'}> => event.type === 'progress' && event.stepId === stepId,
	);
}

describe('running Gbps from the client transmit counters', () => {
	it('emits the Gbps of the route device while each test runs, and samples nothing once it ends', async () => {
		const probe = countingProvider(2.5, 700);
		const events: ProbeEvent[] = [];
		const run = await runProbe(probe.provider, target, settings, {
			txSampleEveryMs: 100,
			onEvent: (event) => events.push(event),
		});
		expect(run.failed).toBe(false);
		for (const stepId of ['default/streams-1/r1', 'default/streams-8/r1']) {
			const progress = progressOf(events, stepId);
			const withGbps = progress.filter((event) => event.gbps !== null);
			// 700 ms at one sample per 100 ms: a baseline, then several figures; eth0's 40 Gbps never shows.
			expect(withGbps.length).toBeGreaterThanOrEqual(3);
			for (const event of withGbps) expect(event.gbps).toBeCloseTo(2.5, 1);
			// None after the step finished.
			const done = events.findIndex((event) => event.type === 'step-done' && event.stepId === stepId);
			expect(done).toBeGreaterThan(-1);
			expect(progressOf(events.slice(done), stepId)).toEqual([]);
		}

		// Ping and the server step are not sampled; no sample starts after a test has ended, nor later.
		expect(progressOf(events, 'default/ping').every((event) => event.gbps === null)).toBe(true);
		expect(probe.catsOutsideTests()).toBe(0);
		const after = probe.catCalls();
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(probe.catCalls()).toBe(after);
		// The -J results are untouched.
		expect(run.pairs[0]!.results.map((result) => result.streams)).toEqual([1, 8]);
	});

	it.each(['fails', 'throws'] as const)(
		'a sample that %s leaves progress time-only and the test passes',
		async (mode) => {
			const probe = countingProvider(2.5, 500, mode);
			const events: ProbeEvent[] = [];
			const run = await runProbe(probe.provider, target, settings, {
				txSampleEveryMs: 50,
				onEvent: (event) => events.push(event),
			});
			expect(run.failed).toBe(false);
			expect(run.pairs[0]!.results).toHaveLength(2);
			const progress = progressOf(events, 'default/streams-1/r1');
			expect(progress.length).toBeGreaterThan(0);
			expect(progress.every((event) => event.gbps === null)).toBe(true);
			// Three failures in a row and the test stops asking (one exec a second at most, never a retry storm).
			expect(probe.catCalls()).toBeLessThanOrEqual(6);
		},
	);

	it('stops sampling at once when the run is aborted mid-test', async () => {
		const probe = countingProvider(1, 10_000);
		const controller = new AbortController();
		const events: ProbeEvent[] = [];
		const running = runProbe(probe.provider, target, settings, {
			signal: controller.signal,
			txSampleEveryMs: 50,
			onEvent(event) {
				events.push(event);
				if (event.type === 'progress' && event.gbps !== null) controller.abort();
			},
		});
		const run = await running;
		expect(run.aborted).toBe(true);
		expect(events.some((event) => event.type === 'progress' && event.gbps !== null)).toBe(true);
		const after = probe.catCalls();
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(probe.catCalls()).toBe(after);
	});
});
