// Keys of the result screen -> its actions: s save, r start over, p probe, q/Esc quit; while naming, text.

import {useScreenInput} from './key-router.js';
import type {ResultState} from './result-reducer.js';
import type {ResultActions} from './use-result-state.js';

export interface ResultNavigation {
	readonly restart: () => void;
	readonly probe: () => void;
	readonly quit: () => void;
	/** Ctrl-C: quit with exit code 130. */
	readonly interrupt: () => void;
}

export function useResultInput(
	state: ResultState,
	actions: ResultActions,
	navigation: ResultNavigation,
	options: {readonly isActive: boolean},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				navigation.interrupt();
				return;
			}

			if (state.mode === 'naming') {
				if (key.escape) {
					actions.cancelNaming();
				} else if (key.return) {
					void actions.submit(state.draft);
				} else if (key.backspace || key.delete) {
					actions.erase();
				} else if (input && !key.ctrl && !key.meta) {
					actions.typeText(input);
				}

				return;
			}

			if (input === 's') {
				actions.startNaming();
			} else if (input === 'r') {
				navigation.restart();
			} else if (input === 'p') {
				navigation.probe();
			} else if (input === 'q' || key.escape) {
				navigation.quit();
			}
		},
		{isActive: options.isActive},
	);
}
