// Compute and OS Login calls through the shared retry policy (cloud/retry.ts). What is transient, as Google
// documents it: 429 RESOURCE_EXHAUSTED, 403 rateLimitExceeded ("If your project exceeds a rate quota, you
// receive a 403 error with the reason rateLimitExceeded": Compute Engine rate quotas), 500 INTERNAL,
// 502, 503 UNAVAILABLE, 504 DEADLINE_EXCEEDED, and a request that never got an answer. gax errors carry the
// gRPC code (gax maps HTTP statuses to them: 429 -> 8, 5xx -> 13, 503 -> 14, 504 -> 4); both are read.
//
// Layers: gax itself retries get/list (its "idempotent" methods) on the gRPC codes UNAVAILABLE and
// DEADLINE_EXCEEDED, and nothing else (compute v1 *_client_config.json; operation `wait` is "non_idempotent"
// there). So on reads this layer leaves those two gRPC codes to gax and retries the rest (HTTP 503/504
// included: over REST gax never sees them as its codes); on inserts, deletes and operation waits it retries
// them all. An operation that ends DONE with an error (capacity, quota) is an answer, not retried.
//
// Two answers are retried only where they mean "not yet":
// - 404 notFound on the operation wait and the instances.get right after an insert this run made (Compute
//   is eventually consistent across its front ends): only the clients for those reads retry it
//   (`justCreated`); everywhere else a 404 means gone (teardown reads it so).
// - resourceInUseByAnotherResource on a resource policy's delete: the instance that used it is still being
//   deleted. Compute answers it as 400 `{"reason": "resourceInUseByAnotherResource"}` ("The resource_policy
//   resource '…' is already being used by '…'") or as the operation's error RESOURCE_IN_USE_BY_ANOTHER_RESOURCE;
//   either way the delete is made again (deleteWhenFree), bounded by the same policy.
//
// Every insert and delete carries a `requestId` (a UUID) made once per call, before its first attempt: "if
// you make a request with the same request ID, the server checks if the original operation with the same
// request ID was received, and if so, will ignore the second request" (Compute API reference, requestId),
// so a repeated insert returns the first one's operation instead of 409 alreadyExists.

import {randomUUID} from 'node:crypto';
import {isTransientSocketError, isTransientStatus, type RetryPolicy, withRetries} from '../cloud/retry.js';
import type {GcpClients} from './clients.js';

/** gRPC codes: DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, INTERNAL 13, UNAVAILABLE 14. */
const transientGrpc = new Set([4, 8, 13, 14]);
/**
 * What gax retries on its own for get/list: the gRPC codes UNAVAILABLE (14) and DEADLINE_EXCEEDED (4) only.
 * Over REST (compute's default transport) the error is gaxios's, its `code` the HTTP status (503, 504), which
 * those retry codes never match: a 503 on instances.get failed the run against the real client over HTTP
 * (test/providers/gcp/gcp-http.test.ts), so HTTP statuses are retried here.
 */
const gaxRetried = new Set([4, 14]);

function fieldsOf(error: unknown): {code?: unknown; reason?: unknown; message?: unknown} {
	return typeof error === 'object' && error !== null ? (error as {code?: unknown; reason?: unknown}) : {};
}

function isRateLimited(error: unknown): boolean {
	const {code, reason, message} = fieldsOf(error);
	if (code !== 403 && code !== 7) return false;
	return (
		reason === 'rateLimitExceeded' ||
		reason === 'userRateLimitExceeded' ||
		(typeof message === 'string' && /rate ?limit ?exceeded/i.test(message))
	);
}

/** True for a Compute / OS Login answer (or no answer) worth the same call again after a pause. */
export function isGcpRetryable(error: unknown): boolean {
	const {code} = fieldsOf(error);
	return (
		isTransientStatus(code) ||
		(typeof code === 'number' && transientGrpc.has(code)) ||
		isRateLimited(error) ||
		isTransientSocketError(error)
	);
}

/** The same, less what gax has already retried on a get/list. */
export function isGcpReadRetryable(error: unknown): boolean {
	const {code} = fieldsOf(error);
	return isGcpRetryable(error) && !(typeof code === 'number' && gaxRetried.has(code));
}

/**
 * Over REST, gaxios's error carries the answer's body as its message (`{"error":{"code":404,"message":"The
 * resource '…' was not found","status":"NOT_FOUND",…}}`), which would reach the user as raw JSON. The message
 * becomes the error's own words after its status ("NOT_FOUND 404: The resource '…' was not found"); the code,
 * status and everything else stay as they were (isNotFound and the retry test read them), and the first
 * `errors[].reason` becomes the error's `reason` where gax set none.
 */
