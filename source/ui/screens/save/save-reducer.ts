// The result screen's save panel: viewing, naming a profile to save, asking whether to replace a profile
// of that name, saved, or a save that failed. Pure.

import {applyTyped} from '../text-edit.js';

export type SaveMode = 'view' | 'naming' | 'saved';

export interface SaveState {
	readonly mode: SaveMode;
	readonly draft: string;
	readonly error: string | null;
	/** A profile of this name is stored: "replace it? y/n" is open (still in `naming`). */
	readonly asking: string | null;
	/** After a save: the profile's name and the file it lives in. */
	readonly saved: {readonly name: string; readonly path: string; readonly recoveredFrom: string | null} | null;
}

export type SaveAction =
	| {readonly type: 'start-naming'}
	| {readonly type: 'type-text'; readonly text: string}
	| {readonly type: 'erase'}
	| {readonly type: 'cancel-naming'}
	| {readonly type: 'name-rejected'; readonly error: string}
	| {readonly type: 'exists'; readonly name: string}
	| {readonly type: 'keep-existing'}
	| {readonly type: 'saved'; readonly name: string; readonly path: string; readonly recoveredFrom?: string | null}
	| {readonly type: 'save-failed'; readonly error: string};

export const initialSaveState: SaveState = {mode: 'view', draft: '', error: null, asking: null, saved: null};

/** A blank name is caught here; the profile store checks the rest (and says what a name may be). */
export function validateProfileName(name: string): string | null {
	return name.trim() === '' ? 'Type a name for the profile.' : null;
}

/** The name can be edited: naming, with no question open. */
function editing(state: SaveState): boolean {
	return state.mode === 'naming' && state.asking === null;
}

export function saveReducer(state: SaveState, action: SaveAction): SaveState {
	switch (action.type) {
		case 'start-naming': {
			return {...state, mode: 'naming', draft: '', error: null, asking: null};
		}

		case 'type-text': {
			const draft = applyTyped(state.draft, action.text);
			return editing(state) && draft !== state.draft ? {...state, draft, error: null} : state;
		}

		case 'erase': {
			return editing(state) ? {...state, draft: state.draft.slice(0, -1), error: null} : state;
		}

		case 'cancel-naming': {
			return {...state, mode: 'view', draft: '', error: null, asking: null};
		}

		case 'exists': {
			return state.mode === 'naming' ? {...state, error: null, asking: action.name} : state;
		}

		case 'keep-existing': {
			return {...state, asking: null};
		}

		case 'name-rejected':
		case 'save-failed': {
			return {...state, error: action.error, asking: null};
		}

		case 'saved': {
			return savedState(action);
		}
	}
}

function savedState(action: Extract<SaveAction, {type: 'saved'}>): SaveState {
	const saved = {name: action.name, path: action.path, recoveredFrom: action.recoveredFrom ?? null};
	return {mode: 'saved', draft: '', error: null, asking: null, saved};
}
