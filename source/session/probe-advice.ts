// The advice a finished probe run changes, for both faces (`netplace probe`'s result and the wizard's probe
// screen): the workload answered through the one path (answer.ts) over the study's shapes, with the run's
// valid measurements as evidence beside the study's. Pure.

import {referenceMeasurements} from '../domain/study-cells.js';
import type {Advice, Measurement, Workload} from '../domain/types.js';
import {answer, evidenceOf} from './answer.js';
import {catalogueEngine} from './catalogue-engine.js';

export function adviceWithMeasurements(workload: Workload, measurements: readonly Measurement[]): Advice {
	return answer(catalogueEngine([]), workload, evidenceOf([...referenceMeasurements(), ...measurements])).advice;
}
