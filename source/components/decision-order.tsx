import {Box, Text} from 'ink';
import type {Step} from '../advisor/types.js';
import {evidenceLine} from '../present/format.js';
import {wrapText} from '../present/wrap.js';
import {theme} from '../theme.js';
import {HangingLine} from './hanging-line.js';
import {VerdictBadge, verdictLabel} from './verdict-badge.js';

export interface DecisionOrderProps {
	readonly steps: readonly Step[];
	/** Columns available. */
	readonly width: number;
}

const indent = 3;

/** The ranked steps: rank, verdict badge, title, one-line why, evidence figures with their footing. */
export function DecisionOrder({steps, width}: DecisionOrderProps) {
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Recommended decision order
			</Text>
			{steps.map((step) => {
				const rank = `${step.rank}. `.padEnd(indent);
				const badge = `[${verdictLabel(step.verdict)}] `;
				const [first = '', ...more] = wrapText(step.title, width - rank.length - badge.length);
				const rest = wrapText(more.join(' '), width - indent).filter((line) => line !== '');
				return (
					<Box key={step.id} flexDirection="column" marginTop={1}>
						<Text>
							{rank}
							<VerdictBadge verdict={step.verdict} /> <Text bold>{first}</Text>
						</Text>
						{rest.map((line) => (
							<Text key={line} bold>
								{' '.repeat(indent)}
								{line}
							</Text>
						))}
						<Box paddingLeft={indent} flexDirection="column">
							<HangingLine marker="" text={step.why} width={width - indent} />
							{step.evidence.map((figure) => (
								<HangingLine
									key={evidenceLine(figure)}
									marker="· "
									text={evidenceLine(figure)}
									width={width - indent}
									color={theme.text.muted}
								/>
							))}
						</Box>
					</Box>
				);
			})}
		</Box>
	);
}
