// What one OCI provider holds between calls: its options, API timing and retry policy, and one session
// (clients, tenancy, region) per region, loaded on first use; and how a target's compartment is chosen.

import {UserError} from '../../domain/errors.js';
import type {CloudFactoryOptions} from '../cloud/backend.js';
import {credentialsError, isCredentialsError} from '../cloud/credentials.js';
import {type RetryPolicy, retryPolicy} from '../cloud/retry.js';
import {loadOciClients, type OciClients, type OciSession, ociConfigPath} from './clients.js';
import {defaultOciTiming, type OciTiming} from './lifecycle.js';
import {validateCompartment} from './resources.js';
import {type OciRetryOptions, retryingOciClients} from './retrying-clients.js';

/** Injected clients: one set, or one set per region. */
export type OciClientsOption = OciClients | ((region: string) => OciClients);

export interface OciProviderOptions extends CloudFactoryOptions<OciClientsOption, OciTiming> {
	/** With injected clients: the tenancy OCID (the default compartment). */
	readonly tenancy?: string;
	/** Defaults for --region / --compartment. */
	readonly region?: string;
	readonly compartment?: string;
	/** The clock (tests pin it). */
	readonly now?: () => Date;
}

export interface OciState {
	readonly options: OciProviderOptions;
	readonly timing: OciTiming;
	readonly now: () => Date;
	readonly policy: RetryPolicy;
	/** Loading or loaded sessions, by region ('' for the configured default). */
	readonly sessions: Map<string, Promise<OciSession>>;
}

/** Where injected clients say they are when nothing names a region. */
const injectedRegion = 'us-ashburn-1';

export function newOciState(options: OciProviderOptions): OciState {
	return {
		options,
		timing: {...defaultOciTiming, ...options.timing},
		now: options.now ?? (() => new Date()),
		policy: retryPolicy(options.retry),
		sessions: new Map(),
	};
}

/** The session's clients with every call retried (retrying-clients.ts); `signal` cuts a pause short. */
export function retried(
	state: OciState,
	oci: OciSession,
	signal?: AbortSignal,
	retrying?: OciRetryOptions,
): OciClients {
	return retryingOciClients(oci.clients, state.policy, signal, retrying);
}

/** The region's session (the configured region when null), loaded once; a failed load is tried again next time. */
export async function ociSession(state: OciState, region: string | null): Promise<OciSession> {
	const wanted = region ?? state.options.region;
	const key = wanted ?? '';
	let loading = state.sessions.get(key);
	if (!loading) {
		const injected = state.options.clients;
		loading = injected
			? Promise.resolve(injectedSession(state.options, injected, wanted))
			: loadSession(state, wanted, key);
		state.sessions.set(key, loading);
	}

	return loading;
}

function injectedSession(options: OciProviderOptions, injected: OciClientsOption, wanted?: string): OciSession {
	const region = wanted ?? injectedRegion;
	const clients = typeof injected === 'function' ? injected(region) : injected;
	return {clients, tenancy: options.tenancy ?? '', region};
}

async function loadSession(state: OciState, wanted: string | undefined, key: string): Promise<OciSession> {
	try {
		return await loadOciClients(wanted);
	} catch (error: unknown) {
		state.sessions.delete(key);
		// Never the SDK's text: it can quote the config file.
		throw credentialsError('oci', isCredentialsError(error) ? error : new Error('credentials not found'));
	}
}

/** --compartment, else the configured one, else the tenancy (the root compartment). */
export function compartmentOf(state: OciState, target: {compartment: string | null}, oci: OciSession): string {
	const compartment = target.compartment ?? validateCompartment(state.options.compartment) ?? oci.tenancy;
	if (!compartment) {
		throw new UserError('--compartment is required (no tenancy known)', `set tenancy in ${ociConfigPath()}`);
	}

	return compartment;
}
