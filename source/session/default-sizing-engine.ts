// The wizard's sizing engine: the bundled shape catalogue's (catalogue-engine.ts, the engine `netplace
// advise` and `size` build over the same catalogue). Loaded on first use, so the first question's frame
// does not wait for the catalogue.

import type {SizingEngine, SizingEngineLoader} from './sizing-engine.js';

export const defaultSizingEngine: SizingEngineLoader = async (): Promise<SizingEngine> => {
	const [{loadCatalogue}, {catalogueEngine}] = await Promise.all([
		import('../sizing/catalogue.js'),
		import('./catalogue-engine.js'),
	]);
	return catalogueEngine(loadCatalogue().shapes);
};
