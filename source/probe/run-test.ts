// One iperf3 test of a pair: its streams spread over k client processes on ports base..base+k-1 (run at once,
// summed), the provider's limit counters read on both hosts before and after (AWS: ENA allowances), and the
// figures that say what bound it (CPU per end, TCP RTT and retransmits per stream).

import {messageOf} from '../domain/errors.js';
import type {CongestionControl} from '../domain/types.js';
import {type AllowanceDeltas, allowanceDelta, type CounterReading} from '../providers/allowance-counters.js';
import type {ExecResult, HostPair, Provider} from '../providers/provider.js';
import {groupArgv, parseGroupOutput} from './client-group.js';
import type {HostCpu} from './host-cpu.js';
import {readHostCpu} from './host-cpu-reading.js';
import type {Iperf3Stream} from './iperf3-figures.js';
import {type Iperf3Interval, type Iperf3Report, parseIperf3} from './iperf3-parse.js';
import {omitSeconds} from './probe-plan.js';
import {type CpuVerdict, cpuVerdict, type HostFacts, type ProcessCpu, reachedShare, splitStreams} from './test-mode.js';

/** Extra seconds an iperf3 client may take beyond its nominal length before it is killed. */
export const graceSeconds = 30;

export interface TestContext {
	readonly provider: Provider;
	readonly pair: HostPair;
	readonly basePort: number;
	readonly signal: AbortSignal | undefined;
	readonly clientFacts: HostFacts;
	readonly serverFacts: HostFacts;
	/** What a test of this many streams is expected to reach (test-mode.ts expectedGbps); null = unknown. */
	readonly expectedGbps: (streams: number) => number | null;
	/** Each host's device towards the other (for the limit counters). */
	readonly devices: {readonly client: Promise<string | null>; readonly server: Promise<string | null>};
	/** `--cc`: the congestion control the sender runs (iperf3 -C); absent: the host's own. */
	readonly congestionControl?: CongestionControl;
}

export interface TestRequest {
	readonly streams: number;
	readonly seconds: number;
	readonly processes: number;
	readonly reverse: boolean;
	/** `-i 1` intervals (the sustained run). */
	readonly intervals?: boolean;
	/** iperf3 `-O` seconds (default omitSeconds). */
	readonly omitSeconds?: number;
}

/** One finished test, all processes summed. */
export interface TestSample {
	readonly gbps: number;
	readonly retransmits: number;
	readonly streamFigures: readonly Iperf3Stream[];
	readonly processCpu: readonly ProcessCpu[];
	/** Each host's own CPU over the test (/proc/stat), null where unread. */
	readonly hostCpu: {readonly client: HostCpu | null; readonly server: HostCpu | null};
	readonly cpuBound: boolean;
	/** Why the test was (or was not) CPU-bound, by which reading. */
	readonly cpuWhy: CpuVerdict['why'];
	/** The ends that were CPU-bound. */
	readonly cpuEnds: CpuVerdict['ends'];
	/** Seconds iperf3 measured (the shortest process; the omitted warm-up excluded). */
	readonly seconds: number;
	readonly allowance: AllowanceDeltas | null;
	readonly processes: number;
	readonly intervals: readonly Iperf3Interval[];
}

export type TestOutcome =
	| {readonly ok: true; readonly sample: TestSample}
	| {readonly ok: false; readonly error: string};

/**
 * exec, with a thrown failure (a timeout, a lost SSH session) turned into a result iperf3 parsing reports as
 * this test's failure. An abort is rethrown: the run is stopping.
 */
