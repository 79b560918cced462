// Keys of the result screen -> its actions: s save, r start over, p probe, q/Esc quit, Ctrl-C interrupt.

import {useScreenInput} from '../key-router.js';

export interface ResultNavigation {
	readonly restart: () => void;
	readonly probe: () => void;
	readonly quit: () => void;
	/** Ctrl-C: quit with exit code 130. */
	readonly interrupt: () => void;
}

export interface ResultInputActions {
	readonly startSaving: () => void;
	readonly navigation: ResultNavigation;
}

export function useResultInput(actions: ResultInputActions, options: {readonly isActive: boolean}): void {
	const {navigation} = actions;
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				navigation.interrupt();
			} else if (input === 's') {
				actions.startSaving();
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
