// Plain-text rendering of a probe (no Ink): progress lines for stderr from events, the plan, and the result
// for stdout (present/probe-result-lines.ts's lines, the ones every face paints, as plain text). Pure.

import {printable} from '../domain/printable.js';
import type {Advice} from '../domain/types.js';
import type {ProbeEvent, ProbeRun, StepRef} from '../probe/types.js';
import type {PlanSetup, ProbePlanEstimate, TeardownReport} from '../providers/provider.js';
import {barCells, formatGbps, formatProgress} from './format.js';
import {lineText, unwrapped} from './lines.js';
import {probeResultLines} from './probe-result-lines.js';
import {wrap} from './wrap.js';

/** "▮▮▮▮▮▮▯▯▯▯ 60%  2.71 Gbps": a test's progress over its duration and its running Gbps. */
export function progressText(fraction: number, gbps: number, width = 10): string {
	const {filled, empty} = barCells(fraction, width);
	return `${'▮'.repeat(filled)}${'▯'.repeat(empty)} ${formatProgress(fraction)}  ${formatGbps(gbps)} Gbps`;
}

/**
 * Turns events into stderr lines; remembers step labels by id. Progress ticks print only when they carry a
 * running Gbps, at most about ten lines per test (one per tenth of its duration, at least 1 s apart).
 */
export function createProgressPrinter(print: (line: string) => void): (event: ProbeEvent) => void {
	const state: PrinterState = {steps: new Map(), printed: new Map()};
	return (event) => {
		// Events carry a cloud's text (notes, resource ids, failures): no control character reaches the terminal.
		for (const line of eventLines(state, event)) print(printable(line));
	};
}

interface PrinterState {
	/** Step labels by id, from the plan and each step's start. */
	readonly steps: Map<string, StepRef>;
	/** The last tenth of each step's duration a progress line was printed for. */
	readonly printed: Map<string, number>;
}

function stepLabel(state: PrinterState, stepId: string): string {
	const step = state.steps.get(stepId);
	if (!step) return stepId;
	return step.placement === null ? step.label : `[${step.placement}] ${step.label}`;
}

/** The lines one event prints (none for a progress tick not due yet). */
function eventLines(state: PrinterState, event: ProbeEvent): readonly string[] {
	switch (event.type) {
		case 'plan': {
			for (const step of event.steps) state.steps.set(step.id, step);
			const tests = event.steps.filter((step) => step.kind === 'streams').length;
			return [`probe ${event.runId}: ${tests} test${tests === 1 ? '' : 's'}, ${event.steps.length} steps`];
		}

		case 'step-started': {
			state.steps.set(event.step.id, event.step);
			const seconds = event.step.durationSeconds;
			const duration = seconds === undefined ? '' : ` (${Math.round(seconds * 10) / 10} s)`;
			return [`${stepLabel(state, event.step.id)}: running${duration}`];
		}

		case 'step-done': {
			return [`${stepLabel(state, event.stepId)}: ${event.text}`];
		}

		case 'step-failed': {
			return [`${stepLabel(state, event.stepId)}: FAILED: ${event.message}`];
		}

		case 'note': {
			return [`  note: ${event.text}`];
		}

		case 'teardown-done': {
			return teardownLines(event.report);
		}

		case 'progress': {
			return progressLines(state, event);
		}
	}
}

/** A progress line when the tick carries a running Gbps and a new tenth of the step's duration has begun. */
function progressLines(state: PrinterState, event: Extract<ProbeEvent, {type: 'progress'}>): readonly string[] {
	const seconds = state.steps.get(event.stepId)?.durationSeconds ?? 0;
	if (event.gbps === null || seconds <= 0) return [];
	const every = Math.max(1, seconds / 10);
	const slot = Math.floor((event.fraction * seconds) / every);
	if (slot <= (state.printed.get(event.stepId) ?? 0)) return [];
	state.printed.set(event.stepId, slot);
	return [`${stepLabel(state, event.stepId)}  ${progressText(event.fraction, event.gbps)}`];
}

export function teardownLines(report: TeardownReport): string[] {
	if (report.complete) return ['teardown: complete, nothing left'];
	return [
		`teardown: INCOMPLETE, ${report.left.length} resource(s) left; delete them with:`,
		...report.left.map((left) =>
			printable(`  ${left.kind} ${left.id}${left.error ? ` (${left.error})` : ''}: ${left.deleteCommand}`),
		),
	];
}

/** The result as text, every line but a table's wrapped at words to `width` (none: no wrapping). */
export function renderProbeResult(run: ProbeRun, advice: Advice | null, width = unwrapped): string[] {
	return probeResultLines(run, advice, {width}).map(lineText);
}

const setupLabels: Record<PlanSetup['label'], string> = {
	network: 'Network',
	login: 'Login',
	ttl: 'TTL',
	quota: 'Quota',
	capacity: 'Capacity',
	image: 'Image',
};

/** The plan a probe would run, each line wrapped at words to `width` (continuations indented two more). */
export function renderPlan(plan: ProbePlanEstimate, measured: number, width = Number.POSITIVE_INFINITY): string[] {
	const lines = [
		`Plan: ${plan.provider} ${plan.shape}${plan.region ? ` in ${plan.region}` : ''}${plan.zone ? ` (${plan.zone})` : ''}`,
		plan.resources.length === 0 ? 'Resources it would create: none' : 'Resources it would create:',
		...plan.resources.map(
			(resource) => `  ${resource.kind} ${resource.name}${resource.detail ? `: ${resource.detail}` : ''}`,
		),
		...(plan.setup ?? []).map((item) => `${setupLabels[item.label]}: ${item.text}`),
		`Hold: about ${Math.ceil(plan.holdSeconds / 60)} min (${Math.round(measured)} s of tests), ${plan.instances} instance(s), ${((plan.instances * plan.holdSeconds) / 3600).toFixed(2)} instance-hours`,
	];
	if (plan.pricePerHour !== null)
		lines.push(
			`Price: $${plan.pricePerHour.toFixed(4)}/h per instance${plan.priceSource ? ` (${plan.priceSource})` : ''}`,
		);
	lines.push(`Estimated cost: ${plan.estimatedCostUsd === null ? 'unknown' : `$${plan.estimatedCostUsd.toFixed(2)}`}`);
	for (const warning of plan.warnings) lines.push(`warning: ${warning}`);
	return lines.flatMap((line) => {
		const indent = /^ */.exec(line)?.[0] ?? '';
		return wrap(line, width, indent, `${indent}  `);
	});
}
