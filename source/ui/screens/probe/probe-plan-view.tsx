import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import type {ProbePlanEstimate} from '../../../providers/provider.js';

export interface ProbePlanViewProps {
	readonly plan: ProbePlanEstimate;
	/** Clouds: money is spent, so a `y` is required. */
	readonly confirm: boolean;
}

function cost(plan: ProbePlanEstimate): string {
	if (plan.estimatedCostUsd === null) {
		return 'estimated cost: unknown';
	}

	const hours = (plan.instances * plan.holdSeconds) / 3600;
	return `estimated cost: $${plan.estimatedCostUsd.toFixed(2)} (${hours.toFixed(2)} instance-hours${
		plan.pricePerHour === null ? '' : ` at $${plan.pricePerHour.toFixed(4)}/h`
	}${plan.priceSource ? `, ${plan.priceSource}` : ''})`;
}

/** What the probe will create, where, for how long, and what it costs. */
export function ProbePlanView({plan, confirm}: ProbePlanViewProps) {
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Plan: {plan.provider} {plan.shape}
				{plan.region ? ` in ${plan.region}` : ''}
				{plan.zone ? ` (${plan.zone})` : ''}
			</Text>
			{plan.resources.map((resource) => (
				<Text key={`${resource.kind}/${resource.name}`}>
					· {resource.kind} {resource.name}
					{resource.detail ? <Text color={theme.text.muted}> — {resource.detail}</Text> : null}
				</Text>
			))}
			<Text>
				{plan.instances} instance(s), held about {Math.ceil(plan.holdSeconds)} s · {cost(plan)}
			</Text>
			{plan.warnings.map((warning) => (
				<Text key={warning} color={theme.status.warning}>
					! {warning}
				</Text>
			))}
			<Box marginTop={1}>
				{confirm ? (
					<Text color={theme.status.warning}>This spends money. y create and run · n/Esc back</Text>
				) : (
					<Text color={theme.text.muted}>Enter run · Esc back</Text>
				)}
			</Box>
		</Box>
	);
}
