// The sizing engine over a shape catalogue: the advice (with the one search it runs) and the search alone,
// over the same shapes and evidence. `netplace advise` and `size` build it over the catalogue they checked
// the flags against; the wizard over the bundled catalogue once loaded (default-sizing-engine.ts). The lab,
// or an empty catalogue, is answered over the study's shapes. Pure.

import {adviseSized} from '../advice/advise.js';
import {evidenceView} from '../domain/evidence.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import {size} from '../sizing/search.js';
import type {SizingEngine} from './sizing-engine.js';

/** The lab has no shapes to search: its answer has no configurations. */
export const noConfigurations: SizeResult = {meetsTarget: false, configurations: [], closest: null};

export function catalogueEngine(shapes: readonly ShapeRecord[]): SizingEngine {
	return {
		shapes,
		advise(workload, measurements) {
			const catalogue = workload.cloud === 'lab' || shapes.length === 0 ? undefined : shapes;
			const {advice, result} = adviseSized(workload, measurements, catalogue);
			return {advice, result: result ?? noConfigurations};
		},
		size: (workload, measurements) => size(workload, shapes, evidenceView(measurements)),
	};
}
