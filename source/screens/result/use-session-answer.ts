// The result screen's answer for the what-if workload: size() + advise() + the card through the one
// session path, or the advice alone while the catalogue loads.

import {useMemo} from 'react';
import {advise} from '../../advisor/index.js';
import type {Advice, Workload} from '../../advisor/types.js';
import type {RecommendationCard} from '../../present/recommendation-card.js';
import {type SessionEvidence, type SizingEngine, sessionAnswer} from '../../session/sizing-engine.js';
import type {RankedConfiguration} from '../../sizing/types.js';

export interface ScreenAnswer {
	readonly advice: Advice;
	readonly card: RecommendationCard | null;
	/** The configuration `p` probes: the recommendation (or what comes closest). */
	readonly pick: RankedConfiguration | null;
}

export function useSessionAnswer(
	engine: SizingEngine | null,
	workload: Workload,
	evidence: SessionEvidence,
): ScreenAnswer {
	return useMemo(() => {
		if (!engine) return {advice: advise(workload, [...evidence.base, ...evidence.session]), card: null, pick: null};
		const answer = sessionAnswer(engine, workload, evidence);
		return {advice: answer.advice, card: answer.card, pick: answer.result.configurations[0] ?? null};
	}, [engine, workload, evidence]);
}
