// One host pair's tests: its hosts' facts (iperf3 version, cores), the iperf3 servers (one per process a test
// may use), ping, every stream count x repeat (forward, and reverse with --reverse), the optional sustained run,
// the servers stopped; then the sweep, what bound each figure and the prediction beside them. Failed tests are
// reported (step-failed) and the pair goes on; an abort stops it.

import {messageOf} from '../domain/errors.js';
import type {NetworkPath} from '../domain/model-types.js';
import {round} from '../domain/stats.js';
import type {Cloud} from '../domain/types.js';
import {parsePing} from '../providers/ping-parse.js';
import type {ExecResult, HostPair, Provider} from '../providers/provider.js';
import {busiestCoreText} from './host-cpu.js';
import {readHostFacts} from './host-facts.js';
import {type HostSettings, readPairSettings} from './host-settings.js';
import {concludePair} from './pair-conclusion.js';
import {checkPath, cloudOf, heldToWindow} from './path-check.js';
import {
	fallbackPingIntervalSeconds,
	pingIntervalSeconds,
	pingStep,
	serverStep,
	streamsStep,
	sustainedStep,
} from './probe-plan.js';
import {cpuFigures, resultFromSamples} from './result-figures.js';
import {execStep, graceSeconds, runTest, type TestContext, type TestSample} from './run-test.js';
import {type ServerSet, startServers} from './server-set.js';
import {type TxSource, timed} from './step-progress.js';
import {analyseSustained} from './sustained.js';
import {escalate, expectedGbps, maxProcesses, planProcesses} from './test-mode.js';
import {resolveTxDevice} from './tx-sampler.js';
import type {
	PairResult,
	PredictedFigures,
	ProbeEvent,
	ProbeSettings,
	RttResult,
	StepRef,
	StreamResult,
	SustainedResult,
} from './types.js';

export interface PairContext {
	readonly provider: Provider;
	readonly settings: ProbeSettings;
	readonly port: number;
	readonly signal: AbortSignal | undefined;
	readonly emit: (event: ProbeEvent) => void;
	/** Transmit-counter sampling interval while a test runs (default tx-sampler's txSampleEveryMs). */
	readonly txSampleEveryMs?: number;
	/** iperf3 `-O` seconds of the stream tests (default probe-plan's omitSeconds). */
	readonly omitSeconds?: number;
	/** The model's prediction for this pair's configuration (run-probe asks its predictor). */
	readonly predicted?: PredictedFigures | null;
	/** The run's cloud (its provider's, or its named shape's) and path, for the path check; null cloud: unknown. */
	readonly cloud?: Cloud | null;
	readonly path?: NetworkPath;
}

/** "0.951 Gbps, 0 retransmits, TCP RTT 21.6 ms, CPU client 9% / server 12%, 2 processes". */
function testText(sample: TestSample): string {
	const cpu = cpuFigures(sample);
	const rtt = tcpRttText(sample);
	const parts = [`${round(sample.gbps, 3)} Gbps`, `${sample.retransmits} retransmits`];
	if (rtt !== null) parts.push(`TCP RTT ${rtt} ms`);
	if (cpu.client !== null) parts.push(`CPU client ${Math.round(cpu.client)}% / server ${Math.round(cpu.server ?? 0)}%`);
	const host = sample.hostCpu.client ?? sample.hostCpu.server;
	if (host) parts.push(`host busiest core ${busiestCoreText(host)}`);
	if (sample.processes > 1) parts.push(`${sample.processes} processes`);
	if (sample.cpuBound) parts.push('CPU-BOUND: this measured the host, not the network');
	return parts.join(', ');
}

function tcpRttText(sample: TestSample): number | null {
	const means = sample.streamFigures
		.map((stream) => stream.meanRttMs)
		.filter((value): value is number => value !== null);
	return means.length === 0 ? null : round(means.reduce((sum, value) => sum + value, 0) / means.length, 3);
}

interface PairRuntime {
	readonly test: TestContext;
	readonly servers: ServerSet;
	readonly tx: TxSource;
	readonly fail: Fail;
	readonly requested: 'auto' | number;
}

