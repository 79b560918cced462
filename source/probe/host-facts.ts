// What the probe must know about each host before it plans a test: the iperf3 version (`iperf3 --version`:
// before 3.16 one process runs every stream on one thread) and the core count (`nproc`). Read once per pair,
// through the provider (a namespace in the lab, SSH on a cloud). A failure leaves the fact unknown (null).

import type {Host, Provider} from '../providers/provider.js';
import {parseIperf3Version} from './iperf3-figures.js';
import type {HostFacts} from './test-mode.js';

const factTimeoutMs = 10_000;

async function once(
	provider: Provider,
	host: Host,
	argv: readonly string[],
	signal?: AbortSignal,
): Promise<string | null> {
	try {
		const result = await provider.exec(host, argv, {timeoutMs: factTimeoutMs, ...(signal ? {signal} : {})});
		return result.code === 0 ? `${result.stdout}\n${result.stderr}` : null;
	} catch {
		return null;
	}
}

/**
 * A fact read twice before it is left unknown: an unknown iperf3 version or core count plans one process for
 * eight streams, so one slow SSH exec on a busy host (seen in the lab at load 18) must not decide the mode.
 */
async function output(
	provider: Provider,
	host: Host,
	argv: readonly string[],
	signal?: AbortSignal,
): Promise<string | null> {
	const first = await once(provider, host, argv, signal);
	return first !== null || signal?.aborted ? first : once(provider, host, argv, signal);
}

export async function readHostFacts(provider: Provider, host: Host, signal?: AbortSignal): Promise<HostFacts> {
	const [version, nproc] = await Promise.all([
		output(provider, host, ['iperf3', '--version'], signal),
		output(provider, host, ['nproc'], signal),
	]);
	const cores = nproc === null ? Number.NaN : Number.parseInt(nproc.trim(), 10);
	return {
		iperf3: version === null ? null : parseIperf3Version(version),
		cores: Number.isInteger(cores) && cores > 0 ? cores : null,
	};
}
