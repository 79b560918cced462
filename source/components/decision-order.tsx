import {Box, Text} from 'ink';
import type {Step} from '../advisor/types.js';
import {evidenceLine} from '../present/evidence-line.js';
import {verdictLabels} from '../present/labels.js';
import {wrap} from '../present/wrap.js';
import {theme} from '../theme.js';
import {HangingLine} from './hanging-line.js';
import {VerdictBadge} from './verdict-badge.js';

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
				const head = `${rank}[${verdictLabels[step.verdict]}] `;
				const [first = head, ...rest] = wrap(step.title, width, head, ' '.repeat(indent));
				return (
					<Box key={step.id} flexDirection="column" marginTop={1}>
						<Text>
							{rank}
							<VerdictBadge verdict={step.verdict} /> <Text bold>{first.slice(head.length)}</Text>
						</Text>
						{rest.map((line) => (
							<Text key={line} bold>
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
