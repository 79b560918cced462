import {Box, Text} from 'ink';
import {theme} from '../theme.js';
import type {WizardState} from '../wizard/wizard-reducer.js';
import {currentQuestion, progressOf} from '../wizard/wizard-reducer.js';
import {OptionList} from './option-list.js';

export interface QuestionScreenProps {
	readonly state: WizardState;
}

/** One question a screen: progress, the question, its choices or an open number field. */
export function QuestionScreen({state}: QuestionScreenProps) {
	const question = currentQuestion(state);
	if (!question) {
		return null;
	}

	const {position, total} = progressOf(state);
	return (
		<Box flexDirection="column">
			<Text color={theme.text.muted}>
				netplace · {position} of {total}
			</Text>
			<Text bold color={theme.text.heading}>
				{question.title}
			</Text>
			<Text color={theme.text.muted}>{question.help}</Text>
			<Box marginTop={1} flexDirection="column">
				{state.typing ? (
					<Text>
						{question.typePrompt ?? 'Value'}: <Text color={theme.text.accent}>{state.draft}</Text>
						<Text inverse> </Text>
					</Text>
				) : (
					<OptionList labels={question.options.map((option) => option.label)} cursor={state.cursor} />
				)}
			</Box>
			{state.error ? <Text color={theme.status.error}>{state.error}</Text> : null}
			<Box marginTop={1}>
				<Text color={theme.text.muted}>
					{state.typing ? 'Enter confirm · Esc back to the choices' : '↑/↓ choose · Enter next · Esc back'}
				</Text>
			</Box>
		</Box>
	);
}
