// An imported iperf3 test's CPU figures read by the probe's own rule (test-mode.ts): a process at 75% of the CPU
// it can use on either end measured its host. The file names neither end's core count, so a process can use
// one core per thread (one thread before iperf3 3.16, one per stream from it); the peer's iperf3 is taken to be
// the same version (the file names only the client's). Pure.

import type {ImportedCpu} from '../domain/imported.js';
import type {Iperf3Cpu, Iperf3Version} from './iperf3-figures.js';
import {type HostFacts, iperf3BoundText} from './test-mode.js';

export function importedCpu(cpu: Iperf3Cpu | null, version: Iperf3Version | null, streams: number): ImportedCpu | null {
	if (cpu === null) return null;
	const facts: HostFacts = {iperf3: version, cores: null};
	const processes = [{streams, cpu}];
	const both = {client: facts, server: facts};
	const boundBy = iperf3BoundText(processes, 'client', both) ?? iperf3BoundText(processes, 'server', both);
	return {clientPercent: cpu.hostTotal, serverPercent: cpu.remoteTotal, boundBy};
}
