// The workload, restated as the answer's first line, for every face. Pure.

import type {Workload} from '../domain/types.js';
import type {PresentLine} from './lines.js';
import {workloadSummary} from './workload-summary.js';
import {wrap} from './wrap.js';

export function workloadLines(workload: Workload, width: number): PresentLine[] {
	return wrap(`Workload: ${workloadSummary(workload)}`, width, '', '  ').map((text) => [{text, role: 'plain'}]);
}
