// Which Compute answers are retried (retrying-clients.ts), in the HTTP statuses the fakes give and the gRPC
// codes gax gives; on reads, what gax already retried (gRPC UNAVAILABLE, DEADLINE_EXCEEDED) is left to it.

import {describe, expect, it} from 'vitest';
import {
	isGcpFreshReadRetryable,
	isGcpInUse,
	isGcpReadRetryable,
	isGcpRetryable,
	readableGcpError,
} from '../../../source/providers/gcp/retrying-clients.js';

const answer = (code: number, message = 'x', reason?: string) => Object.assign(new Error(message), {code, reason});

describe('isGcpRetryable', () => {
	it('retries throttling, rate limits, 5xx and reset connections', () => {
		for (const code of [429, 500, 502, 503, 504, 4, 8, 13, 14])
			expect(isGcpRetryable(answer(code)), `${code}`).toBe(true);
		expect(isGcpRetryable(answer(403, 'Rate Limit Exceeded', 'rateLimitExceeded'))).toBe(true);
		expect(isGcpRetryable(answer(7, 'Rate Limit Exceeded'))).toBe(true);
		expect(isGcpRetryable(Object.assign(new Error('socket hang up'), {code: 'ECONNRESET'}))).toBe(true);
	});

	it('does not retry denied, missing, conflicting or bad requests', () => {
		for (const code of [400, 403, 404, 409, 3, 5, 6, 7, 10])
			expect(isGcpRetryable(answer(code)), `${code}`).toBe(false);
	});

	it('on reads leaves the gRPC codes UNAVAILABLE and DEADLINE_EXCEEDED to gax, retries the HTTP 503/504 it never retries', () => {
		for (const code of [14, 4]) expect(isGcpReadRetryable(answer(code)), `${code}`).toBe(false);
		for (const code of [429, 500, 503, 504, 8, 13]) expect(isGcpReadRetryable(answer(code)), `${code}`).toBe(true);
	});

	it('after an insert of ours, a 404 is retried too; in use is read from the reason, the REST JSON and the operation error', () => {
		for (const code of [404, 5, 503]) expect(isGcpFreshReadRetryable(answer(code)), `${code}`).toBe(true);
		for (const code of [400, 403, 409]) expect(isGcpFreshReadRetryable(answer(code)), `${code}`).toBe(false);
		const rest = readableGcpError(
			answer(
				400,
				JSON.stringify({
					error: {
						code: 400,
						status: 'INVALID_ARGUMENT',
						message: "The resource_policy resource 'p' is already being used by 'i'",
						errors: [{reason: 'resourceInUseByAnotherResource'}],
					},
				}),
			),
		);
		expect(isGcpInUse(rest)).toBe(true);
		expect(isGcpInUse(new Error("RESOURCE_IN_USE_BY_ANOTHER_RESOURCE: The resource_policy resource 'p'"))).toBe(true);
		expect(isGcpInUse(answer(400, 'Invalid value for field', 'invalid'))).toBe(false);
	});
});
