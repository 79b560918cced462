import {Box, Text} from 'ink';
import {theme} from '../../../present/theme.js';
import {visibleFields} from './probe-form.js';
import type {ProbeState} from './probe-reducer.js';

export interface ProbeSetupFormProps {
	readonly state: ProbeState;
}

/** The probe's settings, one field a line (labels are the CLI's flags), and what is wrong with them. */
export function ProbeSetupForm({state}: ProbeSetupFormProps) {
	const fields = visibleFields(state.values);
	const labelWidth = Math.max(...fields.map((field) => field.label.length));
	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Probe: set up
			</Text>
			{fields.map((field, index) => {
				const selected = index === state.cursor;
				const value = state.values[field.id];
				return (
					<Text key={field.id}>
						<Text color={selected ? theme.text.accent : undefined}>{selected ? '❯ ' : '  '}</Text>
						{field.label.padEnd(labelWidth)}{' '}
						{field.kind !== 'text' ? (
							<Text color={selected ? theme.text.accent : undefined}>‹ {value} ›</Text>
						) : (
							<Text color={selected ? theme.text.accent : undefined}>
								{value}
								{selected ? <Text inverse> </Text> : null}
							</Text>
						)}
					</Text>
				);
			})}
			<Text color={state.cursor === fields.length ? theme.text.accent : theme.text.muted}>
				{state.cursor === fields.length ? '❯ ' : '  '}[ show the plan ]
			</Text>
			{fields[state.cursor]?.hint ? <Text color={theme.text.muted}>{fields[state.cursor]?.hint}</Text> : null}
			{state.errors.map((error) => (
				<Text key={error} color={theme.status.error}>
					{error}
				</Text>
			))}
			<Text color={theme.text.muted}>↑/↓ field · ←/→ choose · type to edit · Enter plan · Esc back</Text>
		</Box>
	);
}
