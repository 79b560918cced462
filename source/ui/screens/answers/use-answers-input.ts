// Keys of the answers list: ↑/↓ (or k/j) move, Enter opens the answer under the cursor, Esc or `a` closes
// the list, Ctrl-C interrupts. While an answer is open, its question's own keys apply (questions/).

import {useScreenInput} from '../key-router.js';
import type {AnswersActions} from './use-answers-state.js';

export function useAnswersInput(
	actions: AnswersActions,
	options: {readonly isActive: boolean; readonly count: number; readonly onInterrupt: () => void},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') options.onInterrupt();
			else if (key.escape || input === 'a') actions.close();
			else if (key.return) actions.edit();
			else if (key.upArrow || input === 'k') actions.move(-1, options.count);
			else if (key.downArrow || input === 'j') actions.move(1, options.count);
		},
		{isActive: options.isActive},
	);
}
