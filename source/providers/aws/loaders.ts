// AWS's code, loaded on first use (providers/load-provider.ts lists it): the provider, and the live-catalogue
// adapter `shapes --live` reads. Nothing here imports the SDK until a command asks for one of them.

import type {CloudLoaders} from '../provider.js';

export const awsLoaders: CloudLoaders = {
	provider: async () => (await import('./index.js')).createAwsProvider(),
	liveCatalogue: async () => (await import('./live-catalogue.js')).openAwsLive,
};
