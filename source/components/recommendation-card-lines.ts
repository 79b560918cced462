import type {CardLine, LineTone} from '../present/card-lines.js';
import {cardLines} from '../present/card-lines.js';
import type {RecommendationCard} from '../present/recommendation-card.js';
import {type ThemeColor, theme} from '../theme.js';
import {plainLine, type StyledLine} from './styled-lines.js';

/** Each tone's colour (undefined: the terminal's own). */
const colours: Readonly<Record<LineTone, ThemeColor>> = {
	heading: theme.text.heading,
	good: theme.status.success,
	bad: theme.status.error,
	warning: theme.status.warning,
	muted: theme.text.muted,
	accent: theme.text.accent,
	plain: undefined,
};

/** The recommendation, its alternatives and what does not meet the target, as the card's own lines. */
export function cardViewLines(card: RecommendationCard, width: number): StyledLine[] {
	return cardLines(card, width).map((line: CardLine) =>
		plainLine(line.text, colours[line.tone], line.tone === 'heading'),
	);
}
