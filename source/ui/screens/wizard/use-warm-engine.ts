// While the questions are answered: once the catalogue and the stored results are in, one advice over the
// whole catalogue (every cloud, placement and option) runs in the background. It works out the model's
// limits for every configuration (remembered by sizing/model.ts, the same for any evidence that does not
// hold the shape) and warms the code, so the result's first frame and each what-if only rank.

import {useEffect, useRef} from 'react';
import {defaultWorkload, type Measurement, type Workload} from '../../../domain/types.js';
import type {SizingEngine} from '../../../session/sizing-engine.js';

/** Short and sustained transfers rest on different figures: both are worked out. */
const everyConfiguration: readonly Workload[] = [
	{...defaultWorkload, cloud: 'any', sustained: false},
	{...defaultWorkload, cloud: 'any', sustained: true},
];

/**
 * Each workload is warmed once per engine: new evidence (a list equal or not) does not warm it again, since
 * the limits worked out hold for any evidence that does not hold the shape; a search its timer never reached
 * (the evidence changed first) is still run.
 */
export function useWarmEngine(engine: SizingEngine | null, measurements: readonly Measurement[] | null): void {
	const warmed = useRef<{engine: SizingEngine | null; done: Set<Workload>}>({engine: null, done: new Set()});
	useEffect(() => {
		if (engine === null || measurements === null) return;
		if (warmed.current.engine !== engine) warmed.current = {engine, done: new Set()};
		const {done} = warmed.current;
		// One search per turn of the event loop, after the frame in hand is drawn: a keypress waits for one at most.
		const timers = everyConfiguration
			.filter((workload) => !done.has(workload))
			.map((workload, index) =>
				setTimeout(() => {
					done.add(workload);
					engine.advise(workload, measurements);
				}, index),
			);
		return () => {
			for (const timer of timers) clearTimeout(timer);
		};
	}, [engine, measurements]);
}
