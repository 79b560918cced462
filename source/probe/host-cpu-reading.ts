// Reads a host's /proc/stat twice inside a test's measured seconds, through the provider's exec (a namespace
// in the lab, where both ends share the machine; SSH on a cloud). One exec per host, started with the iperf3
// clients: it sleeps past the omitted warm-up, reads, sleeps through the test, reads again before the end, so
// neither start-up nor the closing exchange dilutes the figure. A host without /proc/stat, or a failed read,
// gives null (unknown), never a guess.

import type {Host, Provider} from '../providers/provider.js';
import {type HostCpu, hostCpuBetween, parseProcStat} from './host-cpu.js';
import {omitSeconds} from './probe-plan.js';

const mark = '@@netplace-proc-stat@@';

/** When the window opens after the exec starts, and how long it stays open, seconds. */
export function cpuWindow(seconds: number, omit = omitSeconds): {readonly start: number; readonly length: number} {
	return {start: omit + 0.25, length: Math.max(0.5, seconds - 0.5)};
}

export function procStatArgv(seconds: number, omit = omitSeconds): string[] {
	const {start, length} = cpuWindow(seconds, omit);
	return ['sh', '-c', `sleep ${start}; cat /proc/stat; echo ${mark}; sleep ${length}; cat /proc/stat`];
}

/** The sampler's stdout -> the host's CPU between its two readings. */
export function parseProcStatPair(stdout: string): HostCpu | null {
	const split = stdout.indexOf(mark);
	if (split < 0) return null;
	return hostCpuBetween(parseProcStat(stdout.slice(0, split)), parseProcStat(stdout.slice(split + mark.length)));
}

export async function readHostCpu(
	provider: Provider,
	host: Host,
	seconds: number,
	signal: AbortSignal | undefined,
	omit = omitSeconds,
): Promise<HostCpu | null> {
	const {start, length} = cpuWindow(seconds, omit);
	try {
		const result = await provider.exec(host, procStatArgv(seconds, omit), {
			timeoutMs: (start + length + 15) * 1000,
			...(signal ? {signal} : {}),
		});
		return result.code === 0 ? parseProcStatPair(result.stdout) : null;
	} catch {
		return null;
	}
}
