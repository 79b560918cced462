// Waiting on Compute operations: zonal (instances), regional (resource policies) and global (firewalls).
// `wait` returns when the operation is DONE or after about two minutes, so it is called until DONE.

import {InterruptedError} from '../../domain/errors.js';
import type {GcpClients, GcpOperation, GcpOperationHandle} from './clients.js';

export type GcpScope =
	| {readonly kind: 'zone'; readonly project: string; readonly zone: string}
	| {readonly kind: 'region'; readonly project: string; readonly region: string}
	| {readonly kind: 'global'; readonly project: string};

/** A failed operation or an API error, with the HTTP-like code when the API gave one. */
export class GcpOperationError extends Error {
	override readonly name = 'GcpOperationError';
	constructor(
		message: string,
		readonly code: number | null,
	) {
		super(message);
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}

/** The operation's name from `[operation]` as insert/delete return it. */
export function operationName(handle: GcpOperationHandle): string {
	const latest = handle.latestResponse;
	if (isRecord(latest) && typeof latest.name === 'string' && latest.name !== '') {
		return latest.name;
	}

	throw new GcpOperationError('the API returned an operation without a name', null);
}

function isDone(operation: GcpOperation): boolean {
	const status: unknown = operation.status;
	return status === 'DONE' || status === 2_104_194;
}

function failure(operation: GcpOperation): GcpOperationError | undefined {
	const first = operation.error?.errors?.[0];
	if (!first) {
		return undefined;
	}

	const code = typeof operation.httpErrorStatusCode === 'number' ? operation.httpErrorStatusCode : null;
	return new GcpOperationError(`${first.code ?? 'ERROR'}: ${first.message ?? 'operation failed'}`, code);
}

async function waitOnce(clients: GcpClients, scope: GcpScope, operation: string): Promise<GcpOperation> {
	switch (scope.kind) {
		case 'zone': {
			const [result] = await clients.zoneOperations.wait({project: scope.project, zone: scope.zone, operation});
			return result;
		}

		case 'region': {
			const [result] = await clients.regionOperations.wait({project: scope.project, region: scope.region, operation});
			return result;
		}

		case 'global': {
			const [result] = await clients.globalOperations.wait({project: scope.project, operation});
			return result;
		}
	}
}

/** Wait until the operation is DONE; throw its error if it failed. Abort stops waiting (not the operation). */
export async function waitForOperation(
	clients: GcpClients,
	scope: GcpScope,
	handle: GcpOperationHandle,
	signal?: AbortSignal,
	maxRounds = 30,
): Promise<void> {
	const name = operationName(handle);
	for (let round = 0; round < maxRounds; round++) {
		if (signal?.aborted) {
			throw new InterruptedError();
		}

		const operation = await waitOnce(clients, scope, name);
		const error = failure(operation);
		if (error) {
			throw error;
		}

		if (isDone(operation)) {
			return;
		}
	}

	throw new GcpOperationError(`operation ${name} did not finish`, null);
}

/** True for a "not found" API error (gax REST errors carry `code` 404 or gRPC NOT_FOUND 5). */
export function isNotFound(error: unknown): boolean {
	if (error instanceof GcpOperationError) {
		return error.code === 404 || /\bRESOURCE_NOT_FOUND\b|\bnotFound\b/.test(error.message);
	}

	return isRecord(error) && (error.code === 404 || error.code === 5 || error.status === 404);
}