export function readableGcpError(error: unknown): unknown {
	if (!(error instanceof Error) || !error.message.startsWith('{')) return error;
	let inner: {code?: unknown; status?: unknown; message?: unknown; errors?: Array<{reason?: unknown}>} | undefined;
	try {
		inner = (JSON.parse(error.message) as {error?: typeof inner}).error;
	} catch {
		return error;
	}

	if (typeof inner?.message !== 'string') return error;
	const label = [inner.status, inner.code].filter((part) => typeof part === 'string' || typeof part === 'number');
	error.message = label.length > 0 ? `${label.join(' ')}: ${inner.message}` : inner.message;
	// The reason (resourceInUseByAnotherResource, rateLimitExceeded) stays readable once the JSON is gone.
	const reason = inner.errors?.[0]?.reason;
	const fields = error as Error & {reason?: unknown};
	if (fields.reason === undefined && typeof reason === 'string') fields.reason = reason;
	return error;
}

/** A delete refused because another resource still uses this one (a policy its deleting instance holds). */
export function isGcpInUse(error: unknown): boolean {
	const {reason, message} = fieldsOf(error);
	return (
		reason === 'resourceInUseByAnotherResource' ||
		(typeof message === 'string' && /resourceInUseByAnotherResource|RESOURCE_IN_USE_BY_ANOTHER_RESOURCE/.test(message))
	);
}

/** On a read of what this run just made: what isGcpRetryable takes, and a 404 (HTTP, or gRPC NOT_FOUND 5). */
export function isGcpFreshReadRetryable(error: unknown): boolean {
	const {code} = fieldsOf(error);
	return isGcpRetryable(error) || code === 404 || code === 5;
}

/** `remove` (a delete and the wait on its operation) made again while the resource is still in use. */
export async function deleteWhenFree(policy: RetryPolicy, remove: () => Promise<void>): Promise<void> {
	await withRetries(remove, {policy, retryable: isGcpInUse});
}

export interface GcpRetryOptions {
	/** For the operation waits and reads that follow this run's own inserts: a 404 is retried too. */
	readonly justCreated?: boolean;
}

const reads = /^(get|list)/;
const takesRequestId = /^(insert|delete)$/;

function retryableFor(method: string, options: GcpRetryOptions): (error: unknown) => boolean {
	if (options.justCreated && /^(get|wait)$/.test(method)) return isGcpFreshReadRetryable;
	return reads.test(method) ? isGcpReadRetryable : isGcpRetryable;
}

function retrying<T extends object>(
	api: T,
	policy: RetryPolicy,
	signal: AbortSignal | undefined,
	options: GcpRetryOptions,
): T {
	return new Proxy(api, {
		get(target, property, receiver) {
			const value: unknown = Reflect.get(target, property, receiver);
			if (typeof value !== 'function' || typeof property !== 'string') return value;
			const call = value as (request: Record<string, unknown>) => Promise<unknown>;
			const retryable = retryableFor(property, options);
			return async (request: Record<string, unknown>) => {
				const sent =
					takesRequestId.test(property) && request.requestId === undefined
						? {...request, requestId: randomUUID()}
						: request;
				return withRetries(async () => call.call(target, sent), {policy, retryable, signal}).catch((error: unknown) => {
					throw readableGcpError(error);
				});
			};
		},
	});
}

/**
 * The same clients, every API call retried under `policy` (the account and credential checks are not API
 * calls: left as they are). `signal` cuts a pause short: give it while provisioning, never for teardown.
 */
export function retryingGcpClients(
	clients: GcpClients,
	policy: RetryPolicy,
	signal?: AbortSignal,
	options: GcpRetryOptions = {},
): GcpClients {
	const wrap = <T extends object>(api: T): T => retrying(api, policy, signal, options);
	return {
		...clients,
		instances: wrap(clients.instances),
		resourcePolicies: wrap(clients.resourcePolicies),
		firewalls: wrap(clients.firewalls),
		machineTypes: wrap(clients.machineTypes),
		zoneOperations: wrap(clients.zoneOperations),
		regionOperations: wrap(clients.regionOperations),
		globalOperations: wrap(clients.globalOperations),
		projects: wrap(clients.projects),
		regions: wrap(clients.regions),
		networks: wrap(clients.networks),
		subnetworks: wrap(clients.subnetworks),
		images: wrap(clients.images),
		osLogin: wrap(clients.osLogin),
	};
}
