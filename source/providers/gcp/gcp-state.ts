// What one GCP provider holds between calls: its options (defaults for --project and --zone, the clock),
// the retry policy, and the clients, loaded and their credentials checked once (a failed check is tried
// again next time).

import type {CloudFactoryOptions} from '../cloud/backend.js';
import {credentialsError, isCredentialsError} from '../cloud/credentials.js';
import {type RetryPolicy, retryPolicy} from '../cloud/retry.js';
import {type GcpClients, loadGcpClients} from './clients.js';
import {type GcpRetryOptions, retryingGcpClients} from './retrying-clients.js';

export interface GcpProviderOptions extends CloudFactoryOptions<GcpClients, never> {
	/** Defaults for --project / --zone. */
	readonly project?: string;
	readonly zone?: string;
	/** The clock (tests pin it). */
	readonly now?: () => Date;
}

export interface GcpState {
	readonly options: GcpProviderOptions;
	readonly now: () => Date;
	readonly policy: RetryPolicy;
	/** --project and --zone when the target does not say. */
	readonly defaults: {readonly project?: string; readonly zone?: string};
	loaded?: Promise<GcpClients>;
	credentialsChecked?: Promise<void>;
}

export function newGcpState(options: GcpProviderOptions): GcpState {
	return {
		options,
		now: options.now ?? (() => new Date()),
		policy: retryPolicy(options.retry),
		defaults: {
			...(options.project === undefined ? {} : {project: options.project}),
			...(options.zone === undefined ? {} : {zone: options.zone}),
		},
	};
}

/** The clients, every API call retried (retrying-clients.ts); `signal` cuts a pause short. */
export async function gcpClients(
	state: GcpState,
	signal?: AbortSignal,
	retrying: GcpRetryOptions = {},
): Promise<GcpClients> {
	state.loaded ??= state.options.clients ? Promise.resolve(state.options.clients) : loadGcpClients();
	const loaded = await state.loaded;
	state.credentialsChecked ??= checkCredentials(state, loaded);
	await state.credentialsChecked;
	return retryingGcpClients(loaded, state.policy, signal, retrying);
}

async function checkCredentials(state: GcpState, loaded: GcpClients): Promise<void> {
	try {
		await loaded.checkCredentials?.();
	} catch (error: unknown) {
		state.credentialsChecked = undefined;
		throw credentialsError('gcp', isCredentialsError(error) ? error : new Error('credentials could not be loaded'));
	}
}
