// The sizing session's one path to an answer: the catalogue and `size()` (the same call `netplace size`
// makes), the advice for the same workload, and the card over both. The wizard's result screen and
// `advise --format markdown` both come through `sessionAnswer`. Pure once the engine is loaded.

import {advise} from '../advisor/index.js';
import {type Advice, type Measurement, type Placement, placements, type Workload} from '../advisor/types.js';
import {type RecommendationCard, recommendationCard} from '../present/recommendation-card.js';
import type {ShapeRecord, SizeResult} from '../sizing/types.js';
import {awsInScope, gcpInScope} from './what-if.js';

/** The catalogue and the search over it. */
export interface SizingEngine {
	readonly shapes: readonly ShapeRecord[];
	size(workload: Workload, evidence: readonly Measurement[]): SizeResult;
}

export type SizingEngineLoader = () => Promise<SizingEngine>;

/** Evidence split by where it came from: the study and stored probes, and this session's probes. */
export interface SessionEvidence {
	readonly base: readonly Measurement[];
	readonly session: readonly Measurement[];
}

export interface SessionAnswer {
	readonly workload: Workload;
	readonly result: SizeResult;
	readonly advice: Advice;
	readonly card: RecommendationCard;
}

export function sessionAnswer(engine: SizingEngine, workload: Workload, evidence: SessionEvidence): SessionAnswer {
	const all = [...evidence.base, ...evidence.session];
	const result = engine.size(workload, all);
	// After a probe, the model's answer without it: the card shows predicted beside measured.
	const before = evidence.session.length > 0 ? engine.size(workload, evidence.base) : undefined;
	return {
		workload,
		result,
		advice: advise(workload, all),
		card: recommendationCard(result, workload, before),
	};
}

function inScope(record: ShapeRecord, cloud: Workload['cloud']): boolean {
	return cloud === 'any' || record.cloud === cloud;
}

/** The placements the catalogue's shapes in scope may be launched in, in the advisor's order. */
export function placementsInScope(shapes: readonly ShapeRecord[], cloud: Workload['cloud']): Placement[] {
	const seen = new Set<Placement>();
	for (const record of shapes) {
		if (inScope(record, cloud)) for (const placement of record.placements) seen.add(placement);
	}

	return placements.filter((placement) => seen.has(placement));
}

/** Which option keys mean something for this scope (ENA Express is AWS's, Tier_1 is GCP's). */
export function optionKeysInScope(cloud: Workload['cloud']): {readonly enaExpress: boolean; readonly tier1: boolean} {
	return {enaExpress: awsInScope(cloud), tier1: gcpInScope(cloud)};
}
