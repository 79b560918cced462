// The catalogue's sizing engine, recording every workload its advice is asked for (the wizard tests that
// check what is worked out, and when).

import type {Workload} from '../../../source/domain/types.js';
import {defaultSizingEngine} from '../../../source/session/default-sizing-engine.js';
import type {SizingEngineLoader} from '../../../source/session/sizing-engine.js';

export function recordingEngine(asked: Workload[]): SizingEngineLoader {
	return async () => {
		const engine = await defaultSizingEngine();
		return {
			...engine,
			advise: (workload, evidence) => {
				asked.push(workload);
				return engine.advise(workload, evidence);
			},
		};
	};
}
