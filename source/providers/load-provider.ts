// Providers load lazily: nothing (least of all a cloud SDK) is imported until a command asks for one.

import {UserError} from '../domain/errors.js';
import {type Provider, type ProviderId, providerIds} from './provider.js';

const factories: Record<ProviderId, () => Promise<Provider>> = {
	lab: async () => (await import('./lab/index.js')).createLabProvider(),
	aws: async () => (await import('./aws/index.js')).createAwsProvider(),
	gcp: async () => (await import('./gcp/index.js')).createGcpProvider(),
	oci: async () => (await import('./oci/index.js')).createOciProvider(),
	ssh: async () => (await import('./ssh/ssh-provider.js')).createSshProvider(),
};

export function isProviderId(value: string): value is ProviderId {
	return (providerIds as readonly string[]).includes(value);
}

/** The provider `id`, loaded on first use. Unknown ids are the user's error (exit 2). */
export async function loadProvider(id: string): Promise<Provider> {
	if (!isProviderId(id)) {
		throw new UserError(`unknown provider "${id}"`, `use one of ${providerIds.join(', ')}`);
	}

	return factories[id]();
}
