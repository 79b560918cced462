// OCI calls through the shared retry policy (cloud/retry.ts). What is transient, as Oracle documents it
// ("API Errors", and the SDK's own DefaultRetryCondition): 429 TooManyRequests, 409 IncorrectState (the
// resource is between states), 500/502/503/504, and a request that never got an answer (a reset or
// refused connection). Not "Out of host capacity." (500 InternalError): a capacity answer the launch path
// reads to move the pair to the next availability domain, never worth the same call again.
//
// Two answers are retried only where they mean "not yet" (OCI API Errors, docs.oracle.com/iaas/Content/API/
// References/apierrors.htm):
// - 404 NotAuthorizedOrNotFound on a read of a resource this run has just created: OCI is eventually
//   consistent, and a get right after a create can miss it ("Retry: yes, with backoff" in the table). Only
//   the clients for those reads retry it (`justCreated`); everywhere else a 404 means gone or not allowed.
// - 409 Conflict on a delete: the table calls Conflict not transient, but a delete refused because a
//   dependent is still going (a subnet whose VNIC's instance is terminating) succeeds once it has gone; the
//   same policy bounds it, and a conflict that outlasts it is reported as left, with its delete command.
//
// Every create, launch and capture carries an `opc-retry-token` made once per call, before its first
// attempt: when an answer is lost and the call is repeated, OCI returns what the first attempt created
// instead of creating it twice ("Retry tokens", OCI API guide; tokens are kept for 24 hours). Deletes take
// no token and need none: a repeated delete of a resource already going answers 204 or 404, and
// lifecycle.ts reads a 404 back before taking it as gone.

import {randomUUID} from 'node:crypto';
import {isTransientSocketError, isTransientStatus, type RetryPolicy, withRetries} from '../cloud/retry.js';
import {isOutOfHostCapacity} from './capacity.js';
import type {OciClients} from './clients.js';

function fieldsOf(error: unknown): {statusCode?: unknown; serviceCode?: unknown} {
	return typeof error === 'object' && error !== null ? (error as {statusCode?: unknown; serviceCode?: unknown}) : {};
}

/** True for an OCI answer (or no answer) worth the same call again after a pause. */
export function isOciRetryable(error: unknown): boolean {
	if (isOutOfHostCapacity(error)) return false;
	const {statusCode, serviceCode} = fieldsOf(error);
	if (statusCode === 409) return serviceCode === 'IncorrectState';
	return isTransientStatus(statusCode) || isTransientSocketError(error);
}

/** On a delete, also 409 Conflict: a dependent still going away (see above). */
export function isOciDeleteRetryable(error: unknown): boolean {
	const {statusCode, serviceCode} = fieldsOf(error);
	return isOciRetryable(error) || (statusCode === 409 && serviceCode === 'Conflict');
}

/** On a read of what this run just created, also 404 NotAuthorizedOrNotFound (eventual consistency). */
export function isOciFreshReadRetryable(error: unknown): boolean {
	const {statusCode} = fieldsOf(error);
	return isOciRetryable(error) || statusCode === 404;
}

export interface OciRetryOptions {
	/** For reads of resources this run has just created: a 404 is retried too. */
	readonly justCreated?: boolean;
}

function retryableFor(method: string, options: OciRetryOptions): (error: unknown) => boolean {
	if (/^(delete|terminate)[A-Z]/.test(method)) return isOciDeleteRetryable;
	if (options.justCreated && /^get[A-Z]/.test(method)) return isOciFreshReadRetryable;
	return isOciRetryable;
}

/** The calls that create something and take an opc-retry-token. */
function takesRetryToken(method: string): boolean {
	return /^(create|launch|capture)[A-Z]/.test(method);
}

function retrying<T extends object>(
	api: T,
	policy: RetryPolicy,
	signal: AbortSignal | undefined,
	options: OciRetryOptions,
): T {
	return new Proxy(api, {
		get(target, property, receiver) {
			const value: unknown = Reflect.get(target, property, receiver);
			if (typeof value !== 'function' || typeof property !== 'string') return value;
			const call = value as (request: Record<string, unknown>) => Promise<unknown>;
			return async (request: Record<string, unknown>) => {
				const sent =
					takesRetryToken(property) && request.opcRetryToken === undefined
						? {...request, opcRetryToken: randomUUID()}
						: request;
				const retryable = retryableFor(property, options);
				return withRetries(async () => call.call(target, sent), {policy, retryable, signal});
			};
		},
	});
}

/**
 * The same clients, every call retried under `policy`. `signal` cuts a pause short: give it while
 * provisioning, never for teardown (a run being torn down after Ctrl-C still retries its deletes).
 */
export function retryingOciClients(
	clients: OciClients,
	policy: RetryPolicy,
	signal?: AbortSignal,
	options: OciRetryOptions = {},
): OciClients {
	return {
		compute: retrying(clients.compute, policy, signal, options),
		limits: retrying(clients.limits, policy, signal, options),
		virtualNetwork: retrying(clients.virtualNetwork, policy, signal, options),
		identity: retrying(clients.identity, policy, signal, options),
		clusterPlacementGroups: retrying(clients.clusterPlacementGroups, policy, signal, options),
	};
}
