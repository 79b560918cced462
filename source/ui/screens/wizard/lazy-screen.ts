// A screen whose module loads when first needed, not with the first frame, and can be loaded ahead.
// Loaded ahead (`preload`), it renders at once. Not yet loaded, it suspends, and React then holds the
// revealed screen back until 300 ms after the Suspense fallback was shown (its throttle on Suspense
// reveals): that was most of the time from the last answer to the result screen's first frame.
// No JSX here: the screens' props pass through createElement unchanged.

import {type ComponentType, createElement, type LazyExoticComponent, lazy, useEffect, useState} from 'react';

export interface LazyScreen<Props extends object> {
	/** Starts the module's load (once); resolves when it is in. */
	readonly preload: () => Promise<void>;
	/** The component once loaded, else null. */
	readonly loaded: () => ComponentType<Props> | null;
	/** The same component through React.lazy (suspends until loaded). */
	readonly suspending: LazyExoticComponent<ComponentType<Props>>;
}

export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
	let component: ComponentType<Props> | null = null;
	let loading: Promise<ComponentType<Props>> | null = null;
	const start = (): Promise<ComponentType<Props>> => {
		loading ??= load().then((loaded) => {
			component = loaded;
			return loaded;
		});
		return loading;
	};

	return {
		preload: async () => {
			await start();
		},
		loaded: () => component,
		suspending: lazy(async () => ({default: await start()})),
	};
}

export interface PreloadedScreenProps<Props extends object> {
	readonly screen: LazyScreen<Props>;
	readonly props: Props;
}

/** Renders the screen: at once when loaded, else through Suspense. Chosen once per mount (a switch would remount it). */
export function PreloadedScreen<Props extends object>({screen, props}: PreloadedScreenProps<Props>) {
	const [component] = useState<ComponentType<Props>>(() => screen.loaded() ?? screen.suspending);
	return createElement(component, props);
}

/**
 * Whether the screen's module is in, starting its load once `start` holds. A caller that mounts the screen
 * only once this is true never suspends. A failed load counts as in: the screen's own load then meets the
 * same error where it is shown.
 */
export function useLoadedScreen<Props extends object>(screen: LazyScreen<Props>, start: boolean): boolean {
	const [loaded, setLoaded] = useState(() => screen.loaded() !== null);
	useEffect(() => {
		if (!start || loaded) return;
		let live = true;
		const done = () => {
			if (live) setLoaded(true);
		};
		screen.preload().then(done, done);
		return () => {
			live = false;
		};
	}, [screen, start, loaded]);
	return loaded;
}
