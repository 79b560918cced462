// Host tuning for a configuration the search or the advice chose: what one flow could carry without the
// window (the model without the path's terms), the path's figures, and the prescription (host-tuning.ts).
// The pure function `netplace tune`, `size`, `advise` and the decision order's host-tuning step call. Pure.

import type {EvidenceView} from '../domain/evidence.js';
import type {Configuration, ShapeRecord} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {type Prescription, prescribe} from './host-tuning.js';
import {predict, studyEvidence} from './model.js';
import {pathFigures} from './path-defaults.js';
import type {PathFigures} from './path-physics.js';
import {spanOf} from './transfer.js';

export interface HostTuning {
	readonly figures: PathFigures;
	readonly prescription: Prescription;
}

type PathWorkload = Pick<
	Workload,
	| 'path'
	| 'sustained'
	| 'transferBytes'
	| 'withinSeconds'
	| 'region'
	| 'rttMs'
	| 'mtu'
	| 'tcpRmemMax'
	| 'tcpWmemMax'
	| 'rmemMax'
	| 'wmemMax'
	| 'cc'
	| 'lossPercent'
>;

/** The prescription for one flow of `configuration` over the workload's path, between its hosts. */
export function hostTuningFor(
	configuration: Configuration,
	record: ShapeRecord,
	workload: PathWorkload,
	evidence: EvidenceView = studyEvidence(),
): HostTuning {
	const single = {...configuration, streams: 1};
	const options = {evidence, span: spanOf(workload), region: workload.region, explain: false};
	const unbounded = predict(single, workload.path, record, {...options, pathTerms: false});
	const {cloud, shape, placement} = configuration;
	const enaExpress = configuration.options.enaExpress;
	const figures = pathFigures({cloud, shape, placement, enaExpress}, workload.path, workload);
	const prescription = prescribe({cloud, path: workload.path, enaExpress}, figures, unbounded.singleFlowGbps);
	return {figures, prescription};
}
