import {Text} from 'ink';
import type {Verdict} from '../advisor/types.js';
import {theme} from '../theme.js';

const labels: Readonly<Record<Verdict, string>> = {
	do: 'DO',
	consider: 'CONSIDER',
	avoid: 'AVOID',
	'not-needed': 'NOT NEEDED',
	satisfied: 'SATISFIED',
};

/** The badge's word, e.g. "NOT NEEDED". */
export function verdictLabel(verdict: Verdict): string {
	return labels[verdict];
}

export interface VerdictBadgeProps {
	readonly verdict: Verdict;
}

/** The verdict as a bracketed word, coloured by verdict (plain under NO_COLOR). */
export function VerdictBadge({verdict}: VerdictBadgeProps) {
	return (
		<Text bold color={theme.verdict[verdict]}>
			[{labels[verdict]}]
		</Text>
	);
}
