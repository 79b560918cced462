// Plain-text rendering of a probe (no Ink): progress lines for stderr from events, and the result
// (table per pair, per-flow ceiling verdict, RTT, sustained, the recomputed advice) for stdout. Pure.

import {percent as sharePercent} from '../domain/format.js';
import {printable} from '../domain/printable.js';
import type {Advice} from '../domain/types.js';
import {perFlowCeilingText} from '../probe/aggregate.js';
import {
	busiestCoreText,
	type HostCpu,
	hostBusyShare,
	hostCpuText,
	hostKernelShare,
	machineBusyShare,
	machineKernelShare,
} from '../probe/host-cpu.js';
import {cpuText, fixed, resultTable} from '../probe/probe-table.js';
import {streamsConclusion} from '../probe/sweep.js';
import {cpuBoundShare} from '../probe/test-mode.js';
import type {PairResult, ProbeEvent, ProbeRun, StepRef, StreamResult} from '../probe/types.js';
import {validResults} from '../probe/validity.js';
import {allowanceLines} from '../providers/allowance-counters.js';
import type {PlanSetup, ProbePlanEstimate, TeardownReport} from '../providers/provider.js';
import {decisionOrderLines} from './decision-order-lines.js';
import {barCells, formatGbps, formatProgress} from './format.js';
import {lineText} from './lines.js';
import {noAdviceLine} from './no-advice.js';
import {pathCheckLines} from './path-check-text.js';
import {wrap, wrapIndented} from './wrap.js';

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

/** "host CPU (/proc/stat, softirq incl.): client busiest core cpu1 100% (kernel 60%, softirq 16%)…; server n/a". */
export function hostCpuLine(result: StreamResult): string | null {
	const host = result.cpu?.host;
	if (!host || (host.client === null && host.server === null)) return null;
	const end = (cpu: HostCpu | null): string => (cpu === null ? 'not read' : hostCpuText(cpu));
	const seconds = host.client?.seconds ?? host.server?.seconds;
	return `host CPU (/proc/stat over ${seconds} s, softirq included): client ${end(host.client)}; server ${end(host.server)}`;
}

/** Where the host figures come from and how the flag reads them (test-mode.ts cpuVerdict, host-cpu.ts). */
export const hostCpuFooting = `host CPU: measured, /proc/stat inside each test (busy = user+nice+system+irq+softirq+steal); CPU-bound: a core >= ${sharePercent(hostBusyShare)} busy, >= ${sharePercent(hostKernelShare)} of it kernel time, or all cores >= ${sharePercent(machineBusyShare)} busy, >= ${sharePercent(machineKernelShare)} of it kernel time, short of the expected figure, or iperf3 at ${sharePercent(cpuBoundShare)} of the CPU it can use`;

/** "CPU-bound by: client host: busiest core …" or null. */
function boundByLine(result: StreamResult): string | null {
	const why = result.cpu?.boundBy ?? [];
	return result.cpu?.bound && why.length > 0 ? `CPU-bound by ${why.join('; ')}` : null;
}

/** The results table (probe-table.ts), then how each test ran, its host CPU and allowance counters. */
function resultLines(results: readonly StreamResult[], table: readonly string[]): string[] {
	const lines = [...table];
	const modes = [...new Set(results.map((result) => result.mode?.why).filter((why) => why !== undefined))];
	for (const why of modes) lines.push(`  mode: ${why}`);
	for (const result of results) {
		for (const line of [hostCpuLine(result), boundByLine(result)]) {
			if (line !== null) lines.push(`  ${result.streams} streams: ${line}`);
		}
	}
	for (const result of results) {
		if (result.allowance) lines.push(`  ${result.streams} streams: ${allowanceLines(result.allowance).join('; ')}`);
	}

	return lines;
}

