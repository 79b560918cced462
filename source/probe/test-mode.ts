// How one test runs and whether the host bound it (pure): iperf3 before 3.16 runs every stream on one thread,
// so one process cannot use more than one core; the streams are then spread over several processes on several
// ports and summed (as PerfKitBenchmarker's cloudharmony harness and Google's image tests do). A test whose
// iperf3 used (nearly) all the CPU it could, or whose host had a core filled by packet work, measured the
// host, not the network.

import {type HostCpu, hostCpuText} from './host-cpu.js';
import {type Iperf3Cpu, type Iperf3Version, multiThreaded} from './iperf3-figures.js';

/**
 * A process at this share of the CPU it can use is CPU-bound. Not 90%: a one-threaded iperf3 whose peer runs
 * on the other core waits on it between writes, so it stops short of a full core while it still bounds the
 * test (measured in the lab, unshaped pair, iperf3 3.12 on 2 cores, 8 runs: 11.6 to 16.4 Gbps with the client
 * at 82% to 87% and neither core over 71%; with both ends on one core, 7.1 Gbps at a 99% busy core). A test a
 * limit bounds leaves iperf3 far below it (the same pair capped at 1 Gbit: 1.3% to 1.8%).
 */
export const cpuBoundShare = 0.75;

export interface HostFacts {
	readonly iperf3: Iperf3Version | null;
	/** `nproc`; null = unknown. */
	readonly cores: number | null;
}

/** Percent of one core one iperf3 process can use: its threads (streams from 3.16 on, else 1), at most the cores. */
export function processCapacity(version: Iperf3Version | null, streams: number, cores: number | null): number {
	const threads = multiThreaded(version) ? Math.max(1, streams) : 1;
	return 100 * Math.min(threads, cores ?? threads);
}

export interface ProcessCpu {
	readonly streams: number;
	readonly cpu: Iperf3Cpu | null;
}

/** Which end of a test was CPU-bound. */
export type CpuEnd = 'client' | 'server';

/** The busiest iperf3 process of `end` at cpuBoundShare of what it can use: "client iperf3 98% of 100% it can use"; else null. */
export function iperf3BoundText(
	processes: readonly ProcessCpu[],
	end: CpuEnd,
	facts: {readonly client: HostFacts; readonly server: HostFacts},
): string | null {
	for (const {streams, cpu} of processes) {
		if (cpu === null) continue;
		const used = end === 'client' ? cpu.hostTotal : cpu.remoteTotal;
		const cap = processCapacity(facts[end].iperf3, streams, facts[end].cores);
		if (used >= cpuBoundShare * cap)
			return `${end} iperf3 at ${Math.round(used)}% of the ${cap}% it can use (CPU-bound from ${Math.round(cpuBoundShare * 100)}%)`;
	}

	return null;
}

/** Whether any process of a test reached cpuBoundShare of what it could use on either end. */
export function cpuBound(processes: readonly ProcessCpu[], client: HostFacts, server: HostFacts): boolean {
	const facts = {client, server};
	return iperf3BoundText(processes, 'client', facts) !== null || iperf3BoundText(processes, 'server', facts) !== null;
}

export interface CpuVerdict {
	readonly bound: boolean;
	/** One line per reading that bound it, e.g. "client host: busiest core cpu1 100% (kernel 60%…)"; empty when not. */
	readonly why: readonly string[];
	/** The ends that were CPU-bound (empty when not). */
	readonly ends: readonly CpuEnd[];
}

/**
 * The CPU-bound flag, from two readings (either is enough):
 * - iperf3's own: a process at cpuBoundShare (75%) of the CPU it can use on either end (cpuBound above);
 * - the host's own (/proc/stat, host-cpu.ts): on either host a core >= 90% busy, softirq and irq included,
 *   of which >= 25% kernel time — the packet work iperf3's getrusage figure does not count — or all its cores
 *   >= 50% busy, half of it kernel time (a pair whose ends share the machine fills no one core) — unless the test
 *   `reached` the figure it was expected to reach (the model's or the published, see expectedGbps): then that
 *   limit bound it and the host, however busy (a shared lab machine's other programs), kept up.
 * An unread host (null) adds nothing: the flag then rests on iperf3's figure alone.
 */
