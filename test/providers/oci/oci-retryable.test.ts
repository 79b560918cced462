// Which OCI answers are retried (retrying-clients.ts): throttling, IncorrectState, 5xx and lost connections;
// never "Out of host capacity." (the launch moves AD) nor a client error.

import {describe, expect, it} from 'vitest';
import {
	isOciDeleteRetryable,
	isOciFreshReadRetryable,
	isOciRetryable,
} from '../../../source/providers/oci/retrying-clients.js';
import {ociError} from './fake-oci.js';

describe('isOciRetryable', () => {
	it('retries throttling, a resource between states, 5xx and a reset connection', () => {
		expect(isOciRetryable(ociError(429, 'TooManyRequests', 'Too many requests for the user'))).toBe(true);
		expect(isOciRetryable(ociError(409, 'IncorrectState', 'The subnet is being updated'))).toBe(true);
		for (const status of [500, 502, 503, 504])
			expect(isOciRetryable(ociError(status, 'InternalError', 'x'))).toBe(true);
		expect(isOciRetryable({code: 'ECONNRESET', message: 'socket hang up'})).toBe(true);
	});

	it('does not retry host capacity, conflicts, missing resources or bad requests', () => {
		expect(isOciRetryable(ociError(500, 'InternalError', 'Out of host capacity.'))).toBe(false);
		expect(isOciRetryable(ociError(409, 'Conflict', 'The subnet is in use'))).toBe(false);
		expect(isOciRetryable(ociError(404, 'NotAuthorizedOrNotFound', 'not found'))).toBe(false);
		expect(isOciRetryable(ociError(400, 'LimitExceeded', 'standard-a1-core-count'))).toBe(false);
	});

	it('on a delete also retries 409 Conflict (a dependent still going); on a read of what was just made, also a 404', () => {
		expect(isOciDeleteRetryable(ociError(409, 'Conflict', 'The Subnet references a VNIC.'))).toBe(true);
		expect(isOciDeleteRetryable(ociError(404, 'NotAuthorizedOrNotFound', 'not found'))).toBe(false);
		expect(isOciFreshReadRetryable(ociError(404, 'NotAuthorizedOrNotFound', 'not found'))).toBe(true);
		expect(isOciFreshReadRetryable(ociError(409, 'Conflict', 'in use'))).toBe(false);
		expect(isOciFreshReadRetryable(ociError(400, 'InvalidParameter', 'bad'))).toBe(false);
	});
});
