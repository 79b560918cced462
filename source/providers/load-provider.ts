// The providers' code, by id: the provider itself and, for a cloud, its live-catalogue adapter (`shapes
// --live`), each a line naming the provider's loaders.ts (the lab's, ssh's and k8s's are here). Each loads lazily:
// nothing (least of all a cloud SDK) is imported until a command asks for it. Their facts, which load no
// SDK, are facts.ts's: two registries, because a provider's own code reads facts by id (its credential
// chain, shape names) and must not import the registry that loads it.

import type {RealCloud} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import {awsLoaders} from './aws/loaders.js';
import {gcpLoaders} from './gcp/loaders.js';
import type {LiveOpener} from './live-catalogue.js';
import {ociLoaders} from './oci/loaders.js';
import {type CloudLoaders, type Provider, type ProviderId, type ProviderLoaders, providerIds} from './provider.js';

const clouds: Readonly<Record<RealCloud, CloudLoaders>> = {
	aws: awsLoaders,
	gcp: gcpLoaders,
	oci: ociLoaders,
};

const loaders: Readonly<Record<ProviderId, ProviderLoaders>> = {
	lab: {provider: async () => (await import('./lab/index.js')).createLabProvider()},
	...clouds,
	ssh: {provider: async () => (await import('./ssh/ssh-provider.js')).createSshProvider()},
	k8s: {provider: async () => (await import('./k8s/k8s-provider.js')).createK8sProvider()},
};

export function isProviderId(value: string): value is ProviderId {
	return (providerIds as readonly string[]).includes(value);
}

/** The provider `id`, loaded on first use. Unknown ids are the user's error (exit 2). */
export async function loadProvider(id: string): Promise<Provider> {
	if (!isProviderId(id)) {
		throw new UserError(`unknown provider "${id}"`, `use one of ${providerIds.join(', ')}`);
	}

	return loaders[id].provider();
}

/** The cloud's live-catalogue adapter, loaded on first use. */
export async function loadLiveCatalogue(cloud: RealCloud): Promise<LiveOpener> {
	return clouds[cloud].liveCatalogue();
}
