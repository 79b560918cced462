// Running Gbps while an iperf3 client runs (iperf3 3.12 with -J prints nothing until the test ends): the
// client host's transmit byte counters, read through the provider (`cat /proc/net/dev`: argv, never a shell;
// in a lab namespace it shows that namespace's devices, over SSH the remote host's).
// Overhead: one short exec a second (about 2 KB of output; a process spawn locally, one SSH channel on a
// cloud), at most one in flight, none after the test ends.

import type {Host, Provider} from '../providers/provider.js';
import {type NetDevSnapshot, parseNetDev, routeDevice, txGbps} from './net-dev.js';

export const txSampleEveryMs = 1000;
/** A sample that takes longer than this is dropped (its counters would be stale). */
const sampleTimeoutMs = 3000;
/** After this many failed samples in a row, a test stays time-only. */
const maxFailures = 3;

/**
 * The device that routes from `host` to `address` (`ip route get`, once per pair), or null when that fails:
 * the sampler then sums every non-loopback interface.
 */
export async function resolveTxDevice(
	provider: Provider,
	host: Host,
	address: string,
	signal?: AbortSignal,
): Promise<string | null> {
	try {
		const result = await provider.exec(host, ['ip', 'route', 'get', address], {
			timeoutMs: sampleTimeoutMs,
			...(signal ? {signal} : {}),
		});
		return result.code === 0 ? routeDevice(result.stdout) : null;
	} catch {
		return null;
	}
}

export interface TxSamplerOptions {
	readonly provider: Provider;
	readonly host: Host;
	/** From resolveTxDevice. */
	readonly device: Promise<string | null>;
	readonly signal?: AbortSignal;
	readonly everyMs?: number;
	/** Gbps over the last interval, or null after a failed sample (progress is then time-only). */
	readonly onGbps: (gbps: number | null) => void;
}

/**
 * Samples until the returned stop() (or the signal): the first sample is a baseline, each later one reports
 * the Gbps since the previous. stop() aborts a sample in flight and discards anything that arrives after it.
 * Failed samples are ignored (the next good one is a fresh baseline); nothing here throws.
 */
export function startTxSampler(options: TxSamplerOptions): () => void {
	const everyMs = options.everyMs ?? txSampleEveryMs;
	const controller = new AbortController();
	const stop = (): void => controller.abort();
	options.signal?.addEventListener('abort', stop, {once: true});
	let timer: NodeJS.Timeout | undefined;
	let previous: {readonly snapshot: NetDevSnapshot; readonly atMs: number} | null = null;
	let failures = 0;

	const read = async (): Promise<{readonly snapshot: NetDevSnapshot; readonly atMs: number} | null> => {
		const sent = performance.now();
		try {
			const result = await options.provider.exec(options.host, ['cat', '/proc/net/dev'], {
				signal: controller.signal,
				timeoutMs: sampleTimeoutMs,
			});
			const snapshot = result.code === 0 ? parseNetDev(result.stdout) : new Map();
			// The counters were read somewhere in the round trip: its midpoint is the best estimate.
			return snapshot.size > 0 ? {snapshot, atMs: (sent + performance.now()) / 2} : null;
		} catch {
			return null;
		}
	};

	const sample = async (): Promise<void> => {
		const device = await options.device.catch(() => null);
		if (controller.signal.aborted) return;
		const began = performance.now();
		const current = await read();
		if (controller.signal.aborted) return;
		if (current === null) {
			failures++;
			previous = null;
			options.onGbps(null);
		} else {
			failures = 0;
			if (previous !== null) {
				const gbps = txGbps(previous.snapshot, current.snapshot, current.atMs - previous.atMs, device);
				options.onGbps(gbps);
			}

			previous = current;
		}

		if (failures >= maxFailures) return;
		timer = setTimeout(() => void sample().catch(() => undefined), Math.max(0, everyMs - (performance.now() - began)));
		timer.unref();
	};

	void sample().catch(() => undefined);
	return () => {
		clearTimeout(timer);
		stop();
		options.signal?.removeEventListener('abort', stop);
	};
}