export async function execStep(
	context: {readonly provider: Provider; readonly signal: AbortSignal | undefined},
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

function clientArgv(context: TestContext, port: number, streams: number, request: TestRequest): string[] {
	return [
		'iperf3',
		'-c',
		context.pair.server.address,
		'-p',
		String(port),
		'-P',
		String(streams),
		'-t',
		String(request.seconds),
		'-O',
		String(request.omitSeconds ?? omitSeconds),
		'-i',
		'1',
		...(request.reverse ? ['-R'] : []),
		...(context.congestionControl === undefined ? [] : ['-C', context.congestionControl]),
		'-J',
	];
}

const busy = (report: Iperf3Report): boolean => !report.ok && report.error.includes('server is busy');

/** Every client of the test in one exec (one process: iperf3 itself; several: one shell starting them at once). */
async function runClients(
	context: TestContext,
	split: readonly number[],
	request: TestRequest,
): Promise<Iperf3Report[]> {
	const argvs = split.map((streams, index) => clientArgv(context, context.basePort + index, streams, request));
	const argv = argvs.length === 1 ? argvs[0]! : groupArgv(argvs);
	const timeoutMs = (request.seconds + (request.omitSeconds ?? omitSeconds) + graceSeconds) * 1000;
	const once = async (): Promise<Iperf3Report[]> => {
		const result = await execStep(context, context.pair.client, argv, timeoutMs);
		if (argvs.length === 1) return [parseIperf3(result.stdout, result.stderr, result.code)];
		return parseGroupOutput(result.stdout, result.stderr, argvs.length).map((out) =>
			parseIperf3(out.stdout, out.stderr, out.code),
		);
	};

	const reports = await once();
	// A server may still be closing the previous test: one retry of the whole test after a short pause.
	if (!reports.some(busy) || context.signal?.aborted) return reports;
	await new Promise((resolve) => setTimeout(resolve, 1000));
	return once();
}

const noCounters: CounterReading = {kind: 'none', reason: 'the provider reads no limit counters'};

async function readCounters(context: TestContext): Promise<{client: CounterReading; server: CounterReading}> {
	const read = context.provider.readLimitCounters;
	if (!read) return {client: noCounters, server: noCounters};
	const options = {timeoutMs: 10_000, ...(context.signal ? {signal: context.signal} : {})};
	const guarded = async (host: HostPair['client'], device: Promise<string | null>): Promise<CounterReading> => {
		try {
			return await read(host, await device, options);
		} catch (error: unknown) {
			return {kind: 'none', reason: messageOf(error)};
		}
	};

	const [client, server] = await Promise.all([
		guarded(context.pair.client, context.devices.client),
		guarded(context.pair.server, context.devices.server),
	]);
	return {client, server};
}

/** Per-second totals over processes (interval k of every process summed). */
function sumIntervals(reports: ReadonlyArray<Extract<Iperf3Report, {ok: true}>>): Iperf3Interval[] {
	const longest = Math.max(0, ...reports.map((report) => report.intervals.length));
	return Array.from({length: longest}, (_, index) => {
		const present = reports.map((report) => report.intervals[index]).filter((interval) => interval !== undefined);
		return {
			start: present[0]?.start ?? index,
			end: present[0]?.end ?? index + 1,
			gbps: present.reduce((sum, interval) => sum + interval.gbps, 0),
		};
	});
}

export async function runTest(context: TestContext, request: TestRequest): Promise<TestOutcome> {
	const split = splitStreams(request.streams, request.processes);
	const before = await readCounters(context);
	const {provider, pair, signal} = context;
	const [reports, clientCpu, serverCpu] = await Promise.all([
		runClients(context, split, request),
		readHostCpu(provider, pair.client, request.seconds, signal, request.omitSeconds),
		readHostCpu(provider, pair.server, request.seconds, signal, request.omitSeconds),
	]);
	const after = await readCounters(context);
	const failed = reports.find((report) => !report.ok);
	if (failed && !failed.ok) {
		const which = split.length > 1 ? ` (one of ${split.length} processes)` : '';
		return {ok: false, error: `${failed.error}${which}`};
	}

	const done = reports.filter((report): report is Extract<Iperf3Report, {ok: true}> => report.ok);
	const processCpu = done.map((report, index) => ({streams: split[index] ?? report.streams, cpu: report.cpu}));
	const client = allowanceDelta(before.client, after.client);
	const server = allowanceDelta(before.server, after.server);
	const hostCpu = {client: clientCpu, server: serverCpu};
	const gbps = done.reduce((sum, report) => sum + report.gbps, 0);
	const expected = context.expectedGbps(request.streams);
	const reached = expected !== null && gbps >= reachedShare * expected;
	const facts = {client: context.clientFacts, server: context.serverFacts, reached};
	const verdict = cpuVerdict(processCpu, hostCpu, facts);
	return {
		ok: true,
		sample: {
			gbps,
			retransmits: done.reduce((sum, report) => sum + report.retransmits, 0),
			streamFigures: done.flatMap((report) => report.streamFigures),
			processCpu,
			hostCpu,
			cpuBound: verdict.bound,
			cpuWhy: verdict.why,
			cpuEnds: verdict.ends,
			seconds: Math.min(...done.map((report) => report.seconds)),
			allowance: client === null && server === null ? null : {client, server},
			processes: split.length,
			intervals: sumIntervals(done),
		},
	};
}
