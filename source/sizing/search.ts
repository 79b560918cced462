// The configuration search (DESIGN.md "`size --json`"): every configuration the workload allows,
// predicted, priced and ranked; what would be needed when nothing meets the target. Pure.

import type {EvidenceView} from '../advisor/evidence.js';
import type {Workload} from '../advisor/types.js';
import {closestHint} from './closest.js';
import {scopeClouds} from './constraints.js';
import {enumerate} from './enumerate.js';
import {studyEvidence} from './model.js';
import {rankCandidates} from './rank.js';
import type {ShapeRecord, SizeResult} from './types.js';

/** The ranked answer: configurations that meet the target first, cheapest, then by headroom. */
export function size(
	workload: Workload,
	shapes: readonly ShapeRecord[],
	evidence: EvidenceView = studyEvidence(),
	limit = 10,
): SizeResult {
	const candidates = enumerate(workload, shapes, evidence);
	const ranked = rankCandidates(candidates, workload, scopeClouds(workload), limit);
	const meetsTarget = workload.minGbps === null ? ranked.length > 0 : ranked.some((entry) => entry.meetsTarget);
	return {
		meetsTarget,
		configurations: ranked,
		closest: meetsTarget ? null : closestHint(workload, shapes, evidence, candidates),
	};
}
