// A sizing engine whose answers are fixtures (size-fixtures.ts): 4 streams or more meet 30 Gbps, fewer do
// not; the decision order is advise()'s over the study's shapes. Each workload searched is pushed to `asked`.

import {advise} from '../../source/advice/advise.js';
import type {Workload} from '../../source/domain/types.js';
import type {SizingEngine} from '../../source/session/sizing-engine.js';
import {c8gn4xlarge} from '../sizing/shape-fixtures.js';
import {meetsThirty, unreachableThirty} from './size-fixtures.js';

export function fixtureEngine(asked: Workload[]): SizingEngine {
	const size = (workload: Workload) => {
		asked.push(workload);
		return workload.streams >= 4 ? meetsThirty : unreachableThirty;
	};
	return {
		shapes: [c8gn4xlarge],
		size,
		advise: (workload, evidence) => ({advice: advise(workload, evidence), result: size(workload)}),
	};
}
