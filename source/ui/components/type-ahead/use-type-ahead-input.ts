// The type-ahead's keys -> its actions: text and Backspace edit the query, ↑/↓ move, PgUp/PgDn jump,
// Enter chooses the highlighted match (or nothing, on an empty query), Esc goes back, Ctrl-C interrupts.
// When Enter lands, the chosen item is reported once.

import {useEffect} from 'react';
import {useScreenInput} from '../../screens/key-router.js';
import {highlighted, type PickItem, type TypeAheadState} from './type-ahead-reducer.js';
import type {TypeAheadActions} from './use-type-ahead-state.js';

export interface TypeAheadCallbacks {
	/** Enter: the highlighted item, or null when nothing was typed (skip). */
	readonly onChoose: (item: PickItem | null) => void;
	readonly onBack: () => void;
	readonly onInterrupt: () => void;
}

export const pageRows = 8;

export function useTypeAheadInput(
	state: TypeAheadState,
	actions: TypeAheadActions,
	callbacks: TypeAheadCallbacks,
	options: {readonly isActive: boolean},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') callbacks.onInterrupt();
			else if (key.escape) callbacks.onBack();
			else if (key.return) actions.submit();
			else if (key.upArrow) actions.move(-1);
			else if (key.downArrow) actions.move(1);
			else if (key.pageUp) actions.move(-pageRows);
			else if (key.pageDown) actions.move(pageRows);
			else if (key.backspace || key.delete) actions.erase();
			else if (input && !key.ctrl && !key.meta) actions.typeText(input);
		},
		{isActive: options.isActive && !state.submitted},
	);
	const {onChoose} = callbacks;
	useEffect(() => {
		if (state.submitted) onChoose(highlighted(state) ?? null);
	}, [state, onChoose]);
}
