// Folds the probe engine's progress events into one line per step. Pure.

import type {ProbeEvent, StepRef} from '../../../probe/types.js';
import type {LeftResource, TeardownReport} from '../../../providers/provider.js';

/** `stopped`: the step was running when the run ended (interrupted, or the run failed under it). */
export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped';

export interface StepLine {
	readonly step: StepRef;
	readonly status: StepStatus;
	/** 0..1 over the test's duration, while running. */
	readonly fraction: number;
	readonly gbps: number | null;
	/** The engine's one-line summary when done, or the failure message. */
	readonly text: string | null;
}

export interface ProbeProgress {
	/** One run of several (k8s: node pairs x networks): which, and what it measures (probe/run-label.ts); else null. */
	readonly runLabel: string | null;
	readonly runId: string | null;
	readonly lines: readonly StepLine[];
	readonly notes: readonly string[];
	readonly teardown: {readonly complete: boolean; readonly left: readonly LeftResource[]} | null;
}

export const emptyProgress: ProbeProgress = {runLabel: null, runId: null, lines: [], notes: [], teardown: null};

function update(progress: ProbeProgress, stepId: string, change: (line: StepLine) => StepLine): ProbeProgress {
	return {...progress, lines: progress.lines.map((line) => (line.step.id === stepId ? change(line) : line))};
}

export function progressReducer(progress: ProbeProgress, event: ProbeEvent): ProbeProgress {
	switch (event.type) {
		case 'plan': {
			return {
				...progress,
				runId: event.runId,
				lines: event.steps.map((step) => ({step, status: 'pending', fraction: 0, gbps: null, text: null})),
			};
		}

		case 'step-started': {
			return withStarted(progress, event.step);
		}

		case 'progress': {
			return update(progress, event.stepId, (line) => ({
				...line,
				fraction: event.fraction,
				gbps: event.gbps ?? line.gbps,
			}));
		}

		case 'step-done': {
			return update(progress, event.stepId, (line) => ({...line, status: 'done', fraction: 1, text: event.text}));
		}

		case 'step-failed': {
			return update(progress, event.stepId, (line) => ({...line, status: 'failed', text: event.message}));
		}

		case 'teardown-done': {
			return withTeardown(progress, event.report);
		}

		case 'note': {
			return {...progress, notes: [...progress.notes, event.text]};
		}
	}
}

/** A step running: its line if the plan listed it, else a new line at the end. */
function withStarted(progress: ProbeProgress, step: StepRef): ProbeProgress {
	const known = progress.lines.some((line) => line.step.id === step.id);
	const started: StepLine = {step, status: 'running', fraction: 0, gbps: null, text: null};
	return known ? update(progress, step.id, () => started) : {...progress, lines: [...progress.lines, started]};
}

/** The teardown's report, and its line done or failed by it (unless the line already ended). */
function withTeardown(progress: ProbeProgress, report: TeardownReport): ProbeProgress {
	const torn = {...progress, teardown: report};
	const line = progress.lines.find((candidate) => candidate.step.kind === 'teardown');
	if (!line || line.status === 'done' || line.status === 'failed') return torn;
	return update(torn, line.step.id, (current) => ({
		...current,
		status: report.complete ? 'done' : 'failed',
		fraction: 1,
		text: report.complete ? 'everything deleted' : `${report.left.length} resource(s) left`,
	}));
}

/** The run is over: a step still marked running was cut short, so it stops (no spinner under the verdict). */
export function endProgress(progress: ProbeProgress): ProbeProgress {
	return progress.lines.some((line) => line.status === 'running')
		? {
				...progress,
				lines: progress.lines.map((line) => (line.status === 'running' ? {...line, status: 'stopped'} : line)),
			}
		: progress;
}

const chatter = /^(created |waiting for )/;

/** Notes worth showing: while running the latest few; once over, all but provisioning chatter. */
export function visibleNotes(progress: ProbeProgress, over: boolean, latest = 3): readonly string[] {
	return over ? progress.notes.filter((note) => !chatter.test(note)) : progress.notes.slice(-latest);
}
