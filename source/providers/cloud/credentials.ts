// Missing or refused credentials become one line (exit 1) naming the chain tried and how to set it up (each
// cloud's facts say which, providers/<cloud>/facts.ts). The cause's text is never copied whole: SDK messages
// can echo key ids or profile contents.

import {firstLineOf, isSaid, RuntimeError} from '../../domain/errors.js';
import type {RealCloud} from '../../domain/types.js';
import {cloudProviderFacts} from '../facts.js';

/** Error names / codes that mean "no usable credentials" or "refused", per cloud. */
const credentialCodes = new Set([
	'CredentialsProviderError',
	'AuthFailure',
	'UnauthorizedOperation',
	'InvalidClientTokenId',
	'SignatureDoesNotMatch',
	'ExpiredToken',
	'ExpiredTokenException',
	'UnrecognizedClientException',
	'TokenProviderError',
	'NotAuthenticated',
]);

function codeOf(cause: unknown): string | undefined {
	if (typeof cause !== 'object' || cause === null) {
		return undefined;
	}

	const record = cause as {name?: unknown; code?: unknown; Code?: unknown; serviceCode?: unknown};
	for (const value of [record.name, record.Code, record.code, record.serviceCode]) {
		if (typeof value === 'string' && credentialCodes.has(value)) {
			return value;
		}
	}

	if (record.code === 401 || record.code === 16 || (cause as {statusCode?: unknown}).statusCode === 401) {
		return 'Unauthenticated';
	}

	if (
		cause instanceof Error &&
		/could not load the default credentials|credentials? (?:not found|missing|could not be loaded)/i.test(cause.message)
	) {
		return 'CredentialsMissing';
	}

	return undefined;
}

/** True when the error is about credentials (missing, invalid, expired or refused). */
export function isCredentialsError(cause: unknown): boolean {
	return codeOf(cause) !== undefined;
}

/** One line naming the chain and how to set it up; only the error's code, never its message. */
export function credentialsError(cloud: RealCloud, cause: unknown): RuntimeError {
	const code = codeOf(cause) ?? 'unknown error';
	const {chain, setup} = cloudProviderFacts(cloud).credentials;
	const rejected = [
		'AuthFailure',
		'InvalidClientTokenId',
		'SignatureDoesNotMatch',
		'ExpiredToken',
		'ExpiredTokenException',
		'UnrecognizedClientException',
	];
	const missing = !rejected.includes(code);
	const message =
		code === 'UnauthorizedOperation'
			? `${cloud} refused the call (${code}): the credentials lack a permission netplace needs`
			: missing
				? `no usable ${cloud} credentials (${code}); tried ${chain}`
				: `${cloud} rejected the credentials (${code}); they came from ${chain}`;
	return new RuntimeError(message, setup);
}

/**
 * A failed cloud call as the user sees it: netplace's own errors unchanged, credential problems as the one
 * line above, anything else `<cloud> <what> failed: <detail>` (exit 1).
 */
export function cloudCallError(
	cloud: RealCloud,
	what: string,
	error: unknown,
	detail: (error: unknown) => string = firstLineOf,
): Error {
	if (isSaid(error)) {
		return error;
	}

	if (isCredentialsError(error)) {
		return credentialsError(cloud, error);
	}

	return new RuntimeError(`${cloud} ${what} failed: ${detail(error)}`);
}
