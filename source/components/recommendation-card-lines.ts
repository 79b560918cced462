import type {CardLine, LineTone} from '../present/card-lines.js';
import {cardLines} from '../present/card-lines.js';
import type {RecommendationCard} from '../present/recommendation-card.js';
import {type ThemeColor, theme} from '../theme.js';
import {plainLine, type StyledLine} from './styled-lines.js';

function colourOf(tone: LineTone): ThemeColor {
	switch (tone) {
		case 'heading': {
			return theme.text.heading;
		}

		case 'good': {
			return theme.status.success;
		}

		case 'bad': {
			return theme.status.error;
		}

		case 'warning': {
			return theme.status.warning;
		}

		case 'muted': {
			return theme.text.muted;
		}

		case 'accent': {
			return theme.text.accent;
		}

		case 'plain': {
			return undefined;
		}
	}
}

/** The recommendation, its alternatives and what does not meet the target, as the card's own lines. */
export function cardViewLines(card: RecommendationCard, width: number): StyledLine[] {
	return cardLines(card, width).map((line: CardLine) =>
		plainLine(line.text, colourOf(line.tone), line.tone === 'heading'),
	);
}