/** "predicted 0.668 / 2.006 Gbps (per-flow-cap): measured 99.9% / 100.1%". */
function predictionLine(pair: PairResult): string | null {
	if (pair.predicted === undefined) return null;
	if (pair.predicted === null) return '  predicted: none (the model has no figure for this configuration)';
	const p = pair.predicted;
	const gap = pair.gap;
	const percent = (value: number | null | undefined): string =>
		value === null || value === undefined ? 'n/a' : `${value.toFixed(1)}%`;
	return `  predicted: one flow ${fixed(p.singleFlowGbps, 3)} Gbps, aggregate ${fixed(p.aggregateGbps, 3)} Gbps (${p.bindingLimit}); measured ${percent(gap?.singleFlowPercent)} / ${percent(gap?.aggregatePercent)} of it`;
}

/** One test in a line: "8 streams: 2.007 Gbps, TCP RTT 0.4 ms, CPU 12/9%, bound by instance". */
export function testLimitLine(result: StreamResult, reverse = false): string {
	const parts = [`${fixed(result.gbps, 3)} Gbps`];
	if (result.tcpRttMs !== null && result.tcpRttMs !== undefined) parts.push(`TCP RTT ${fixed(result.tcpRttMs, 3)} ms`);
	if (result.cpu) parts.push(`CPU ${cpuText(result)}`);
	const host = result.cpu?.host;
	if (host && (host.client || host.server)) {
		const end = (cpu: HostCpu | null): string => (cpu === null ? 'n/a' : busiestCoreText(cpu));
		parts.push(`host busiest core client ${end(host.client)} / server ${end(host.server)}`);
	}
	if (result.perStream && result.streams > 1)
		parts.push(
			`per stream ${fixed(result.perStream.meanGbps, 3)} (spread ${fixed(result.perStream.spreadPercent, 0)}%)`,
		);
	if (result.mode && result.mode.processes > 1) parts.push(`${result.mode.processes} processes`);
	const why = result.cpu?.bound ? (result.cpu.boundBy ?? []) : [];
	if (why.length > 0) parts.push(`CPU-bound by ${why.join('; ')}`);
	if (result.limit) parts.push(`bound by ${result.limit}`);
	const label = `${result.streams} stream${result.streams === 1 ? '' : 's'}${reverse ? ' reverse' : ''}`;
	return `${label}: ${parts.join(', ')}`;
}

/** The prediction beside the measurement, the sweep and the verdict (text and the probe screen). */
export function pairLimitLines(pair: PairResult): string[] {
	const lines: string[] = [];
	const prediction = predictionLine(pair);
	if (prediction !== null) lines.push(prediction.trim());
	if (pair.sweep) lines.push(`sweep: ${pair.sweep.text}`);
	if (pair.reverseSweep) lines.push(`reverse sweep: ${pair.reverseSweep.text}`);
	if (pair.verdict) for (const line of pair.verdict.lines) lines.push(`verdict: ${line}`);
	if (pair.vendorCheck) lines.push(`vendor: ${pair.vendorCheck.text} (${pair.vendorCheck.source})`);
	lines.push(...pathCheckLines(pair));
	if ([...pair.results, ...(pair.reverseResults ?? [])].some((result) => result.cpu?.host)) lines.push(hostCpuFooting);
	return lines;
}

/**
 * "headline: one flow 0.477 Gbps, 1.875 Gbps at 4 streams (valid tests only; every test valid)": the pair's
 * figures from its valid tests (validity.ts), through the conclusion the advice reads (sweep.ts), or why none.
 */
export function headlineLine(pair: PairResult): string {
	const valid = validResults(pair.results);
	const aside = pair.results.length - valid.length;
	const asideText = aside === 0 ? 'every test valid' : `${aside} of ${pair.results.length} set aside, see below`;
	if (valid.length === 0)
		return pair.results.length === 0
			? 'headline: none, no test finished'
			: `headline: none, no valid test (${asideText})`;
	const {single, aggregate} = streamsConclusion(valid);
	const parts: string[] = [];
	if (single) parts.push(`one flow ${fixed(single.gbps, 3)} Gbps`);
	if (aggregate) parts.push(`${fixed(aggregate.gbps, 3)} Gbps at ${aggregate.streams} streams`);
	return `headline: ${parts.join(', ')} (valid tests only; ${asideText})`;
}

