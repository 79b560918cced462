// The shared retry policy: bounded attempts and total time, full jitter, an abort that cuts a pause short.

import {describe, expect, it} from 'vitest';
import {InterruptedError} from '../../../source/domain/errors.js';
import {backoffMs, isTransientSocketError, retryPolicy, withRetries} from '../../../source/providers/cloud/retry.js';

const transient = Object.assign(new Error('throttled'), {status: 429});
const permanent = Object.assign(new Error('bad request'), {status: 400});
const retryable = (error: unknown): boolean => (error as {status?: number}).status === 429;

describe('withRetries', () => {
	it('retries a transient failure through and gives the attempt number', async () => {
		const seen: number[] = [];
		const answer = await withRetries(
			async (attempt) => {
				seen.push(attempt);
				if (attempt < 3) throw transient;
				return 'ok';
			},
			{policy: retryPolicy({baseMs: 0}), retryable},
		);
		expect(answer).toBe('ok');
		expect(seen).toEqual([1, 2, 3]);
	});

	it('throws a permanent failure at once, as it was', async () => {
		let calls = 0;
		const run = withRetries(
			async () => {
				calls++;
				throw permanent;
			},
			{policy: retryPolicy({baseMs: 0}), retryable},
		);
		await expect(run).rejects.toBe(permanent);
		expect(calls).toBe(1);
	});

	it('stops after the policy attempts and throws the last error', async () => {
		let calls = 0;
		const run = withRetries(
			async () => {
				calls++;
				throw transient;
			},
			{policy: retryPolicy({baseMs: 0, attempts: 4}), retryable},
		);
		await expect(run).rejects.toBe(transient);
		expect(calls).toBe(4);
	});

	it('starts no pause that would end past the total time', async () => {
		let calls = 0;
		let clock = 0;
		const run = withRetries(
			async () => {
				calls++;
				clock += 50_000;
				throw transient;
			},
			// Pauses of 0 ms (random 0); the clock moves 50 s a call.
			{policy: retryPolicy({totalMs: 120_000}), retryable, now: () => clock, random: () => 0},
		);
		await expect(run).rejects.toBe(transient);
		// After calls 1 and 2 (50 s, 100 s) a pause fits; after the third 150 s have passed.
		expect(calls).toBe(3);
	});

	it('an abort cuts a backoff pause short with InterruptedError', async () => {
		const controller = new AbortController();
		let calls = 0;
		const run = withRetries(
			async () => {
				calls++;
				// The pause after this failure is up to an hour: only the abort can end it.
				queueMicrotask(() => controller.abort());
				throw transient;
			},
			{
				policy: retryPolicy({baseMs: 3_600_000, capMs: 3_600_000, totalMs: 10_000_000}),
				retryable,
				random: () => 0.9,
				signal: controller.signal,
			},
		);
		await expect(run).rejects.toBeInstanceOf(InterruptedError);
		expect(calls).toBe(1);
	});
});

describe('backoffMs (full jitter)', () => {
	it('draws from 0 up to the doubling ceiling, capped', () => {
		const policy = retryPolicy({baseMs: 1000, capMs: 5000});
		expect(backoffMs(policy, 1, () => 0.999)).toBe(999);
		expect(backoffMs(policy, 2, () => 0.5)).toBe(1000);
		expect(backoffMs(policy, 3, () => 0.999)).toBe(3996);
		expect(backoffMs(policy, 10, () => 0.999)).toBe(4995);
		expect(backoffMs(policy, 4, () => 0)).toBe(0);
	});
});

describe('isTransientSocketError', () => {
	it('reads the code of the error or its cause', () => {
		expect(isTransientSocketError(Object.assign(new Error('socket hang up'), {code: 'ECONNRESET'}))).toBe(true);
		expect(isTransientSocketError(new Error('fetch failed', {cause: {code: 'ETIMEDOUT'}}))).toBe(true);
		expect(isTransientSocketError(Object.assign(new Error('nope'), {code: 'ENOENT'}))).toBe(false);
	});
});
