// The delay line itself (native/delay-line.c) in a real namespace pair: the server's line holds each ping on
// the way in and out (half the round trip each), spreads it by the jitter, does not busy-wait, and goes away
// with its namespace.
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {findDelayLine, findExecutable} from '../../../source/providers/lab/capabilities.js';
import {type DelayLine, startDelayLine} from '../../../source/providers/lab/delay-line.js';
import {delayLineProcesses} from '../../../source/providers/lab/namespaces.js';
import {type LabTools, type PairNamespaces, setUpPair} from '../../../source/providers/lab/pair-setup.js';
import {runCommand} from '../../../source/providers/lab/run-command.js';
import {ResourceLedger} from '../../../source/providers/ledger.js';
import {parsePing} from '../../../source/providers/ping-parse.js';
import {describeLab} from '../../helpers/lab.js';

const runId = `np-d${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
const ledger = new ResourceLedger();
let tools: LabTools;
let pair: PairNamespaces;
let line: DelayLine;

async function pingSamples(count: number, interval: string): Promise<number[]> {
	const result = await runCommand(
		['ip', 'netns', 'exec', pair.client, 'ping', '-n', '-c', String(count), '-i', interval, pair.serverAddress],
		{
			timeoutMs: 30_000,
		},
	);
	const report = parsePing(result.stdout, result.stderr);
	if (!report.ok) throw new Error(report.error);
	return [...report.samplesMs].sort((a, b) => a - b);
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.floor((sorted.length - 1) * q)]!;

function cpuTicks(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return Number(fields[11]) + Number(fields[12]); // utime + stime
}

describeLab('delay line (NFQUEUE, raw netlink)', () => {
	beforeAll(async () => {
		tools = {
			ip: findExecutable('ip')!,
			tc: findExecutable('tc')!,
			nft: findExecutable('nft')!,
			iptables: findExecutable('iptables')!,
			ping: findExecutable('ping')!,
			delayLine: findDelayLine()!,
		};
		const context = {tools, ledger};
		pair = await setUpPair(context, runId, 0, {
			profile: null,
			scale: 1,
			flowCapGbps: null,
			aggregateCapGbps: null,
			rttMs: null,
			jitterMs: null,
		});
		line = await startDelayLine(context, pair.server, runId, 'server');
	});

	afterAll(async () => {
		const report = await ledger.teardown();
		expect(report.complete).toBe(true);
		expect(delayLineProcesses().filter((entry) => entry.prefix === runId)).toEqual([]);
	});

	it('holds each ping for the set delay', async () => {
		await line.set(1000, 0);
		const samples = await pingSamples(40, '0.01');
		const median = quantile(samples, 0.5);
		console.info(`delay 1.000 ms: median RTT ${median} ms (min ${samples[0]})`);
		expect(samples[0]).toBeGreaterThanOrEqual(1);
		// The floor (about 0.15 ms) plus what a loaded 2-core machine adds to wake-ups.
		expect(median).toBeLessThan(1.6);
	});

	it('spreads the hold by the jitter (normal, sigma = jitter)', async () => {
		await line.set(2000, 500);
		// 400 pings: the median of N(2, 0.5) plus the floor has a standard error of about 0.03 ms, so the bounds
		// below sit some five errors away (with 120 pings a CI run once saw a median of exactly 2.00 ms).
		const samples = await pingSamples(400, '0.005');
		const iqr = quantile(samples, 0.75) - quantile(samples, 0.25);
		console.info(
			`delay 2 ms jitter 0.5 ms: median ${quantile(samples, 0.5)}, interquartile ${iqr.toFixed(3)} ms (normal: 0.674)`,
		);
		expect(iqr).toBeGreaterThan(0.4);
		// Wake-up noise on a loaded machine widens it further; without jitter it is about 0.05 ms.
		expect(iqr).toBeLessThan(1.4);
		expect(quantile(samples, 0.5)).toBeGreaterThan(1.85);
		expect(quantile(samples, 0.5)).toBeLessThan(2.7);
	});

	// Three suite runs on a clean clone read 1.9%, 2.0% and once 18.2% (a burst of other work on its core during
	// the 100 pings): measured again once, under the same bound, as the lab's throughput bands are.
	it('sleeps while it holds packets instead of spinning', {retry: 1}, async () => {
		await line.set(5000, 0);
		const [helper] = delayLineProcesses().filter((entry) => entry.prefix === runId);
		expect(helper).toBeDefined();
		const before = cpuTicks(helper!.pid);
		const started = Date.now();
		await pingSamples(100, '0.01');
		const wallTicks = ((Date.now() - started) / 1000) * 100;
		const share = (cpuTicks(helper!.pid) - before) / wallTicks;
		console.info(`delay-line CPU while holding 5 ms of every 10 ms: ${(share * 100).toFixed(1)}%`);
		// Spinning through the hold would cost about half a core here.
		expect(share).toBeLessThan(0.15);
	});

	it('exits and releases what it holds when told to stop', async () => {
		await line.remove();
		expect(delayLineProcesses().filter((entry) => entry.prefix === runId)).toEqual([]);
		const samples = await pingSamples(5, '0.01');
		expect(samples).toHaveLength(5);
		expect(quantile(samples, 0.5)).toBeLessThan(1);
	});
});
