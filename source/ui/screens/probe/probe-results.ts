// The workload the finished probe's advice is recomputed for. Pure.

import type {Workload} from '../../../domain/types.js';
import {runCell} from '../../../probe/run-cloud.js';
import type {ProviderId} from '../../../providers/provider.js';

/** The workload the recomputed advice is for: the probed cloud (`lab` for the lab; your own hosts: their shape's). */
export function workloadForProvider(workload: Workload, run: {provider: ProviderId; shape: string}): Workload {
	return {...workload, cloud: runCell(run)?.cloud ?? workload.cloud};
}
