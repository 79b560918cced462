// The result screen's answer for the what-if workload: the advice and the card through the one session
// path (one search, shared), or — when the catalogue could not be loaded — the advice over the study's shapes.

import {useMemo} from 'react';
import type {RankedConfiguration} from '../../../domain/model-types.js';
import type {Advice, Workload} from '../../../domain/types.js';
import type {RecommendationCard} from '../../../present/recommendation-card.js';
import {sessionAdvice} from '../../../session/session-advice.js';
import {type SessionEvidence, type SizingEngine, sessionAnswer} from '../../../session/sizing-engine.js';

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
		if (!engine) return {advice: sessionAdvice(workload, evidence.measurements, []).advice, card: null, pick: null};
		const answer = sessionAnswer(engine, workload, evidence);
		return {advice: answer.advice, card: answer.card, pick: answer.result.configurations[0] ?? null};
	}, [engine, workload, evidence]);
}
