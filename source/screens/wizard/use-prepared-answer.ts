// The answer for the workload the last question's Enter will give, worked out while that question shows:
// `sessionAnswer` remembers it (per engine, evidence and workload), so the result screen's first frame
// only draws. The session module loads on first use, as the result screen's does, not with the first frame.

import {useCallback} from 'react';
import type {Workload} from '../../advisor/types.js';
import type {SessionEvidence, SizingEngine} from '../../session/sizing-engine.js';

export function usePreparedAnswer(
	engine: SizingEngine | null,
	evidence: SessionEvidence | null,
): (workload: Workload) => void {
	return useCallback(
		(workload: Workload) => {
			if (engine === null || evidence === null) return;
			void import('../../session/sizing-engine.js').then(({sessionAnswer}) => {
				sessionAnswer(engine, workload, evidence);
			});
		},
		[engine, evidence],
	);
}
