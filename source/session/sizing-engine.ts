// The sizing engine the session's answer (answer.ts) asks: the catalogue, the advice with the search it ran,
// and the search alone (catalogue-engine.ts builds it over a catalogue; tests hand the wizard their own).
// Also what the result screen's what-if keys may offer for a scope. Pure.

import {sellsInScope} from '../domain/clouds.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import {type Advice, type Measurement, type Placement, placements, type Workload} from '../domain/types.js';

/** The advice and the one search it rests on: the same `SizeResult` the engine's `size()` gives. */
export interface SessionAdvice {
	readonly advice: Advice;
	readonly result: SizeResult;
}

/** The catalogue and the search over it. */
export interface SizingEngine {
	readonly shapes: readonly ShapeRecord[];
	/** The advice over the catalogue and the search it ran (`netplace advise`, the wizard). */
	advise(workload: Workload, evidence: readonly Measurement[]): SessionAdvice;
	/** The search alone (`netplace size`; the model's answer before this session's probes). */
	size(workload: Workload, evidence: readonly Measurement[]): SizeResult;
}

export type SizingEngineLoader = () => Promise<SizingEngine>;

/** What the answer reads, and what it read before this session's probes. */
export interface SessionEvidence {
	/** The study, the stored probe results (reloaded after each probe) and this session's unsaved complete runs. */
	readonly measurements: readonly Measurement[];
	/** The same before this session's first probe: the card shows the model's figure beside a measured one. */
	readonly before: readonly Measurement[] | null;
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
	return {enaExpress: sellsInScope('enaExpress', cloud), tier1: sellsInScope('tier1', cloud)};
}
