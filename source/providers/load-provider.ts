// The providers' loaders, by id: the provider itself and, for a cloud, its live-catalogue adapter
// (`shapes --live`). Each loads lazily: nothing (least of all a cloud SDK) is imported until a command asks
// for it. Their facts, which load no SDK, are facts.ts's. A new cloud is one line here and one in facts.ts.

import type {RealCloud} from '../domain/clouds.js';
import {UserError} from '../domain/errors.js';
import type {LiveOpener} from './live-catalogue.js';
import {type Provider, type ProviderId, providerIds} from './provider.js';

interface Loaders {
	readonly provider: () => Promise<Provider>;
}

interface CloudLoaders extends Loaders {
	readonly liveCatalogue: () => Promise<LiveOpener>;
}

const clouds: Readonly<Record<RealCloud, CloudLoaders>> = {
	aws: {
		provider: async () => (await import('./aws/index.js')).createAwsProvider(),
		liveCatalogue: async () => (await import('./aws/live-catalogue.js')).openAwsLive,
	},
	gcp: {
		provider: async () => (await import('./gcp/index.js')).createGcpProvider(),
		liveCatalogue: async () => (await import('./gcp/live-catalogue.js')).openGcpLive,
	},
	oci: {
		provider: async () => (await import('./oci/index.js')).createOciProvider(),
		liveCatalogue: async () => (await import('./oci/live-catalogue.js')).openOciLive,
	},
};

const loaders: Readonly<Record<ProviderId, Loaders>> = {
	lab: {provider: async () => (await import('./lab/index.js')).createLabProvider()},
	...clouds,
	ssh: {provider: async () => (await import('./ssh/ssh-provider.js')).createSshProvider()},
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