function pairLines(pair: PairResult, width: number, table: Set<string>): string[] {
	const tableOf = (results: readonly StreamResult[]): string[] => {
		const rows = resultTable(results, width);
		// Table rows keep their columns; a line under a row (validity, at 60 columns) wraps like text.
		for (const row of rows) if (row.length <= width) table.add(row);
		return resultLines(results, rows);
	};
	const published =
		pair.published.gbps === null ? 'not published' : `${pair.published.gbps} Gbps (${pair.published.kind})`;
	const lines = [`${pair.placement}: published ${published}`, `  ${headlineLine(pair)}`];
	if (pair.results.length > 0) lines.push(...tableOf(pair.results));
	if (pair.reverseResults && pair.reverseResults.length > 0)
		lines.push('  reverse (iperf3 -R, the server sends):', ...tableOf(pair.reverseResults));
	lines.push(...pairLimitLines(pair).map((line) => `  ${line}`));
	lines.push(`  per-flow ceiling: ${perFlowCeilingText(pair.perFlowCeiling)}`);
	if (pair.percentOfPublished !== null) lines.push(`  % of published: ${pair.percentOfPublished.toFixed(1)}`);
	if (pair.rtt !== null) {
		const loss = pair.rtt.lossPercent ? `, loss ${pair.rtt.lossPercent}%` : '';
		lines.push(
			`  RTT: median ${fixed(pair.rtt.medianMs, 3)} ms, avg ${fixed(pair.rtt.avgMs, 3)} ms, mdev ${fixed(pair.rtt.mdevMs, 3)} ms${loss}`,
		);
	}

	if (pair.sustained !== null) {
		const s = pair.sustained;
		lines.push(
			`  sustained ${s.seconds} s: mean ${fixed(s.meanGbps, 3)} Gbps, blocks ${s.blocks.map((block) => fixed(block.meanGbps, 2)).join(' ')}, slowest second ${fixed(s.slowestSecondGbps, 3)}, fastest ${fixed(s.fastestSecondGbps, 3)}, last 10 s / first 10 s ${fixed(s.lastOverFirst, 3)}: ${s.verdictText}`,
		);
	}

	for (const note of pair.notes ?? []) lines.push(`  note: ${note}`);
	for (const error of pair.errors ?? []) lines.push(`  FAILED ${error}`);
	return lines;
}

/** The result as text; `width` wraps every line but the table's at word boundaries (none: no wrapping). */
export function renderProbeResult(run: ProbeRun, advice: Advice | null, width = Number.POSITIVE_INFINITY): string[] {
	const table = new Set<string>();
	const lines = [`Probe ${run.runId}: ${run.provider}, ${run.shape}${run.region ? `, ${run.region}` : ''}`];
	if (run.partial === true) {
		lines.push('Partial run: not every test finished; its figures are kept and listed, never used as evidence.');
	}

	for (const pair of run.pairs) lines.push('', ...pairLines(pair, width, table));
	if (advice === null && run.partial !== true && run.pairs.length > 0) lines.push('', noAdviceLine(run));
	if (advice !== null && advice.steps.length > 0) {
		lines.push(
			'',
			`Recommended decision order with these measurements (${advice.workload.cloud}, ${advice.workload.streams} stream${advice.workload.streams === 1 ? '' : 's'}):`,
		);
		// The steps as present/ lays them out for every face (the heading is the line above).
		lines.push(...decisionOrderLines(advice.steps, Math.min(width, 80)).slice(1).map(lineText));
	}

	return lines.flatMap((line) => (table.has(line) ? [line] : wrapIndented(line, width)));
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
