// The result screen's answer for the what-if workload: the advice and the card through the one session
// path (session/answer.ts: one search, shared), or — when the catalogue could not be loaded — the advice over the study's shapes.

import {useMemo} from 'react';
import type {RankedConfiguration} from '../../../domain/model-types.js';
import type {Advice, Workload} from '../../../domain/types.js';
import type {RecommendationCard} from '../../../present/recommendation-card.js';
import {answer} from '../../../session/answer.js';
import {catalogueEngine} from '../../../session/catalogue-engine.js';
import type {SessionEvidence, SizingEngine} from '../../../session/sizing-engine.js';

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
		// Without the catalogue, the same path over the study's shapes: its decision order, no card.
		if (!engine) return {advice: answer(catalogueEngine([]), workload, evidence).advice, card: null, pick: null};
		const answered = answer(engine, workload, evidence);
		return {advice: answered.advice, card: answered.card, pick: answered.result.configurations[0] ?? null};
	}, [engine, workload, evidence]);
}
