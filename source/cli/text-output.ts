// `netplace advise` as plain text: the answer as present/ lays it out for every face (the workload, the
// recommendation card, the decision order and the bandwidth table, the notes), painted in ANSI colours.
// Pure: returns lines, prints nothing.

import type {Advice} from '../domain/types.js';
import {answerLines} from '../present/answer-lines.js';
import {type RecommendationCard, recommendationCard} from '../present/recommendation-card.js';
import {adviceResult} from './size-text.js';
import {paintLines, type TextStyle} from './text-style.js';

export interface AdviceTextOptions {
	readonly width: number;
	readonly style: TextStyle;
}

/** The card an Advice's ranked configurations make (a saved profile's advice carries no search answer). */
export function adviceCard(advice: Advice): RecommendationCard | null {
	const configurations = advice.configurations ?? [];
	if (configurations.length === 0) return null;
	return recommendationCard(adviceResult(configurations, advice.workload), advice.workload);
}

/** The whole `advise` text output as lines; `card` is the search's (`advise`), else the advice's own. */
export function renderAdviceText(
	advice: Advice,
	options: AdviceTextOptions,
	card: RecommendationCard | null = adviceCard(advice),
): string[] {
	return paintLines(answerLines(advice, card, options.width, {withWorkload: true}), options.style);
}
