// The one advise() call both faces make: `netplace advise` and the wizard's result screen hand it the same
// workload, evidence and catalogue, and get the same Advice, with the search it rests on for the card.
// Pure.

import {adviseSized} from '../advice/advise.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import type {Advice, Measurement, Workload} from '../domain/types.js';

/** The lab has no shapes to search: its answer has no configurations. */
export const noConfigurations: SizeResult = {meetsTarget: false, configurations: [], closest: null};

export interface SessionAdvice {
	readonly advice: Advice;
	/** What `size()` gives for the workload over the same shapes and evidence (searched once, inside advise). */
	readonly result: SizeResult;
}

/** The advice over the catalogue's shapes (the study's for the lab, or when no catalogue is given). */
export function sessionAdvice(
	workload: Workload,
	measurements: readonly Measurement[],
	shapes: readonly ShapeRecord[],
): SessionAdvice {
	const catalogue = workload.cloud === 'lab' || shapes.length === 0 ? undefined : shapes;
	const {advice, result} = adviseSized(workload, measurements, catalogue);
	return {advice, result: result ?? noConfigurations};
}
