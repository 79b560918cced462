// Keys of the result screen -> its actions (what each does: result-keys.ts). What-if: ←/→ streams, +/−
// target, g placement, x ENA Express, t Tier_1, 0 back to the answers. Scroll: ↑/↓, PgUp/PgDn, Home/End.
// a the answers list, e export Markdown, s save, r start over (after a y), p probe the recommendation,
// w the stored and imported results explained (w or Esc closes), ? the keys (help, scrolled the same way;
// ? or Esc closes), Esc back to the last question, q quit,
// Ctrl-C interrupt.

import type {Key} from 'ink';
import type {WhatIfAction} from '../../../session/what-if.js';
import type {ScrollMove} from '../../components/scroll/scroll.js';
import {scrollMoveOf} from '../../components/scroll/scroll-keys.js';
import {useScreenInput} from '../key-router.js';

export interface ResultNavigation {
	readonly restart: () => void;
	/** Esc: back to the question the answer came from (the last one), answers kept. */
	readonly back: () => void;
	readonly probe: () => void;
	readonly quit: () => void;
	/** Ctrl-C: quit with exit code 130. */
	readonly interrupt: () => void;
}

export interface ResultInputActions {
	readonly startSaving: () => void;
	readonly startExport: () => void;
	/** What-if keys; the placement key's list comes from the screen (the catalogue's placements in scope). */
	readonly whatIf: (action: WhatIfAction) => void;
	readonly cyclePlacement: () => void;
	readonly scroll: (move: ScrollMove) => void;
	readonly openAnswers: () => void;
	/** `?`: open (true) or close (false) the keys' help. */
	readonly showHelp: (open: boolean) => void;
	/** `w`: open (true) or close (false) the stored results explained. */
	readonly showExplain: (open: boolean) => void;
	/** `r`: ask before wiping the answers (true), or stop asking (false). */
	readonly askRestart: (asking: boolean) => void;
	readonly navigation: ResultNavigation;
}

const whatIfKeys: Readonly<Record<string, WhatIfAction>> = {
	'+': {type: 'target', delta: 1},
	'=': {type: 'target', delta: 1},
	'-': {type: 'target', delta: -1},
	x: {type: 'cycle-ena-express'},
	t: {type: 'cycle-tier1'},
	'0': {type: 'reset'},
};

function navigate(input: string, key: Key, actions: ResultInputActions): void {
	const {navigation} = actions;
	if (input === 's') actions.startSaving();
	else if (input === 'e') actions.startExport();
	else if (input === 'a') actions.openAnswers();
	else if (input === 'r') actions.askRestart(true);
	else if (input === 'p') navigation.probe();
	else if (input === '?') actions.showHelp(true);
	else if (input === 'w') actions.showExplain(true);
	else if (input === 'q') navigation.quit();
	else if (key.escape) navigation.back();
}

/** While the help is open: its scroll, ? or Esc to close it, q to quit. */
function helpKey(input: string, key: Key, move: ScrollMove | null, actions: ResultInputActions): void {
	if (move) actions.scroll(move);
	else if (input === '?' || key.escape) actions.showHelp(false);
	else if (input === 'q') actions.navigation.quit();
}

/** While the stored results are explained: their scroll, w or Esc to close, q to quit. */
function explainKey(input: string, key: Key, move: ScrollMove | null, actions: ResultInputActions): void {
	if (move) actions.scroll(move);
	else if (input === 'w' || key.escape) actions.showExplain(false);
	else if (input === 'q') actions.navigation.quit();
}

export function useResultInput(
	actions: ResultInputActions,
	options: {
		readonly isActive: boolean;
		readonly askingRestart: boolean;
		readonly helpOpen: boolean;
		readonly explainOpen?: boolean;
	},
): void {
	useScreenInput(
		(input, key) => {
			const move = scrollMoveOf(key);
			const whatIf = whatIfKeys[input];
			if (key.ctrl && input === 'c') actions.navigation.interrupt();
			else if (options.helpOpen) helpKey(input, key, move, actions);
			else if (options.explainOpen) explainKey(input, key, move, actions);
			else if (options.askingRestart) {
				if (input === 'y') actions.navigation.restart();
				else actions.askRestart(false);
			} else if (key.rightArrow) actions.whatIf({type: 'streams', delta: 1});
			else if (key.leftArrow) actions.whatIf({type: 'streams', delta: -1});
			else if (move) actions.scroll(move);
			else if (whatIf) actions.whatIf(whatIf);
			else if (input === 'g') actions.cyclePlacement();
			else navigate(input, key, actions);
		},
		{isActive: options.isActive},
	);
}
