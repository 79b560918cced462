// Keys while a name is typed under the result (a profile to save, a Markdown file to write): text,
// Backspace, Enter submits, Esc cancels, Ctrl-C interrupts. A chunk that ends in Enter (a paste, typing
// over SSH) is typed, then submitted under that name. While a yes/no question about the name is open
// (`asking`, e.g. "replace it?"), y and n answer it (either case, an Enter in the same chunk too), Esc is
// a no, and other keys wait.

import {useScreenInput} from './key-router.js';
import {applyTyped, splitAtEnter} from './text-edit.js';

export interface NameEntry {
	/** The name as typed so far. */
	readonly draft: string;
	/** A yes/no question about the name is open (answered through `answer`). */
	readonly asking?: boolean;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly cancel: () => void;
	readonly submit: (draft: string) => unknown;
	readonly answer?: (yes: boolean, draft: string) => unknown;
}

export function useNameEntryInput(
	entry: NameEntry,
	options: {readonly isActive: boolean; readonly onInterrupt: () => void},
): void {
	useScreenInput(
		(input, key) => {
			if (key.ctrl && input === 'c') {
				options.onInterrupt();
			} else if (entry.asking) {
				const reply = key.escape ? 'n' : input.trim().toLowerCase();
				if (reply === 'y' || reply === 'n') void entry.answer?.(reply === 'y', entry.draft);
			} else if (key.escape) {
				entry.cancel();
			} else if (key.return) {
				void entry.submit(entry.draft);
			} else if (key.backspace || key.delete) {
				entry.erase();
			} else if (input && !key.ctrl && !key.meta) {
				const {text, enter} = splitAtEnter(input);
				entry.typeText(text);
				if (enter) void entry.submit(applyTyped(entry.draft, text));
			}
		},
		{isActive: options.isActive},
	);
}
