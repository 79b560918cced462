// The result screen's export panel: naming the Markdown file, a file that exists (Enter again replaces
// it), written, or a write that failed. Pure.

import {applyTyped} from '../text-edit.js';

export type ExportMode = 'view' | 'naming' | 'written';

export interface ExportState {
	readonly mode: ExportMode;
	readonly draft: string;
	/** The file named exists: the next Enter on the same name replaces it. */
	readonly confirmReplace: boolean;
	readonly error: string | null;
	/** After a write: the file's absolute path. */
	readonly written: string | null;
}

export type ExportAction =
	| {readonly type: 'start-naming'; readonly suggestion: string}
	| {readonly type: 'type-text'; readonly text: string}
	| {readonly type: 'erase'}
	| {readonly type: 'cancel'}
	| {readonly type: 'exists'; readonly path: string}
	| {readonly type: 'written'; readonly path: string}
	| {readonly type: 'failed'; readonly error: string};

export const initialExportState: ExportState = {
	mode: 'view',
	draft: '',
	confirmReplace: false,
	error: null,
	written: null,
};

export const defaultExportName = 'netplace-session.md';

export function validateFileName(name: string): string | null {
	return name.trim() === '' ? 'Type a file name for the Markdown.' : null;
}

export function exportReducer(state: ExportState, action: ExportAction): ExportState {
	switch (action.type) {
		case 'start-naming': {
			return {...initialExportState, mode: 'naming', draft: action.suggestion};
		}

		case 'type-text': {
			if (state.mode !== 'naming') return state;
			const draft = applyTyped(state.draft, action.text);
			return draft === state.draft ? state : {...state, draft, confirmReplace: false, error: null};
		}

		case 'erase': {
			return state.mode === 'naming'
				? {...state, draft: state.draft.slice(0, -1), confirmReplace: false, error: null}
				: state;
		}

		case 'cancel': {
			return initialExportState;
		}

		case 'exists': {
			return {...state, confirmReplace: true, error: `${action.path} exists: Enter again replaces it`};
		}

		case 'written': {
			return {...initialExportState, mode: 'written', written: action.path};
		}

		case 'failed': {
			return {...state, confirmReplace: false, error: action.error};
		}
	}
}
