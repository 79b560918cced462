import {Box, Text} from 'ink';
import type {Step} from '../advisor/types.js';
import {theme} from '../theme.js';
import {evidenceLine} from '../wizard/format.js';
import {VerdictBadge} from './verdict-badge.js';

export interface DecisionOrderProps {
	readonly steps: readonly Step[];
}

/** The ranked steps: rank, verdict badge, title, one-line why, evidence figures with their footing. */
export function DecisionOrder({steps}: DecisionOrderProps) {
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Recommended decision order
			</Text>
			{steps.map((step) => (
				<Box key={step.id} flexDirection="column" marginTop={1}>
					<Text>
						{step.rank}. <VerdictBadge verdict={step.verdict} /> <Text bold>{step.title}</Text>
					</Text>
					<Box paddingLeft={3} flexDirection="column">
						<Text>{step.why}</Text>
						{step.evidence.map((figure) => (
							<Text key={evidenceLine(figure)} color={theme.text.muted}>
								· {evidenceLine(figure)}
							</Text>
						))}
					</Box>
				</Box>
			))}
		</Box>
	);
}
