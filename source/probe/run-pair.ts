// One host pair's tests: the iperf3 server once, every stream count x repeat, ping, the optional sustained
// run, the server stopped. Failed tests are reported (step-failed) and the pair goes on; an abort stops it.

import {messageOf} from '../errors.js';
import type {BackgroundProcess, ExecResult, HostPair, Provider} from '../providers/provider.js';
import {aggregateSamples, percentOfPublished, perFlowCeiling, type StreamSample} from './aggregate.js';
import {type Iperf3Report, parseIperf3} from './iperf3-parse.js';
import {iperf3ServerArgv, waitUntilListening} from './iperf3-server.js';
import {parsePing} from './ping-parse.js';
import {
	fallbackPingIntervalSeconds,
	omitSeconds,
	pingIntervalSeconds,
	pingStep,
	serverStep,
	streamsStep,
	sustainedStep,
} from './probe-plan.js';
import {round} from './stats.js';
import {analyseSustained} from './sustained.js';
import {resolveTxDevice, startTxSampler} from './tx-sampler.js';
import type {
	PairResult,
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
}

/** Where a test's running Gbps comes from: the client's transmit counters on the device routing to the server. */
interface TxSource {
	readonly host: HostPair['client'];
	readonly device: Promise<string | null>;
}

/** Extra seconds an iperf3 client or ping may take beyond its nominal length before it is killed. */
const graceSeconds = 30;
const progressEveryMs = 250;

/**
 * Emits elapsed-time progress for a step until stopped (iperf3 3.12 prints `-J` output only at the end), with
 * the running Gbps from the client's transmit counters when `tx` is given: each new sample is emitted at once.
 */
function progressTicker(context: PairContext, step: StepRef, tx?: TxSource): () => void {
	const seconds = step.durationSeconds ?? 0;
	if (seconds <= 0) return () => undefined;
	const started = Date.now();
	let gbps: number | null = null;
	const tick = (): void => {
		const fraction = Math.min(0.99, (Date.now() - started) / 1000 / seconds);
		context.emit({type: 'progress', stepId: step.id, fraction, gbps});
	};

	const timer = setInterval(tick, progressEveryMs);
	timer.unref();
	const stopSampler = tx
		? startTxSampler({
				provider: context.provider,
				host: tx.host,
				device: tx.device,
				...(context.signal ? {signal: context.signal} : {}),
				...(context.txSampleEveryMs === undefined ? {} : {everyMs: context.txSampleEveryMs}),
				onGbps(value) {
					gbps = value === null ? null : round(value, 3);
					if (gbps !== null) tick();
				},
			})
		: () => undefined;
	return () => {
		stopSampler();
		clearInterval(timer);
	};
}

async function timed<T>(context: PairContext, step: StepRef, work: () => Promise<T>, tx?: TxSource): Promise<T> {
	context.emit({type: 'step-started', step});
	const stop = progressTicker(context, step, tx);
	try {
		return await work();
	} finally {
		stop();
	}
}

function iperf3Client(pair: HostPair, context: PairContext, streams: number, seconds: number): string[] {
	return [
		'iperf3',
		'-c',
		pair.server.address,
		'-p',
		String(context.port),
		'-P',
		String(streams),
		'-t',
		String(seconds),
		'-O',
		String(omitSeconds),
		'-i',
		'1',
		'-J',
	];
}

/**
 * exec, with a thrown failure (a timeout, a lost SSH session) turned into a result iperf3/ping parsing reports
 * as this step's failure. An abort is rethrown: the run is stopping.
 */
async function execStep(
	context: PairContext,
	host: HostPair['client'],
	argv: readonly string[],
	timeoutMs: number,
): Promise<ExecResult> {
	try {
		return await context.provider.exec(host, argv, {timeoutMs, ...(context.signal ? {signal: context.signal} : {})});
	} catch (error: unknown) {
		if (context.signal?.aborted) throw error;
		return {code: null, stdout: '', stderr: messageOf(error)};
	}
}

async function runClient(
	pair: HostPair,
	context: PairContext,
	streams: number,
	seconds: number,
): Promise<Iperf3Report> {
	const argv = iperf3Client(pair, context, streams, seconds);
	const timeoutMs = (seconds + omitSeconds + graceSeconds) * 1000;
	let result = await execStep(context, pair.client, argv, timeoutMs);
	let report = parseIperf3(result.stdout, result.stderr, result.code);
	// The server may still be closing the previous test: one retry after a short pause.
	if (!report.ok && report.error.includes('server is busy') && !context.signal?.aborted) {
		await new Promise((resolve) => setTimeout(resolve, 1000));
		result = await execStep(context, pair.client, argv, timeoutMs);
		report = parseIperf3(result.stdout, result.stderr, result.code);
	}

	return report;
}

