// The one retry policy the cloud providers share: bounded attempts and total time, exponential backoff with
// full jitter (a pause drawn uniformly from 0 to min(cap, base * 2^(attempt-1)): AWS Architecture Blog,
// "Exponential Backoff And Jitter", the scheme the AWS SDKs and Google's client libraries use), and an abort
// signal that cuts a pause short. What is worth retrying is each cloud's own call (aws/, gcp/, oci/
// `retryable-*.ts`); this module knows nothing about any cloud.
//
// Which layer retries what, so nothing is retried twice blindly:
// - AWS: the SDK's standard strategy is set to one attempt (aws-client.ts, quota.ts); this layer retries with
//   the SDK's own classification (aws/retrying-client.ts), and the eventual-consistency codes apart.
// - OCI: the SDK retries nothing for Core calls and 8 times for Cluster Placement Groups calls unless a
//   client says otherwise; every client is built with one attempt (oci/clients.ts): this is the only layer.
// - GCP: gax retries idempotent reads (get/list) on UNAVAILABLE and DEADLINE_EXCEEDED itself and nothing
//   else (compute v1 `*_client_config.json`); this layer retries every other transient answer, and those two
//   only on inserts, deletes and operation waits (gcp/retrying-clients.ts).

import {setTimeout as delay} from 'node:timers/promises';
import {InterruptedError} from '../../domain/errors.js';

export interface RetryPolicy {
	/** Calls in all, the first included. */
	readonly attempts: number;
	/** The first backoff's ceiling, ms; each next one doubles. */
	readonly baseMs: number;
	/** No backoff's ceiling above this, ms. */
	readonly capMs: number;
	/** No pause starts that would end past this much time since the first call, ms. */
	readonly totalMs: number;
}

/** Six calls, backoff ceilings 1, 2, 4, 8, 16 s (capped at 20 s), at most two minutes in all. */
export const defaultRetryPolicy: RetryPolicy = {attempts: 6, baseMs: 1000, capMs: 20_000, totalMs: 120_000};

export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
	return {...defaultRetryPolicy, ...overrides};
}

/** Full jitter: uniform in [0, min(cap, base * 2^(attempt-1))). `attempt` is the call that just failed (1-based). */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
	const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
	return Math.floor(random() * ceiling);
}

export interface RetryOptions {
	readonly policy: RetryPolicy;
	/** True when the error is transient (throttling, 5xx, a reset connection): worth another call. */
	readonly retryable: (error: unknown) => boolean;
	/** Cuts a pause short (InterruptedError); not checked before the first call. */
	readonly signal?: AbortSignal | undefined;
	readonly random?: () => number;
	readonly now?: () => number;
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
	if (signal?.aborted) throw new InterruptedError();
	if (ms <= 0) return;
	try {
		await delay(ms, undefined, signal ? {signal} : {});
	} catch {
		throw new InterruptedError();
	}
}

/**
 * Runs `work` until it succeeds, fails with an error that is not retryable, runs out of attempts, or the next
 * pause would pass the total time; then the last error is thrown as it was. `work` gets the attempt number.
 * Work that creates something must be idempotent across attempts (an idempotency token made once, outside).
 */
export async function withRetries<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
	const now = options.now ?? Date.now;
	const started = now();
	for (let attempt = 1; ; attempt++) {
		try {
			return await work(attempt);
		} catch (error: unknown) {
			if (error instanceof InterruptedError || attempt >= options.policy.attempts || !options.retryable(error)) {
				throw error;
			}

			const wait = backoffMs(options.policy, attempt, options.random);
			if (now() - started + wait > options.policy.totalMs) throw error;
			await pause(wait, options.signal);
		}
	}
}

/** Node's socket-level failures a repeated call can get past (the request may or may not have arrived). */
const transientSocketCodes = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'EPIPE',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
	'ECONNABORTED',
	'UND_ERR_SOCKET',
	'UND_ERR_CONNECT_TIMEOUT',
]);

/** A reset, refused or timed-out connection, by the `code` Node (or undici) gives it, or its cause's. */
export function isTransientSocketError(error: unknown): boolean {
	for (let layer = error, depth = 0; typeof layer === 'object' && layer !== null && depth < 4; depth++) {
		const code = (layer as {code?: unknown}).code;
		if (typeof code === 'string' && transientSocketCodes.has(code)) return true;
		layer = (layer as {cause?: unknown}).cause;
	}

	return false;
}

/** HTTP statuses every cloud documents as "try again": throttled, and the server-side 5xx that are not final. */
export function isTransientStatus(status: unknown): boolean {
	return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}