/** Every stream count x repeat in one direction; a CPU-bound single process is run again spread over cores. */
async function runDirection(
	pair: HostPair,
	context: PairContext,
	runtime: PairRuntime,
	reverse: boolean,
): Promise<StreamResult[]> {
	const {settings, emit, signal} = context;
	const {clientFacts, serverFacts} = runtime.test;
	const results: StreamResult[] = [];
	for (const streams of settings.streams) {
		if (signal?.aborted) break;
		let plan = planProcesses(streams, runtime.requested, clientFacts, serverFacts);
		const samples: TestSample[] = [];
		for (let repeat = 1; repeat <= settings.repeat && !signal?.aborted; repeat++) {
			const step = streamsStep(pair.placement, streams, repeat, settings, reverse);
			await runtime.servers.restartGone((text) => emit({type: 'note', text: `${pair.placement}: ${text}`}));
			const request = {
				streams,
				seconds: settings.durationSeconds,
				reverse,
				...(context.omitSeconds === undefined ? {} : {omitSeconds: context.omitSeconds}),
			};
			let outcome = await timed(
				context,
				step,
				async () => runTest(runtime.test, {...request, processes: plan.processes}),
				runtime.tx,
			);
			const wider =
				outcome.ok && outcome.sample.cpuBound && runtime.requested === 'auto'
					? escalate(streams, outcome.sample.processes, clientFacts, serverFacts)
					: null;
			if (wider !== null && !signal?.aborted) {
				emit({type: 'note', text: `${pair.placement}: ${step.label}: ${wider.why}`});
				plan = wider;
				outcome = await runTest(runtime.test, {...request, processes: plan.processes});
			}

			if (signal?.aborted) break;
			if (outcome.ok) {
				samples.push(outcome.sample);
				const figures = {kind: 'streams', gbps: outcome.sample.gbps, retransmits: outcome.sample.retransmits} as const;
				emit({type: 'step-done', stepId: step.id, figures, text: testText(outcome.sample)});
			} else {
				runtime.fail(step, outcome.error);
			}
		}

		const mode = {processes: plan.processes, iperf3: clientFacts.iperf3?.text ?? null, why: plan.why};
		if (samples.length > 0) results.push(resultFromSamples(streams, samples, mode));
	}

	return results;
}

export async function runPair(pair: HostPair, context: PairContext): Promise<PairResult> {
	const errors: string[] = [];
	const fail = (step: StepRef, message: string): void => {
		errors.push(`${step.label}: ${message}`);
		context.emit({type: 'step-failed', stepId: step.id, message});
	};
	const {runtime, hostSettings} = await preparePair(pair, context, fail);
	const measured = await measurePair(pair, context, runtime);
	return finishPair(pair, context, {...measured, errors, hostSettings});
}

/** Both hosts' facts and settings, the counters' devices, and the iperf3 servers launched (not yet up). */
async function preparePair(
	pair: HostPair,
	context: PairContext,
	fail: Fail,
): Promise<{runtime: PairRuntime; hostSettings: Measured['hostSettings']}> {
	const {settings, signal} = context;
	const [clientFacts, serverFacts, hostSettings] = await Promise.all([
		readHostFacts(context.provider, pair.client, signal),
		readHostFacts(context.provider, pair.server, signal),
		readPairSettings(context.provider, pair, signal),
	]);
	const requested = settings.processes ?? 'auto';
	// The route to the other host's device, looked up once while ping runs; a failure means "every interface".
	const tx: TxSource = {
		host: pair.client,
		device: resolveTxDevice(context.provider, pair.client, pair.server.address, signal),
	};
	const test: TestContext = {
		provider: context.provider,
		pair,
		basePort: context.port,
		signal,
		clientFacts,
		serverFacts,
		expectedGbps: (streams) => expectedGbps(streams, context.predicted ?? null, pair.published.gbps),
		devices: {client: tx.device, server: resolveTxDevice(context.provider, pair.server, pair.client.address, signal)},
		...(settings.congestionControl === undefined ? {} : {congestionControl: settings.congestionControl}),
	};
	// The servers are launched first and come up while ping measures the idle link (saves their start-up time).
	const count = maxProcesses(settings.streams, requested, clientFacts, serverFacts);
	const servers = startServers(context.provider, pair, context.port, count, signal);
	return {runtime: {test, servers, tx, fail, requested}, hostSettings};
}

/** What a pair measured, before its conclusion. */
type Measurements = Omit<Measured, 'errors' | 'hostSettings'>;

/** Ping, the servers up, each direction's tests, the sustained run; the servers stopped whatever happens. */
async function measurePair(pair: HostPair, context: PairContext, runtime: PairRuntime): Promise<Measurements> {
	const {settings, emit} = context;
	const aborted = (): boolean => context.signal?.aborted === true;
	const {servers} = runtime;
	let rtt: RttResult | null = null;
	let results: readonly StreamResult[] = [];
	let reverseResults: readonly StreamResult[] = [];
	let sustained: SustainedResult | null = null;
	try {
		rtt = await runPing(pair, context, runtime.fail);
		if (!aborted()) await serversUp(pair, context, servers);
		results = await runDirection(pair, context, runtime, false);
		if (settings.reverse && !aborted()) reverseResults = await runDirection(pair, context, runtime, true);
		if (!aborted() && settings.sustainedSeconds !== null) {
			await servers.restartGone((text) => emit({type: 'note', text: `${pair.placement}: ${text}`}));
			sustained = await runSustained(pair, context, runtime, settings.sustainedSeconds);
		}
	} catch (error: unknown) {
		if (!aborted()) runtime.fail(serverStep(pair.placement), messageOf(error));
	} finally {
		await servers.stop();
	}

	return {results, reverseResults, rtt, sustained};
}

