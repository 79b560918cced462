// Keys of the question screens -> the wizard's named actions. Arrows move, Enter chooses, Esc goes back,
// y/n answer yes/no questions, digits go into an open number field, Ctrl-C interrupts.

import {useScreenInput} from '../key-router.js';
import {splitAtEnter} from '../text-edit.js';
import {yesNoIndex} from './questions.js';
import type {QuestionsState} from './questions-reducer.js';
import {currentQuestion} from './questions-reducer.js';
import type {QuestionsActions} from './use-questions-state.js';

export function useQuestionsInput(
	state: QuestionsState,
	actions: QuestionsActions,
	options: {readonly isActive: boolean; readonly onInterrupt: () => void},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				options.onInterrupt();
				return;
			}

			if (key.escape) {
				actions.back();
				return;
			}

			if (key.return) {
				actions.choose();
				return;
			}

			if (state.typing) {
				if (key.backspace || key.delete) {
					actions.erase();
				} else if (input) {
					const {text, enter} = splitAtEnter(input);
					actions.typeText(text);
					if (enter) actions.choose();
				}

				return;
			}

			if (key.upArrow || input === 'k') {
				actions.move(-1);
			} else if (key.downArrow || input === 'j') {
				actions.move(1);
			} else if (input === 'y' || input === 'n') {
				const question = currentQuestion(state);
				const index = question === undefined ? -1 : yesNoIndex(question, input === 'y');
				if (index >= 0) {
					actions.move(index - state.cursor);
					actions.choose();
				}
			}
		},
		{isActive: options.isActive},
	);
}
