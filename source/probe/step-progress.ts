// A step's progress while it runs: elapsed-time ticks, with the running Gbps from the client's transmit
// counters when a transmit source is given (iperf3 3.12 with -J prints nothing until the end).

import {round} from '../domain/stats.js';
import type {HostPair, Provider} from '../providers/provider.js';
import {startTxSampler} from './tx-sampler.js';
import type {ProbeEvent, StepRef} from './types.js';

export interface ProgressContext {
	readonly provider: Provider;
	readonly signal: AbortSignal | undefined;
	readonly emit: (event: ProbeEvent) => void;
	readonly txSampleEveryMs?: number;
}

/** Where a test's running Gbps comes from: the client's transmit counters on the device routing to the server. */
export interface TxSource {
	readonly host: HostPair['client'];
	readonly device: Promise<string | null>;
}

const progressEveryMs = 250;

/**
 * Emits elapsed-time progress for a step until stopped (iperf3 3.12 prints `-J` output only at the end), with
 * the running Gbps from the client's transmit counters when `tx` is given: each new sample is emitted at once.
 */
function progressTicker(context: ProgressContext, step: StepRef, tx?: TxSource): () => void {
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

export async function timed<T>(
	context: ProgressContext,
	step: StepRef,
	work: () => Promise<T>,
	tx?: TxSource,
): Promise<T> {
	context.emit({type: 'step-started', step});
	const stop = progressTicker(context, step, tx);
	try {
		return await work();
	} finally {
		stop();
	}
}