/** The servers' step: done once every server listens, with the ports it took. */
async function serversUp(pair: HostPair, context: PairContext, servers: ServerSet): Promise<void> {
	const step = serverStep(pair.placement);
	await timed(context, step, async () => servers.ready());
	const ports =
		servers.ports.length === 1 ? String(context.port) : `${context.port}-${context.port + servers.ports.length - 1}`;
	const text = `listening on ${pair.server.address}:${ports}`;
	context.emit({type: 'step-done', stepId: step.id, figures: {kind: 'none'}, text});
}

interface Measured {
	readonly results: readonly StreamResult[];
	readonly reverseResults: readonly StreamResult[];
	readonly rtt: RttResult | null;
	readonly sustained: SustainedResult | null;
	readonly errors: readonly string[];
	readonly hostSettings: {readonly client: HostSettings; readonly server: HostSettings};
}

/** The figures -> the pair: validity, sweep, limits, verdict, the prediction beside them (pair-conclusion.ts). */
function finishPair(pair: HostPair, context: PairContext, measured: Measured): PairResult {
	const {client, server} = measured.hostSettings;
	const modelled = context.predicted ?? null;
	const pathCheck = checkPath({
		...{cloud: context.cloud ?? cloudOf(context.provider.id), path: context.path ?? 'same-zone', enaExpress: false},
		...{sender: client, receiver: server, rtt: measured.rtt, predicted: modelled, results: measured.results},
	});
	const most = Math.max(1, ...context.settings.streams);
	const predicted = modelled && pathCheck ? heldToWindow(modelled, pathCheck, most) : modelled;
	const concluded = concludePair({
		results: measured.results,
		reverseResults: measured.reverseResults,
		predicted,
		publishedGbps: pair.published.gbps,
		settings: context.settings,
		windowGbps: pathCheck?.windowHolds ? pathCheck.windowGbps : null,
	});
	return {
		placement: pair.placement,
		published: {gbps: pair.published.gbps, kind: pair.published.kind},
		rtt: measured.rtt,
		sustained: measured.sustained,
		...(measured.errors.length > 0 ? {errors: measured.errors} : {}),
		...(pair.notes && pair.notes.length > 0 ? {notes: pair.notes} : {}),
		predicted,
		...concluded,
		hostSettings: measured.hostSettings,
		pathCheck,
	};
}

type Fail = (step: StepRef, message: string) => void;

async function runPing(pair: HostPair, context: PairContext, fail: Fail): Promise<RttResult | null> {
	const step = pingStep(pair.placement, context.settings);
	const timeoutMs =
		((step.durationSeconds ?? 0) * (fallbackPingIntervalSeconds / pingIntervalSeconds) + graceSeconds) * 1000;
	const ping = async (interval: number): Promise<ExecResult> => {
		const argv = [
			'ping',
			'-c',
			String(context.settings.pingCount),
			'-i',
			String(interval),
			'-W',
			'2',
			pair.server.address,
		];
		return execStep(context, pair.client, argv, timeoutMs);
	};

	const result = await timed(context, step, async () => {
		const fast = await ping(pingIntervalSeconds);
		// An older iputils refuses short intervals without root: "only super-user may set interval…".
		const refused = !/time[=<]/.test(fast.stdout) && /interval|super-user|flood/i.test(fast.stderr);
		return refused && !context.signal?.aborted ? ping(fallbackPingIntervalSeconds) : fast;
	});
	if (context.signal?.aborted) return null;
	const report = parsePing(result.stdout, result.stderr);
	if (!report.ok) {
		fail(step, report.error);
		return null;
	}

	const rtt: RttResult = {
		medianMs: round(report.medianMs, 3),
		avgMs: round(report.avgMs, 3),
		mdevMs: round(report.mdevMs, 3),
		minMs: round(report.minMs, 3),
		maxMs: round(report.maxMs, 3),
		lossPercent: round(report.lossPercent, 1),
		packets: report.transmitted,
	};
	const text = `median ${rtt.medianMs} ms, avg ${rtt.avgMs} ms, mdev ${rtt.mdevMs} ms`;
	context.emit({type: 'step-done', stepId: step.id, figures: {kind: 'ping', rtt}, text});
	return rtt;
}

async function runSustained(
	pair: HostPair,
	context: PairContext,
	runtime: PairRuntime,
	seconds: number,
): Promise<SustainedResult | null> {
	const step = sustainedStep(pair.placement, seconds);
	const request = {streams: 1, seconds, processes: 1, reverse: false};
	const outcome = await timed(context, step, async () => runTest(runtime.test, request), runtime.tx);
	if (context.signal?.aborted) return null;
	if (!outcome.ok) {
		runtime.fail(step, outcome.error);
		return null;
	}

	const sustained = analyseSustained(outcome.sample.intervals.map((interval) => interval.gbps));
	if (sustained === null) {
		runtime.fail(step, 'iperf3 reported no per-second intervals');
		return null;
	}

	const text = `${round(sustained.meanGbps, 3)} Gbps over ${sustained.seconds} s: ${sustained.verdictText}`;
	context.emit({type: 'step-done', stepId: step.id, figures: {kind: 'sustained', sustained}, text});
	return sustained;
}
