// advise(workload, evidence, shapes) -> Advice: the top configurations (the same search as `size`), the
// decision order as what-ifs on the first of them (what-ifs/), the notes and the bandwidth table.

import {cloudsInScope} from '../domain/clouds.js';
import {evidenceView} from '../domain/evidence.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import {referenceMeasurements} from '../domain/study-cells.js';
import type {Advice, Measurement, RealCloud, Workload} from '../domain/types.js';
import {size} from '../sizing/search.js';
import {studyShapeRecords} from '../sizing/study-records.js';
import {bandwidthTable} from './bandwidth-table.js';
import {adviceNotes} from './notes.js';
import {decisionOrder} from './what-ifs/decision-order.js';

/** The advice and the one search it rests on: the same `SizeResult` `size()` gives for the workload. */
export interface SizedAdvice {
	readonly advice: Advice;
	/** Null for the lab: it has no shapes to search. */
	readonly result: SizeResult | null;
}

/**
 * The ranked steps, configurations, notes and bandwidth table for a workload. Evidence defaults to the
 * study; the user's probes (`source: 'probe'`) replace the reference figure of the cell they measured.
 * Shapes default to the study's four (pass the catalogue's records to size over every shape).
 */
export function advise(
	workload: Workload,
	evidence: readonly Measurement[] = referenceMeasurements(),
	shapes: readonly ShapeRecord[] = studyShapeRecords(),
): Advice {
	return adviseSized(workload, evidence, shapes).advice;
}

/**
 * `advise()` with the search it ran: the recommendation card lays out `result` and the decision order is
 * `advice`, so a face that shows both searches once.
 */
export function adviseSized(
	workload: Workload,
	evidence: readonly Measurement[] = referenceMeasurements(),
	shapes: readonly ShapeRecord[] = studyShapeRecords(),
): SizedAdvice {
	const clouds = cloudsInScope(workload.cloud);
	// The study is always the background: cells the evidence lacks fall back to the catalogue, and what the
	// evidence holds (a probe, or a reference row as given) wins over the catalogue's copy.
	const background = workload.cloud === 'lab' ? [] : referenceMeasurements();
	const view = evidenceView([...background, ...evidence].filter((measurement) => clouds.includes(measurement.cloud)));
	const real = clouds.filter((cloud): cloud is RealCloud => cloud !== 'lab');
	const scoped = {...workload, cloud: real.length === 1 ? (real[0] ?? workload.cloud) : workload.cloud};
	const result = real.length === 0 ? null : size(scoped, shapes, view);
	const advice: Advice = {
		workload,
		configurations: result?.configurations ?? [],
		steps: decisionOrder(workload, result, shapes, view),
		notes: adviceNotes(workload, view, clouds, result, shapes),
		bandwidth: bandwidthTable(evidence, workload.cloud),
		...(result?.emptiedBy ? {emptiedBy: result.emptiedBy} : {}),
		...(result?.unpriced ? {unpriced: result.unpriced} : {}),
	};
	return {advice, result};
}
