import {Text} from 'ink';
import type {Verdict} from '../advisor/types.js';
import {verdictLabels} from '../present/labels.js';
import {theme} from '../theme.js';

export interface VerdictBadgeProps {
	readonly verdict: Verdict;
}

/** The verdict as a bracketed word, coloured by verdict (plain under NO_COLOR). */
export function VerdictBadge({verdict}: VerdictBadgeProps) {
	return (
		<Text bold color={theme.verdict[verdict]}>
			[{verdictLabels[verdict]}]
		</Text>
	);
}
