// One key subscription for the whole app, routed to the screen on show. Ink subscribes `useInput`
// handlers in passive effects, after the frame is written: a key typed right after a screen appears
// would reach the previous screen's handler, or none. Screens register here in a layout effect, in
// the same commit as their frame, so the handler is never behind what is shown.

import {type Key, useInput} from 'ink';
import {createContext, type RefObject, useContext, useLayoutEffect, useRef} from 'react';

export type KeyHandler = (input: string, key: Key) => void;

export const KeyRouterContext = createContext<RefObject<KeyHandler | null> | null>(null);

/** The app's single subscription: returns the ref to provide through KeyRouterContext. */
export function useKeyRouter(options: {readonly isActive: boolean}): RefObject<KeyHandler | null> {
	const current = useRef<KeyHandler | null>(null);
	useInput(
		(input, key) => {
			current.current?.(input, key);
		},
		{isActive: options.isActive},
	);
	return current;
}

/** A screen's keys: the handler of the latest render receives every key while `isActive`. */
export function useScreenInput(handler: KeyHandler, options: {readonly isActive: boolean}): void {
	const router = useContext(KeyRouterContext);
	useLayoutEffect(() => {
		if (!router || !options.isActive) {
			return undefined;
		}

		router.current = handler;
		return () => {
			if (router.current === handler) {
				router.current = null;
			}
		};
	});
}