export function cpuVerdict(
	processes: readonly ProcessCpu[],
	host: {readonly client: HostCpu | null; readonly server: HostCpu | null},
	facts: {readonly client: HostFacts; readonly server: HostFacts; readonly reached: boolean},
): CpuVerdict {
	const why: string[] = [];
	const ends: CpuEnd[] = [];
	for (const end of ['client', 'server'] as const) {
		const iperf3 = iperf3BoundText(processes, end, facts);
		const cpu = host[end];
		const hostText = !facts.reached && cpu?.saturated ? `${end} host: ${hostCpuText(cpu)}` : null;
		for (const text of [iperf3, hostText]) if (text !== null) why.push(text);
		if (iperf3 !== null || hostText !== null) ends.push(end);
	}

	return {bound: why.length > 0, why, ends};
}

/** A figure at this share of the expected one reached it (verdict.ts reads an aggregate the same way). */
export const reachedShare = 0.9;

/**
 * What `streams` streams are expected to reach: the model's min(aggregate, streams x single flow), else the
 * published bandwidth; null when neither is known.
 */
export function expectedGbps(
	streams: number,
	predicted: {readonly singleFlowGbps: number | null; readonly aggregateGbps: number | null} | null,
	publishedGbps: number | null,
): number | null {
	const single = predicted?.singleFlowGbps ?? null;
	const aggregate = predicted?.aggregateGbps ?? null;
	const figures = [aggregate, single === null ? null : single * streams].filter(
		(value): value is number => value !== null && value > 0,
	);
	if (figures.length > 0) return Math.min(...figures);
	return publishedGbps !== null && publishedGbps > 0 ? publishedGbps : null;
}

/** Splits `streams` over `processes` as evenly as possible (8 over 3 -> 3, 3, 2). */
export function splitStreams(streams: number, processes: number): number[] {
	const count = Math.max(1, Math.min(streams, processes));
	const base = Math.floor(streams / count);
	return Array.from({length: count}, (_, index) => base + (index < streams % count ? 1 : 0));
}

export interface ProcessPlan {
	readonly processes: number;
	readonly why: string;
}

const usableCores = (client: HostFacts, server: HostFacts): number =>
	Math.max(1, Math.min(client.cores ?? 1, server.cores ?? 1));

/** Processes for a test of `streams` streams before it runs. */
export function planProcesses(
	streams: number,
	requested: 'auto' | number,
	client: HostFacts,
	server: HostFacts,
): ProcessPlan {
	const version = client.iperf3?.text ?? 'unknown';
	if (requested !== 'auto') {
		const processes = Math.min(streams, requested);
		return {processes, why: `--processes ${requested}: ${processes} iperf3 process${processes === 1 ? '' : 'es'}`};
	}

	if (streams === 1) return {processes: 1, why: 'one stream: one iperf3 process'};
	const singleThreaded = !multiThreaded(client.iperf3) || !multiThreaded(server.iperf3);
	const cores = usableCores(client, server);
	if (singleThreaded && cores > 1) {
		const processes = Math.min(streams, cores);
		return {
			processes,
			why: `iperf3 ${version} runs all streams on one thread: ${processes} processes, one per core, summed`,
		};
	}

	if (singleThreaded) return {processes: 1, why: `iperf3 ${version}, one core: one process`};
	return {processes: 1, why: `iperf3 ${version} gives each stream a thread: one process`};
}

/** After a CPU-bound single-process test: the plan to run it again spread over the cores, or null. */
export function escalate(streams: number, ran: number, client: HostFacts, server: HostFacts): ProcessPlan | null {
	const processes = Math.min(streams, usableCores(client, server));
	if (ran !== 1 || processes <= 1) return null;
	return {processes, why: `one iperf3 process was CPU-bound: run again as ${processes} processes, summed`};
}

/** The most processes any test of the plan may need (servers are started for them once per pair). */
export function maxProcesses(
	streamCounts: readonly number[],
	requested: 'auto' | number,
	client: HostFacts,
	server: HostFacts,
): number {
	const most = Math.max(1, ...streamCounts);
	if (requested !== 'auto') return Math.min(most, requested);
	return Math.min(most, usableCores(client, server));
}
