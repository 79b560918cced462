// A type-ahead picker's state: what is typed, which matches it has, which one is highlighted. The
// items are given (the whole shape catalogue, ~2,000 records): matching is a prefix of the name first,
// then a prefix of a name's part (after `.`, `-` or `_`), then anywhere in it. Pure.

import {applyTyped} from '../../screens/text-edit.js';

export interface PickItem {
	/** What choosing it returns (a shape name). */
	readonly value: string;
	/** Shown in the list, matched against. */
	readonly label: string;
	/** One line shown beside the label (vCPUs, memory, price). */
	readonly detail: string;
	/** Shown under the list while the item is highlighted (the published figure and its source). */
	readonly published: string;
}

export interface TypeAheadState {
	readonly query: string;
	readonly matches: readonly PickItem[];
	readonly cursor: number;
	/** Enter was pressed (alone or at the end of a typed chunk) on a match, or on an empty query. */
	readonly submitted: boolean;
}

export type TypeAheadAction =
	| {readonly type: 'type-text'; readonly text: string}
	| {readonly type: 'erase'}
	| {readonly type: 'move'; readonly delta: number}
	| {readonly type: 'submit'}
	| {readonly type: 'clear'};

/** At most this many matches are kept (the list scrolls within them). */
export const maxMatches = 200;

function partStarts(label: string, query: string): boolean {
	return label.split(/[.\-_]/).some((part, index) => index > 0 && part.startsWith(query));
}

/** Matches for a query, best first; an empty query matches nothing (the list opens on the first key). */
export function matchItems(items: readonly PickItem[], query: string): PickItem[] {
	const needle = query.trim().toLowerCase();
	if (needle === '') return [];
	const prefix: PickItem[] = [];
	const part: PickItem[] = [];
	const inside: PickItem[] = [];
	for (const item of items) {
		const label = item.label.toLowerCase();
		if (label.startsWith(needle)) prefix.push(item);
		else if (partStarts(label, needle)) part.push(item);
		else if (label.includes(needle)) inside.push(item);
	}

	return [...prefix, ...part, ...inside].slice(0, maxMatches);
}

export function initialTypeAheadState(): TypeAheadState {
	return {query: '', matches: [], cursor: 0, submitted: false};
}

function withQuery(state: TypeAheadState, query: string, items: readonly PickItem[]): TypeAheadState {
	return query === state.query ? state : {...state, query, matches: matchItems(items, query), cursor: 0};
}

/** Enter counts on a match, or on an empty query (nothing chosen); not on a query that matches nothing. */
function submit(state: TypeAheadState): TypeAheadState {
	const ready = state.matches.length > 0 || state.query.trim() === '';
	return ready ? {...state, submitted: true} : state;
}

export function typeAheadReducer(
	state: TypeAheadState,
	action: TypeAheadAction,
	items: readonly PickItem[],
): TypeAheadState {
	switch (action.type) {
		case 'type-text': {
			// A chunk (a paste, typing over SSH) is applied key by key; an Enter in it submits what came before.
			const enter = action.text.search(/[\r\n]/);
			const typed = enter === -1 ? action.text : action.text.slice(0, enter);
			const next = withQuery(state, applyTyped(state.query, typed), items);
			return enter === -1 ? next : submit(next);
		}

		case 'erase': {
			return withQuery(state, state.query.slice(0, -1), items);
		}

		case 'submit': {
			return submit(state);
		}

		case 'move': {
			const count = state.matches.length;
			if (count === 0) return state;
			return {...state, cursor: Math.min(count - 1, Math.max(0, state.cursor + action.delta))};
		}

		case 'clear': {
			return initialTypeAheadState();
		}
	}
}

export function highlighted(state: TypeAheadState): PickItem | undefined {
	return state.matches[state.cursor];
}

/** The slice of matches shown in `rows` lines, keeping the cursor in view. */
export function visibleWindow(
	state: TypeAheadState,
	rows: number,
): {readonly start: number; readonly items: readonly PickItem[]} {
	const start = Math.max(0, Math.min(state.cursor - Math.floor(rows / 2), state.matches.length - rows));
	return {start, items: state.matches.slice(start, start + rows)};
}
