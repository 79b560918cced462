// The wizard's evidence: loaded once at start through the one loader `advise`, `size` and `table` use
// (source/session/load-evidence.ts: the study plus the stored probe results, complete runs only), and
// again after each probe, so the result screen reads what `netplace advise` would read. A store that cannot
// be read leaves the study as evidence and says why.

import {useCallback, useEffect, useRef, useState} from 'react';
import {firstLineOf} from '../../../domain/errors.js';
import {referenceMeasurements} from '../../../domain/study-cells.js';
import type {Measurement} from '../../../domain/types.js';
import type {Evidence} from '../../../session/load-evidence.js';

export type EvidenceLoader = () => Promise<Evidence>;

/** The store loads on first use, after the first frame. */
export const defaultEvidenceLoader: EvidenceLoader = async () =>
	(await import('../../../session/load-evidence.js')).loadEvidence();

export interface EvidenceState {
	/** Null until the first load ends. */
	readonly loaded: Evidence | null;
	/** The first load's measurements: what the model read before this session's probes. */
	readonly atStart: readonly Measurement[] | null;
}

async function loadOrStudy(load: EvidenceLoader): Promise<Evidence> {
	try {
		return await load();
	} catch (error: unknown) {
		return {measurements: referenceMeasurements(), problems: [`stored probe results not read: ${firstLineOf(error)}`]};
	}
}

/** The loaded evidence and `reload` (after a probe); a reload keeps the previous evidence until it ends. */
export function useEvidence(load: EvidenceLoader): readonly [EvidenceState, () => void] {
	const [state, setState] = useState<EvidenceState>({loaded: null, atStart: null});
	// Each load's number: only the latest may land, and none after the unmount (-1).
	const latest = useRef(0);
	const reload = useCallback(() => {
		if (latest.current < 0) return;
		const mine = ++latest.current;
		void loadOrStudy(load).then((loaded) => {
			if (latest.current !== mine) return;
			setState((previous) => ({loaded, atStart: previous.atStart ?? loaded.measurements}));
		});
	}, [load]);
	useEffect(() => {
		latest.current = 0;
		reload();
		return () => {
			latest.current = -1;
		};
	}, [reload]);
	return [state, reload];
}
