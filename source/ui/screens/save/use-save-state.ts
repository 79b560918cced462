// The save panel's state hook: the pure reducer, named actions, and the save through the profile store.
// A name that is stored already asks "replace it? y/n" (ProfileExistsError); y saves with overwrite.

import {useMemo, useReducer} from 'react';
import {isSaid} from '../../../domain/errors.js';
import type {Advice, Workload} from '../../../domain/types.js';
import {ProfileExistsError} from '../../../stores/profile-exists-error.js';
import {type ProfileSaverSource, resolveProfileSaver} from './profile-saver.js';
import {initialSaveState, type SaveState, saveReducer, validateProfileName} from './save-reducer.js';

export interface SaveActions {
	readonly startNaming: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly cancel: () => void;
	/** Validate the typed name and save the workload and advice under it (asks first if it is taken). */
	readonly submit: (draft: string) => Promise<void>;
	/** The answer to "replace it?": yes saves over the stored profile, no goes back to the name. */
	readonly answer: (yes: boolean, draft: string) => Promise<void>;
}

function describeError(error: unknown): string {
	if (isSaid(error)) {
		return error.hint ? `${error.message} (${error.hint})` : error.message;
	}

	return error instanceof Error ? error.message : String(error);
}

export interface SaveInput {
	readonly store: ProfileSaverSource;
	readonly workload: Workload;
	readonly advice: Advice;
	readonly probeRunIds: readonly string[];
}

export function useSaveState(input: SaveInput): readonly [SaveState, SaveActions] {
	const [state, dispatch] = useReducer(saveReducer, initialSaveState);
	const {store, workload, advice, probeRunIds} = input;
	const actions = useMemo<SaveActions>(() => {
		async function save(draft: string, overwrite: boolean): Promise<void> {
			const name = draft.trim();
			const problem = validateProfileName(name);
			if (problem) {
				dispatch({type: 'name-rejected', error: problem});
				return;
			}

			try {
				const saver = await resolveProfileSaver(store);
				const entry = probeRunIds.length > 0 ? {workload, advice, probeRunIds} : {workload, advice};
				await saver.save(name, entry, overwrite ? {overwrite: true} : {});
				dispatch({type: 'saved', name, path: saver.path, recoveredFrom: saver.recoveredFrom ?? null});
			} catch (error: unknown) {
				dispatch(
					error instanceof ProfileExistsError && !overwrite
						? {type: 'exists', name}
						: {type: 'save-failed', error: describeError(error)},
				);
			}
		}

		return {
			startNaming: () => dispatch({type: 'start-naming'}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			cancel: () => dispatch({type: 'cancel-naming'}),
			submit: async (draft) => save(draft, false),
			async answer(yes, draft) {
				if (yes) await save(draft, true);
				else dispatch({type: 'keep-existing'});
			},
		};
	}, [store, workload, advice, probeRunIds]);
	return [state, actions];
}
