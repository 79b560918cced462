import {Box, Text} from 'ink';
import {type CardLine, cardLines, type LineTone} from '../present/card-lines.js';
import type {RecommendationCard} from '../present/recommendation-card.js';
import {type ThemeColor, theme} from '../theme.js';

export interface RecommendationCardViewProps {
	readonly card: RecommendationCard;
	readonly width: number;
}

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
export function RecommendationCardView({card, width}: RecommendationCardViewProps) {
	const lines: CardLine[] = cardLines(card, width);
	return (
		<Box flexDirection="column">
			{lines.map((line, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: the card's lines have no identity but their place
				<Text key={index} color={colourOf(line.tone)} bold={line.tone === 'heading'}>
					{line.text === '' ? ' ' : line.text}
				</Text>
			))}
		</Box>
	);
}
