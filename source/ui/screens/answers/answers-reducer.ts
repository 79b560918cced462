// The result screen's answers list: closed, open on a row, or one answer open for editing. Pure.

export interface AnswersState {
	readonly open: boolean;
	/** The row under the cursor (an index into the questions asked for the answers). */
	readonly cursor: number;
	/** The question under the cursor is open for editing. */
	readonly editing: boolean;
}

export type AnswersAction =
	| {readonly type: 'open'}
	| {readonly type: 'close'}
	| {readonly type: 'move'; readonly delta: number; readonly count: number}
	| {readonly type: 'edit'}
	/** The edit ended (kept or left as it was): back to the list. */
	| {readonly type: 'edited'};

export const closedAnswers: AnswersState = {open: false, cursor: 0, editing: false};

export function answersReducer(state: AnswersState, action: AnswersAction): AnswersState {
	switch (action.type) {
		case 'open': {
			return {...state, open: true, editing: false};
		}

		case 'close': {
			return {...state, open: false, editing: false};
		}

		case 'move': {
			if (!state.open || state.editing || action.count === 0) return state;
			return {...state, cursor: (state.cursor + action.delta + action.count) % action.count};
		}

		case 'edit': {
			return state.open ? {...state, editing: true} : state;
		}

		case 'edited': {
			return {...state, editing: false};
		}
	}
}
