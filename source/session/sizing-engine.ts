// The sizing session's one path to an answer: the advice for the workload over the catalogue (the same
// call `netplace advise` makes, session-advice.ts), and the card over the search that advice ran: one
// search per workload and evidence, remembered, so returning to the result screen does not search again.
// The wizard's result screen and `advise --format markdown` both come through here. Pure once loaded.

import {cloudsInScope} from '../domain/clouds.js';
import type {ShapeRecord, SizeResult} from '../domain/model-types.js';
import {type Advice, type Measurement, type Placement, placements, type Workload} from '../domain/types.js';
import {type RecommendationCard, recommendationCard} from '../present/recommendation-card.js';
import type {SessionAdvice} from './session-advice.js';
import {awsInScope, gcpInScope} from './what-if.js';

/** The catalogue and the search over it. */
export interface SizingEngine {
	readonly shapes: readonly ShapeRecord[];
	/** The advice over the catalogue and the search it ran (`sessionAdvice`: the call `netplace advise` makes). */
	advise(workload: Workload, evidence: readonly Measurement[]): SessionAdvice;
	/** The search alone (the model's answer before this session's probes). */
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

export interface SessionAnswer {
	readonly workload: Workload;
	readonly result: SizeResult;
	readonly advice: Advice;
	readonly card: RecommendationCard;
}

/** The probe figures of the clouds in scope: when these did not change, the model's answer did not either. */
function probeFiguresInScope(measurements: readonly Measurement[], workload: Workload): string {
	const clouds = cloudsInScope(workload.cloud);
	return JSON.stringify(
		measurements.filter((measurement) => measurement.source === 'probe' && clouds.includes(measurement.cloud)),
	);
}

function answer(engine: SizingEngine, workload: Workload, evidence: SessionEvidence): SessionAnswer {
	const {advice, result} = engine.advise(workload, evidence.measurements);
	// After a probe of a cloud in scope, the model's answer without it: the card shows predicted beside measured.
	const {before} = evidence;
	const changed =
		before !== null && probeFiguresInScope(before, workload) !== probeFiguresInScope(evidence.measurements, workload);
	const prior = changed ? engine.size(workload, before) : undefined;
	return {workload, result, advice, card: recommendationCard(result, workload, prior)};
}

/** Answers kept per engine and evidence (dropped with them), a few workloads each: the what-if's last steps. */
const remembered = new WeakMap<SizingEngine, WeakMap<SessionEvidence, Map<string, SessionAnswer>>>();
const answersKept = 8;

function answersFor(engine: SizingEngine, evidence: SessionEvidence): Map<string, SessionAnswer> {
	let byEvidence = remembered.get(engine);
	if (byEvidence === undefined) {
		byEvidence = new WeakMap();
		remembered.set(engine, byEvidence);
	}

	let answers = byEvidence.get(evidence);
	if (answers === undefined) {
		answers = new Map();
		byEvidence.set(evidence, answers);
	}

	return answers;
}

/** The answer for a workload: computed once per engine, evidence and workload. */
export function sessionAnswer(engine: SizingEngine, workload: Workload, evidence: SessionEvidence): SessionAnswer {
	const answers = answersFor(engine, evidence);
	const key = JSON.stringify(workload);
	const known = answers.get(key);
	if (known !== undefined) return known;
	const fresh = answer(engine, workload, evidence);
	answers.set(key, fresh);
	if (answers.size > answersKept) answers.delete(answers.keys().next().value ?? key);
	return fresh;
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
