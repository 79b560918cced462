import {cardLines} from '../../present/card-lines.js';
import type {RecommendationCard} from '../../present/recommendation-card.js';
import {styledLines} from './present-lines.js';
import type {StyledLine} from './styled-lines.js';

/** The recommendation, its alternatives and what does not meet the target, as present/ lays them out. */
export function cardViewLines(card: RecommendationCard, width: number): StyledLine[] {
	return styledLines(cardLines(card, width));
}
