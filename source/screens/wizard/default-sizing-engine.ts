// PENDING: replaced by the catalogue + size() once sizing-model and sizing-catalogue land (not to be landed as is).
import type {SizingEngineLoader} from '../../session/sizing-engine.js';

export const defaultSizingEngine: SizingEngineLoader = async () => {
	throw new Error('the sizing search is not on main yet');
};
