// Keys of the probe screen -> its actions. Set up: ↑/↓/Tab field, ←/→ choice, type into text fields,
// Enter show the plan, Esc back to the result. Plan: Enter runs the lab; clouds need `y`. Running:
// Esc or Ctrl-C aborts (teardown still runs). Done: r set up again, Esc back to the result, q quit.

import {exitCodes} from '../../../domain/errors.js';
import type {ScrollMove} from '../../components/scroll/scroll.js';
import {scrollMoveOf} from '../../components/scroll/scroll-keys.js';
import {useScreenInput} from '../key-router.js';
import {splitAtEnter} from '../text-edit.js';
import {needsConfirm, type ProbeState} from './probe-reducer.js';
import type {ProbeActions} from './use-probe-state.js';

export interface ProbeNavigation {
	readonly close: () => void;
	readonly quit: (code: number) => void;
	/** Scrolls the finished run's lines (the answer screen's keys: scroll-keys.ts). */
	readonly scroll?: (move: ScrollMove) => void;
}

export function useProbeInput(
	state: ProbeState,
	actions: ProbeActions,
	navigation: ProbeNavigation,
	options: {readonly isActive: boolean},
): void {
	useScreenInput(
		(input, key) => {
			const ctrlC = key.ctrl && input === 'c';
			switch (state.phase) {
				case 'setup': {
					if (ctrlC) {
						navigation.quit(exitCodes.interrupted);
					} else if (key.escape) {
						navigation.close();
					} else if (key.return) {
						actions.submit();
					} else if (key.upArrow || (key.tab && key.shift)) {
						actions.move(-1);
					} else if (key.downArrow || key.tab) {
						actions.move(1);
					} else if (key.leftArrow) {
						actions.cycle(-1);
					} else if (key.rightArrow || input === ' ') {
						actions.cycle(1);
					} else if (key.backspace || key.delete) {
						actions.erase();
					} else if (input && !key.ctrl && !key.meta) {
						const {text, enter} = splitAtEnter(input);
						actions.typeText(text);
						if (enter) actions.submit();
					}

					break;
				}

				case 'plan': {
					if (ctrlC) {
						navigation.quit(exitCodes.interrupted);
					} else if (key.escape || input === 'n') {
						actions.back();
					} else if (needsConfirm(state) ? input === 'y' : key.return || input === 'y') {
						actions.start();
					}

					break;
				}

				case 'running':
				case 'aborting': {
					if (ctrlC || key.escape) {
						actions.interrupt();
					}

					break;
				}

				case 'done':
				case 'failed': {
					if (ctrlC) {
						navigation.quit(exitCodes.interrupted);
					} else if (input === 'q') {
						navigation.quit(exitCodes.ok);
					} else if (input === 'r') {
						actions.back();
					} else if (key.escape) {
						navigation.close();
					} else {
						const move = scrollMoveOf(key);
						if (move) navigation.scroll?.(move);
					}

					break;
				}

				case 'planning': {
					if (ctrlC) {
						navigation.quit(exitCodes.interrupted);
					}

					break;
				}
			}
		},
		{isActive: options.isActive},
	);
}
