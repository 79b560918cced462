// How one test runs and whether the host bound it (pure): iperf3 before 3.16 runs every stream on one thread,
// so one process cannot use more than one core; the streams are then spread over several processes on several
// ports and summed (as PerfKitBenchmarker's cloudharmony harness and Google's image tests do). A test whose
// iperf3 used (nearly) all the CPU it could measured the host, not the network.

import {type Iperf3Cpu, type Iperf3Version, multiThreaded} from './iperf3-figures.js';

/** A process at this share of the CPU it can use is CPU-bound. */
export const cpuBoundShare = 0.9;

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

/** Whether any process of a test reached cpuBoundShare of what it could use on either end. */
export function cpuBound(processes: readonly ProcessCpu[], client: HostFacts, server: HostFacts): boolean {
	return processes.some(({streams, cpu}) => {
		if (cpu === null) return false;
		const clientCap = processCapacity(client.iperf3, streams, client.cores);
		const serverCap = processCapacity(server.iperf3, streams, server.cores);
		return cpu.hostTotal >= cpuBoundShare * clientCap || cpu.remoteTotal >= cpuBoundShare * serverCap;
	});
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
