// The export panel's state hook: the pure reducer, named actions, and the write. The file is created
// with `wx`, so an existing file is never replaced without a second Enter on the same name.

import {writeFile} from 'node:fs/promises';
import {dirname} from 'node:path';
import {useMemo, useReducer, useRef} from 'react';
import {firstLineOf} from '../../../domain/errors.js';
import {userPath} from '../../../request/user-path.js';
import {
	defaultExportName,
	type ExportState,
	exportReducer,
	initialExportState,
	validateFileName,
} from './export-reducer.js';

export interface ExportActions {
	readonly start: () => void;
	readonly typeText: (text: string) => void;
	readonly erase: () => void;
	readonly cancel: () => void;
	/** Write to the file named `draft`; replaces an existing file only after it was reported for that name. */
	readonly submit: (draft: string) => Promise<void>;
}

/** `markdown` renders the session when the user submits (so the file holds what the screen shows then). */
export function useExportState(markdown: () => string, cwd = process.cwd()): readonly [ExportState, ExportActions] {
	const [state, dispatch] = useReducer(exportReducer, initialExportState);
	// The state the keys saw: a second Enter replaces the file reported as existing, not a name typed since.
	const seen = useRef(state);
	seen.current = state;
	const actions = useMemo<ExportActions>(
		() => ({
			start: () => dispatch({type: 'start-naming', suggestion: defaultExportName}),
			typeText: (text) => dispatch({type: 'type-text', text}),
			erase: () => dispatch({type: 'erase'}),
			cancel: () => dispatch({type: 'cancel'}),
			async submit(draft) {
				const problem = validateFileName(draft);
				if (problem) {
					dispatch({type: 'failed', error: problem});
					return;
				}

				const path = userPath(draft, cwd);
				const replace = seen.current.confirmReplace && seen.current.draft === draft;
				try {
					await writeFile(path, markdown(), {flag: replace ? 'w' : 'wx'});
					dispatch({type: 'written', path});
				} catch (error: unknown) {
					const code = (error as NodeJS.ErrnoException).code;
					if (code === 'EEXIST') dispatch({type: 'exists', path});
					else if (code === 'ENOENT')
						dispatch({type: 'failed', error: `no folder ${dirname(path)}: name a file in one that exists`});
					else dispatch({type: 'failed', error: firstLineOf(error)});
				}
			},
		}),
		[markdown, cwd],
	);
	return [state, actions];
}
