// The result screen's state hook: the pure reducer, named actions, and the save through the profile store.

import {useMemo, useReducer} from 'react';
import type {Advice, Workload} from '../../advisor/types.js';
import {UserError} from '../../errors.js';
import {type ProfileSaverSource, resolveProfileSaver} from './profile-saver.js';
import {initialSaveState, type SaveState, saveReducer, validateProfileName} from './save-reducer.js';

export interface SaveActions {
	readonly startNaming: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly cancelNaming: () => void;
	/** Validate the typed name and save the workload and advice under it. */
	readonly submit: (draft: string) => Promise<void>;
}

function describeError(error: unknown): string {
	if (error instanceof UserError) {
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
	const actions = useMemo<SaveActions>(
		() => ({
			startNaming: () => dispatch({type: 'start-naming'}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			cancelNaming: () => dispatch({type: 'cancel-naming'}),
			async submit(draft) {
				const name = draft.trim();
				const problem = validateProfileName(name);
				if (problem) {
					dispatch({type: 'name-rejected', error: problem});
					return;
				}

				try {
					const saver = await resolveProfileSaver(store);
					await saver.save(name, probeRunIds.length > 0 ? {workload, advice, probeRunIds} : {workload, advice});
					dispatch({type: 'saved', name, path: saver.path, recoveredFrom: saver.recoveredFrom ?? null});
				} catch (error: unknown) {
					dispatch({type: 'save-failed', error: describeError(error)});
				}
			},
		}),
		[store, workload, advice, probeRunIds],
	);
	return [state, actions];
}
