// The result screen's answers list (`a`): every answer the questions hold, one a row; Enter opens one as
// its question (the question screen's own state, keys and view, for that question alone) while the card
// above re-ranks on the highlighted choice; Enter keeps it, Esc leaves it as it was.

import {Box, Text} from 'ink';
import {useCallback} from 'react';
import type {ShapeRecord} from '../../../domain/model-types.js';
import type {Workload} from '../../../domain/types.js';
import {theme} from '../../../present/theme.js';
import {OptionList} from '../../components/option-list.js';
import {activeQuestions} from '../questions/questions.js';
import {QuestionsScreen} from '../questions/questions-screen.js';
import {answerRows} from './answer-labels.js';
import type {AnswersState} from './answers-reducer.js';
import {useAnswersInput} from './use-answers-input.js';
import type {AnswersActions} from './use-answers-state.js';

export interface AnswersPanelProps {
	readonly workload: Workload;
	readonly state: AnswersState;
	readonly actions: AnswersActions;
	readonly shapes: readonly ShapeRecord[] | null;
	readonly width: number;
	readonly isActive: boolean;
	/** Enter on an open answer: the answers with it changed. */
	readonly onKeep: (workload: Workload) => void;
	/** The answers the card shows while one is open (null: as they stand). */
	readonly onPreview: (workload: Workload | null) => void;
	readonly onInterrupt: () => void;
}

/** Rows the panel takes, so the result's viewport leaves room for it. */
export function answersPanelRows(workload: Workload, state: AnswersState): number {
	const asked = activeQuestions(workload);
	if (!state.editing) return asked.length + 2;
	const question = asked[state.cursor];
	// The question's header, title, help, a blank row, its choices (or a type-ahead's query, blank row, eight
	// matches, count and published line), error, blank, keys.
	const picks = question?.options.some((option) => option.value === 'pick') === true;
	return Math.max(question?.options.length ?? 0, picks ? 12 : 0) + 7;
}

export function AnswersPanel(props: AnswersPanelProps) {
	const {workload, state, actions, shapes, width, isActive, onKeep, onPreview, onInterrupt} = props;
	const asked = activeQuestions(workload);
	useAnswersInput(actions, {isActive: isActive && !state.editing, count: asked.length, onInterrupt});
	const {edited} = actions;
	const keep = useCallback(
		(changed: Workload) => {
			edited();
			onPreview(null);
			onKeep(changed);
		},
		[edited, onKeep, onPreview],
	);
	const leave = useCallback(() => {
		edited();
		onPreview(null);
	}, [edited, onPreview]);
	if (state.editing) {
		return (
			<QuestionsScreen
				initialWorkload={workload}
				initialIndex={state.cursor}
				only
				isActive={isActive}
				onAnswered={keep}
				onCancel={leave}
				onInterrupt={onInterrupt}
				onPreview={onPreview}
				shapes={shapes}
				width={width}
			/>
		);
	}

	return (
		<Box flexDirection="column">
			<Text bold color={theme.text.heading}>
				Your answers
			</Text>
			<OptionList labels={answerRows(asked, workload)} cursor={state.cursor} />
			<Text color={theme.text.muted}>↑/↓ choose · Enter change this answer · Esc or a back to the keys</Text>
		</Box>
	);
}
