// Small builders for advisor tests.

import {advise} from '../../source/advice/advise.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import type {Advice, Measurement, Step, StepId} from '../../source/domain/types.js';
import {parseWorkload, type WorkloadInput} from '../../source/request/workload.js';

export function probe(overrides: Partial<Measurement>): Measurement {
	return {
		cloud: 'aws',
		shape: 'c8g.4xlarge',
		placement: 'default',
		region: 'us-west-2',
		singleFlowGbps: 4.9,
		aggregateGbps: 14.8,
		streams: 8,
		rttMs: 0.18,
		jitterMs: 0.01,
		publishedGbps: 15,
		publishedKind: 'peak-over-baseline',
		pricePerHour: 0.6381,
		source: 'probe',
		samples: 1,
		runId: 'np-test',
		measuredAt: '2026-11-29T12:00:00.000Z',
		...overrides,
	};
}

export function labProbe(overrides: Partial<Measurement>): Measurement {
	return probe({
		cloud: 'lab',
		shape: 'custom',
		region: null,
		publishedGbps: 2.98,
		publishedKind: 'lab-cap',
		pricePerHour: null,
		...overrides,
	});
}

/**
 * The advice for a workload of the study's kind: its runs (20 s tests; c8g.4xlarge's 300 s hold) fit the
 * shortest burst window, so these transfers are stated to as well (`--within 5m`), unless the input says
 * otherwise: a transfer of unstated length rests on an "up to" shape's baseline (test/sizing/transfer.test.ts).
 * The study ran stock configurations ("ENA Express was not enabled in any of the runs"): ENA Express is
 * pinned off as it ran, unless the input says otherwise (its support on the study's records is unknown, and
 * unknown options are searched).
 */
export function adviceFor(input: WorkloadInput, evidence: readonly Measurement[] = referenceMeasurements()): Advice {
	return advise(parseWorkload({withinSeconds: studyRunSpan, enaExpress: false, ...input}), evidence);
}

/** A span the study's runs fit: the shortest documented burst window. */
export const studyRunSpan = '5m';

export function stepOf(advice: Advice, id: StepId): Step {
	const step = advice.steps.find((candidate) => candidate.id === id);
	if (!step) {
		throw new Error(`no ${id} step in ${advice.steps.map((s) => s.id).join(', ')}`);
	}

	return step;
}

export function verdicts(advice: Advice): Record<string, string> {
	return Object.fromEntries(advice.steps.map((step) => [step.id, step.verdict]));
}

export function noteIds(advice: Advice): string[] {
	return advice.notes.map((note) => note.id);
}

/** The reference evidence with one cell's figures changed, to prove the text reads the evidence. */
export function withReference(cellId: string, change: Partial<Measurement>): Measurement[] {
	return referenceMeasurements().map((m) =>
		`${m.cloud}/${m.shape}/${m.placement}` === cellId ? {...m, ...change} : m,
	);
}
