// The answer for the workload the last question's Enter will give, worked out while the questions show:
// `answer()` remembers it (per engine, evidence and workload), so the result screen's first frame
// only draws; and that frame is drawn once off screen (rehearse-result.tsx), so Ink's code is warm. The
// modules load on first use, as the result screen's do, not with the first frame.

import {useCallback, useRef} from 'react';
import type {Workload} from '../../../domain/types.js';
import type {SessionAnswer} from '../../../session/answer.js';
import type {SessionEvidence, SizingEngine} from '../../../session/sizing-engine.js';

export interface PreparedView {
	readonly warnings: readonly string[];
	readonly width: number;
	readonly rows: number | undefined;
}

export function usePreparedAnswer(
	engine: SizingEngine | null,
	evidence: SessionEvidence | null,
	view: PreparedView,
): (workload: Workload) => void {
	const rehearsed = useRef<SessionAnswer | null>(null);
	const {warnings, width, rows} = view;
	return useCallback(
		(workload: Workload) => {
			if (engine === null || evidence === null) return;
			void Promise.all([import('../../../session/answer.js'), import('../result/rehearse-result.js')]).then(
				([{answer}, {rehearseResult}]) => {
					const answered = answer(engine, workload, evidence);
					if (rehearsed.current === answered) return;
					rehearsed.current = answered;
					rehearseResult(answered, warnings, width, rows);
				},
			);
		},
		[engine, evidence, warnings, width, rows],
	);
}
