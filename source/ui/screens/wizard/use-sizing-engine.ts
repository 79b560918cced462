// Loads the sizing engine (the shape catalogue and size()) once, after the first frame, so it is ready
// by the time the questions are answered; the result screen shows the decision order until it is.

import {useEffect, useState} from 'react';
import {firstLineOf} from '../../../domain/errors.js';
import type {SizingEngine, SizingEngineLoader} from '../../../session/sizing-engine.js';

export type EngineState =
	| {readonly status: 'loading'; readonly engine: null}
	| {readonly status: 'ready'; readonly engine: SizingEngine}
	| {readonly status: 'failed'; readonly engine: null; readonly error: string};

export function useSizingEngine(load: SizingEngineLoader): EngineState {
	const [state, setState] = useState<EngineState>({status: 'loading', engine: null});
	useEffect(() => {
		let current = true;
		load().then(
			(engine) => current && setState({status: 'ready', engine}),
			(error: unknown) => current && setState({status: 'failed', engine: null, error: firstLineOf(error)}),
		);
		return () => {
			current = false;
		};
	}, [load]);
	return state;
}
