// The wizard's sizing engine: the bundled shape catalogue, the advice over it (the call `netplace advise`
// makes, with the search it ran) and `size()` over it (the call `netplace size` makes), with the
// measurements turned into the same evidence view. Loaded on first use, so the first question's frame
// does not wait for the catalogue.

import type {Measurement} from '../domain/types.js';
import type {SizingEngine, SizingEngineLoader} from './sizing-engine.js';

export const defaultSizingEngine: SizingEngineLoader = async (): Promise<SizingEngine> => {
	const [{loadCatalogue}, {size}, {evidenceView}, {sessionAdvice}] = await Promise.all([
		import('../sizing/catalogue.js'),
		import('../sizing/search.js'),
		import('../domain/evidence.js'),
		import('./session-advice.js'),
	]);
	const {shapes} = loadCatalogue();
	return {
		shapes,
		advise: (workload, evidence) => sessionAdvice(workload, evidence, shapes),
		size: (workload, evidence: readonly Measurement[]) => size(workload, shapes, evidenceView(evidence)),
	};
};
