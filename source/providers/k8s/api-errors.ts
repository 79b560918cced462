// The API server's refusals as one line each. A failed call answers with a Status object (Kubernetes API
// reference, "Status": kind Status, status Failure, message, reason such as Forbidden, NotFound,
// AlreadyExists, Unauthorized, and code): its message names what was refused (`pods is forbidden: User "…"
// cannot create resource "pods" in API group "" in the namespace "…"`), so a 403 names the RBAC verb the
// user lacks. Every string from the server is made printable first.

import {RuntimeError, UserError} from '../../domain/errors.js';
import {printable} from '../../domain/printable.js';

/** The fields of a Status the messages use. */
export interface ApiStatus {
	readonly code: number | null;
	readonly reason: string | null;
	readonly message: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
	return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function parsedBody(body: unknown): Record<string, unknown> | null {
	if (typeof body !== 'string') return record(body);
	try {
		return record(JSON.parse(body));
	} catch {
		return null;
	}
}

/** The Status an ApiException (client-node: `code`, `body`) carries, or null when the error is no API answer. */
export function apiStatus(error: unknown): ApiStatus | null {
	const thrown = record(error);
	const code = typeof thrown?.code === 'number' ? thrown.code : null;
	if (code === null) return null;
	const body = parsedBody(thrown?.body);
	return {
		code,
		reason: typeof body?.reason === 'string' ? body.reason : null,
		message: typeof body?.message === 'string' ? printable(body.message) : null,
	};
}

/** What netplace was doing, for the line: the verb and the resource (`create`, `pods`). */
export interface ApiAction {
	readonly verb: string;
	readonly resource: string;
	readonly namespace?: string;
}

function actionText(action: ApiAction): string {
	return `${action.verb} ${action.resource}${action.namespace === undefined ? '' : ` in namespace ${action.namespace}`}`;
}

/** The README's section with the Role the probe needs. */
export const rbacHint = 'the Role and ClusterRole it needs are in the README, "Probes on a Kubernetes cluster"';

/** One line for a failed call: a UserError for what the user can fix (RBAC, auth, a missing object), else a RuntimeError. */
export function apiError(error: unknown, action: ApiAction): UserError | RuntimeError {
	const status = apiStatus(error);
	if (status === null) {
		const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
		return new RuntimeError(`could not ${actionText(action)}: ${printable(text ?? '')}`);
	}

	const said = status.message === null ? '' : `: ${status.message}`;
	if (status.code === 403) {
		return new UserError(`the cluster forbids ${actionText(action)} (RBAC, verb "${action.verb}")${said}`, rbacHint);
	}

	if (status.code === 401) {
		return new UserError(
			`the cluster did not accept the kubeconfig's credentials (401 Unauthorized) to ${actionText(action)}`,
			'log in again (your cloud CLI refreshes the token), or pick another --context',
		);
	}

	return new RuntimeError(`could not ${actionText(action)}: ${status.code} ${status.reason ?? ''}${said}`.trim());
}

/** Runs one API call; its refusal becomes one line. */
export async function called<Value>(action: ApiAction, call: () => Promise<Value>): Promise<Value> {
	try {
		return await call();
	} catch (error: unknown) {
		throw apiError(error, action);
	}
}