export async function runPair(pair: HostPair, context: PairContext): Promise<PairResult> {
	const {settings, emit, signal} = context;
	const placement = pair.placement;
	const errors: string[] = [];
	const fail = (step: StepRef, message: string): void => {
		errors.push(`${step.label}: ${message}`);
		emit({type: 'step-failed', stepId: step.id, message});
	};

	const results: StreamResult[] = [];
	let rtt: RttResult | null = null;
	let sustained: SustainedResult | null = null;
	let server: BackgroundProcess | null = null;
	const aborted = (): boolean => signal?.aborted === true;
	let serverGone = false;
	const watch = (started: BackgroundProcess): void => {
		server = started;
		serverGone = false;
		const gone = (): void => {
			if (server === started) serverGone = true;
		};

		started.exited.then(gone, gone);
	};

	/** A server that died (e.g. "the server has terminated") is started again before the next test. */
	const restartIfGone = async (): Promise<void> => {
		if (!serverGone || aborted()) return;
		emit({type: 'note', text: `${placement}: the iperf3 server on ${pair.server.name} exited; starting it again`});
		const next = await context.provider.startBackground(pair.server, iperf3ServerArgv(context.port));
		watch(next);
		await waitUntilListening(context.provider, pair.server, context.port, next, signal);
	};

	// The route to the server's device, looked up once while ping runs; a failure means "every interface".
	const tx: TxSource = {
		host: pair.client,
		device: resolveTxDevice(context.provider, pair.client, pair.server.address, signal),
	};
	// The server is launched first and comes up while ping measures the idle link (saves its start-up time).
	const launched = context.provider.startBackground(pair.server, iperf3ServerArgv(context.port));
	launched.then(watch, () => undefined);
	try {
		rtt = await runPing(pair, context, fail);
		const step = serverStep(placement);
		if (!aborted()) {
			await timed(context, step, async () =>
				waitUntilListening(context.provider, pair.server, context.port, await launched, signal),
			);
			emit({
				type: 'step-done',
				stepId: step.id,
				figures: {kind: 'none'},
				text: `listening on ${pair.server.address}:${context.port}`,
			});
		}

		for (const streams of settings.streams) {
			if (aborted()) break;
			const samples: StreamSample[] = [];
			for (let repeat = 1; repeat <= settings.repeat && !aborted(); repeat++) {
				const test = streamsStep(placement, streams, repeat, settings);
				await restartIfGone();
				const report = await timed(
					context,
					test,
					async () => runClient(pair, context, streams, settings.durationSeconds),
					tx,
				);
				if (aborted()) break;
				if (report.ok) {
					samples.push({gbps: report.gbps, retransmits: report.retransmits});
					const text = `${round(report.gbps, 3)} Gbps, ${report.retransmits} retransmits`;
					emit({
						type: 'step-done',
						stepId: test.id,
						figures: {kind: 'streams', gbps: report.gbps, retransmits: report.retransmits},
						text,
					});
				} else {
					fail(test, report.error);
				}
			}

			if (samples.length > 0) results.push(aggregateSamples(streams, samples));
		}

		if (!aborted() && settings.sustainedSeconds !== null) await restartIfGone();
		if (!aborted() && settings.sustainedSeconds !== null)
			sustained = await runSustained(pair, context, settings.sustainedSeconds, fail, tx);
	} catch (error: unknown) {
		if (!aborted()) fail(serverStep(placement), messageOf(error));
	} finally {
		await launched.catch(() => undefined);
		await (server as BackgroundProcess | null)?.stop();
	}

	const ceiling = perFlowCeiling(results);
	return {
		placement,
		published: {gbps: pair.published.gbps, kind: pair.published.kind},
		results,
		rtt,
		perFlowCeiling: ceiling,
		percentOfPublished: percentOfPublished(results, pair.published.gbps),
		sustained,
		...(errors.length > 0 ? {errors} : {}),
		...(pair.notes && pair.notes.length > 0 ? {notes: pair.notes} : {}),
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
	seconds: number,
	fail: Fail,
	tx: TxSource,
): Promise<SustainedResult | null> {
	const step = sustainedStep(pair.placement, seconds);
	const report = await timed(context, step, async () => runClient(pair, context, 1, seconds), tx);
	if (context.signal?.aborted) return null;
	if (!report.ok) {
		fail(step, report.error);
		return null;
	}

	const sustained = analyseSustained(report.intervals.map((interval) => interval.gbps));
	if (sustained === null) {
		fail(step, 'iperf3 reported no per-second intervals');
		return null;
	}

	const text = `${round(sustained.meanGbps, 3)} Gbps over ${sustained.seconds} s: ${sustained.verdictText}`;
	context.emit({type: 'step-done', stepId: step.id, figures: {kind: 'sustained', sustained}, text});
	return sustained;
}
