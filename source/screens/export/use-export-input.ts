// Keys while naming the Markdown file -> the export panel's actions: text, Backspace, Enter write, Esc cancel.

import {useScreenInput} from '../key-router.js';
import {applyTyped} from '../text-edit.js';
import type {ExportState} from './export-reducer.js';
import type {ExportActions} from './use-export-state.js';

export function useExportInput(
	state: ExportState,
	actions: ExportActions,
	options: {readonly isActive: boolean; readonly onInterrupt: () => void},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				options.onInterrupt();
			} else if (key.escape) {
				actions.cancel();
			} else if (key.return) {
				void actions.submit(state);
			} else if (key.backspace || key.delete) {
				actions.erase();
			} else if (input && !key.ctrl && !key.meta) {
				// A chunk that ends in Enter (a paste, typing over SSH): type it, then write under that name.
				const enter = input.search(/[\r\n]/);
				actions.typeText(enter === -1 ? input : input.slice(0, enter));
				if (enter !== -1) void actions.submit({...state, draft: applyTyped(state.draft, input.slice(0, enter))});
			}
		},
		{isActive: options.isActive},
	);
}
