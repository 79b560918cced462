// The application service: the one path from a validated workload and its evidence to the answer, for both
// faces. `netplace advise` (text, Markdown, JSON), `netplace size` and the wizard's result screen all call
// `answer()`: the engine's search over the catalogue (once per workload and evidence, remembered, so the
// what-if's last steps and a return to the result screen do not search again), the recommendation card laid
// over it, the host settings its first configuration needs (with the path's figures: `netplace tune`), and — unless only the search is asked for, as
// `size` and `tune` ask — the decision order, notes and bandwidth table built on that same search. Pure once loaded.

import {cloudsInScope} from '../domain/clouds.js';
import {evidenceView} from '../domain/evidence.js';
import type {SizeResult} from '../domain/model-types.js';
import type {Advice, Measurement, Workload} from '../domain/types.js';
import {probeCommands} from '../present/probe-command-lines.js';
import {type RecommendationCard, recommendationCard} from '../present/recommendation-card.js';
import {withTransferTarget} from '../request/workload.js';
import type {Prescription} from '../sizing/host-tuning.js';
import type {PathFigures} from '../sizing/path-physics.js';
import {type HostTuning, hostTuningFor} from '../sizing/tuning-for.js';
import {withHostReading} from './host-readings.js';
import type {SessionEvidence, SizingEngine} from './sizing-engine.js';

/** The search's answer: what `netplace size` prints. */
export interface SearchAnswer {
	readonly workload: Workload;
	readonly result: SizeResult;
	readonly card: RecommendationCard;
	/** The host settings the first configuration needs on this path (netplace tune), or null with none ranked. */
	readonly hostTuning: Prescription | null;
	/** The path's figures with their sources that prescription is for (netplace tune), or null with none ranked. */
	readonly hostPath: PathFigures | null;
}

/** The whole answer: what `netplace advise` prints and the wizard's result screen shows. */
export interface SessionAnswer extends SearchAnswer {
	readonly advice: Advice;
}

/** How far to answer: `search` is `size`'s and `tune`'s answer (no decision order); `advice` is the whole of it. */
export type AnswerDepth = 'search' | 'advice';

/** The probe figures of the clouds in scope: when these did not change, the model's answer did not either. */
function probeFiguresInScope(measurements: readonly Measurement[], workload: Workload): string {
	const clouds = cloudsInScope(workload.cloud);
	return JSON.stringify(
		measurements.filter((measurement) => measurement.source === 'probe' && clouds.includes(measurement.cloud)),
	);
}

/** After a probe of a cloud in scope, the model's answer without it: the card shows predicted beside measured. */
function priorResult(engine: SizingEngine, workload: Workload, evidence: SessionEvidence): SizeResult | undefined {
	const {before} = evidence;
	const changed =
		before !== null && probeFiguresInScope(before, workload) !== probeFiguresInScope(evidence.measurements, workload);
	return changed ? engine.size(workload, before) : undefined;
}

function hostTuning(
	engine: SizingEngine,
	result: SizeResult,
	workload: Workload,
	evidence: SessionEvidence,
): HostTuning | null {
	const first = result.configurations[0];
	const record = first && engine.shapes.find((shape) => shape.cloud === first.cloud && shape.shape === first.shape);
	if (!first || !record) return null;
	return hostTuningFor(first, record, workload, evidenceView(evidence.measurements));
}

function searchAnswer(
	engine: SizingEngine,
	workload: Workload,
	evidence: SessionEvidence,
	result: SizeResult,
): SearchAnswer {
	const card = recommendationCard(result, workload, priorResult(engine, workload, evidence));
	const tuning = hostTuning(engine, result, workload, evidence);
	return {workload, result, card, hostTuning: tuning?.prescription ?? null, hostPath: tuning?.figures ?? null};
}

function fresh(engine: SizingEngine, workload: Workload, evidence: SessionEvidence, depth: AnswerDepth) {
	if (depth === 'search') return searchAnswer(engine, workload, evidence, engine.size(workload, evidence.measurements));
	const {advice, result} = engine.advise(workload, evidence.measurements);
	const first = result.configurations[0];
	const probe = first === undefined ? null : probeCommands(first, workload);
	return {...searchAnswer(engine, workload, evidence, result), advice: {...advice, probe}};
}

/** Answers kept per engine and evidence (dropped with them), a few workloads each: the what-if's last steps. */
const remembered = new WeakMap<SizingEngine, WeakMap<SessionEvidence, Map<string, SearchAnswer>>>();
const answersKept = 8;

function answersFor(engine: SizingEngine, evidence: SessionEvidence): Map<string, SearchAnswer> {
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

/** The answer for a workload over the engine's catalogue and the evidence: computed once per engine, evidence, workload and depth. */
export function answer(engine: SizingEngine, workload: Workload, evidence: SessionEvidence): SessionAnswer;
export function answer(
	engine: SizingEngine,
	workload: Workload,
	evidence: SessionEvidence,
	depth: 'search',
): SearchAnswer;
export function answer(
	engine: SizingEngine,
	workload: Workload,
	evidence: SessionEvidence,
	depth: AnswerDepth = 'advice',
): SearchAnswer {
	// The larger of the target and the transfer's rate binds, however the target was set (a wizard answer, a
	// what-if): a target below the deadline's rate never reads "meets" beside a transfer that misses it.
	return answerFor(engine, withTransferTarget(workload), evidence, depth);
}

function answerFor(engine: SizingEngine, workload: Workload, evidence: SessionEvidence, depth: AnswerDepth) {
	const answers = answersFor(engine, evidence);
	const key = `${depth} ${JSON.stringify(workload)}`;
	// The whole answer holds the search's: a `search` after an `advice` for the same workload reads it.
	const known = answers.get(key) ?? answers.get(`advice ${JSON.stringify(workload)}`);
	if (known !== undefined) return known;
	// The hosts' settings a probe read of the one shape named are facts, as if given (host-readings.ts).
	const computed = fresh(engine, withHostReading(workload, evidence.measurements), evidence, depth);
	answers.set(key, computed);
	if (answers.size > answersKept) answers.delete(answers.keys().next().value ?? key);
	return computed;
}

/** Evidence for one answer with no session before it (the CLI's): the measurements, nothing to compare. */
export function evidenceOf(measurements: readonly Measurement[]): SessionEvidence {
	return {measurements, before: null};
}
