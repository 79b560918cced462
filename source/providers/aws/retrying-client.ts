// EC2 calls through the shared retry policy (cloud/retry.ts). What is transient is the SDK's own reading
// (@smithy/core/retry, the classification its standard retry strategy uses): throttling (RequestLimitExceeded,
// Throttling, … or 429), transient errors (timeouts, reset or refused connections, 500/502/503/504, clock
// skew corrected) and other 5xx. The SDK's own strategy is set to one attempt (aws-client.ts makeEc2Client),
// so each call is retried in this one place; the eventual-consistency codes (InvalidGroup.NotFound right
// after a create, …) are retried apart, by callRetrying, with the same policy.
//
// RunInstances carries a ClientToken made once per call, before its first attempt: "If you repeat a request
// with the same client token, the same response is returned" (EC2 API guide, "Ensure idempotency"), so a
// repeat after a lost answer returns the instances it launched instead of launching more. The SDK would fill
// one in itself, but afresh each time the command is sent. The other creates netplace calls take no token.

import {randomUUID} from 'node:crypto';
import {RunInstancesCommand} from '@aws-sdk/client-ec2';
import {isServerError, isThrottlingError, isTransientError} from '@smithy/core/retry';
import {type RetryPolicy, withRetries} from '../cloud/retry.js';

/**
 * Capacity answers (500 InsufficientInstanceCapacity, InsufficientHostCapacity): the launch path moves the
 * pair to the next zone at once, as AWS advises; the same call in the same zone is not worth repeating.
 */
const capacityCodes = new Set(['InsufficientInstanceCapacity', 'InsufficientHostCapacity']);

/** True for an EC2 answer (or no answer) worth the same call again after a pause. */
export function isAwsRetryable(error: unknown): boolean {
	if (typeof error !== 'object' || error === null) return false;
	if (capacityCodes.has(String((error as {name?: unknown}).name))) return false;
	const sdkError = error as Parameters<typeof isThrottlingError>[0];
	return isThrottlingError(sdkError) || isTransientError(sdkError) || isServerError(sdkError);
}

/**
 * The same client (EC2, Service Quotas), every `send` retried under `policy`. `signal` cuts a pause short:
 * give it while provisioning, never for teardown (a run torn down after Ctrl-C still retries its deletes).
 */
export function retryingAwsClient<C extends object>(client: C, policy: RetryPolicy, signal?: AbortSignal): C {
	return new Proxy(client, {
		get(target, property, receiver) {
			const value: unknown = Reflect.get(target, property, receiver);
			if (property !== 'send' || typeof value !== 'function') return value;
			const send = value as (command: unknown, options?: unknown) => Promise<unknown>;
			return async (command: unknown, options?: unknown) => {
				if (command instanceof RunInstancesCommand && command.input.ClientToken === undefined) {
					command.input.ClientToken = randomUUID();
				}

				return withRetries(async () => send.call(target, command, options), {
					policy,
					retryable: isAwsRetryable,
					signal,
				});
			};
		},
	});
}
