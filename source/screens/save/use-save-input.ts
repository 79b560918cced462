// Keys while naming a profile -> the save panel's actions: text, Backspace, Enter save, Esc cancel.

import {useScreenInput} from '../key-router.js';
import {applyTyped, splitAtEnter} from '../text-edit.js';
import type {SaveState} from './save-reducer.js';
import type {SaveActions} from './use-save-state.js';

export function useSaveInput(
	state: SaveState,
	actions: SaveActions,
	options: {readonly isActive: boolean; readonly onInterrupt: () => void},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				options.onInterrupt();
			} else if (key.escape) {
				actions.cancelNaming();
			} else if (key.return) {
				void actions.submit(state.draft);
			} else if (key.backspace || key.delete) {
				actions.erase();
			} else if (input && !key.ctrl && !key.meta) {
				const {text, enter} = splitAtEnter(input);
				actions.typeText(text);
				if (enter) void actions.submit(applyTyped(state.draft, text));
			}
		},
		{isActive: options.isActive},
	);
}
