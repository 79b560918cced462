// One placement pair of a probe run as the answer's lines: what is published, the headline from its valid
// tests, its tests' table, how each test ran (mode, host CPU, what bound it, allowance counters), the model's
// prediction beside the measurement, the sweep and verdict, the path check, the per-flow ceiling, RTT,
// sustained run, notes and failures. Each detail is an item under the pair (Markdown: a list). Pure.

import {percent as sharePercent, streamsLabel} from '../domain/format.js';
import {perFlowCeilingText} from '../probe/aggregate.js';
import {
	type HostCpu,
	hostBusyShare,
	hostCpuText,
	hostKernelShare,
	machineBusyShare,
	machineKernelShare,
} from '../probe/host-cpu.js';
import {streamsConclusion} from '../probe/sweep.js';
import {cpuBoundShare} from '../probe/test-mode.js';
import type {PairResult, StreamResult} from '../probe/types.js';
import {validResults} from '../probe/validity.js';
import {allowanceLines} from '../providers/allowance-counters.js';
import {formatFixed} from './format.js';
import type {PieceRole, PresentLine} from './lines.js';
import {pathCheckLines} from './path-check-text.js';
import {testTableLines} from './probe-tables.js';
import {wrap} from './wrap.js';

/** `text` as an item at `indent`, wrapped to `width` with its continuations four further in. */
export function itemLines(text: string, width: number, indent = '  ', role: PieceRole = 'plain'): PresentLine[] {
	const rest = `${indent}    `;
	return wrap(text, Math.max(rest.length + 20, width), indent, rest).map((part, index): PresentLine => {
		const lead = index === 0 ? indent : rest;
		const first = index === 0 && indent !== '' ? 'marker' : 'indent';
		return [
			{text: lead, role: first},
			{text: part.slice(lead.length), role},
		];
	});
}

/** "host CPU (/proc/stat, softirq incl.): client busiest core cpu1 100% (kernel 60%, softirq 16%)…; server -". */
export function hostCpuLine(result: StreamResult): string | null {
	const host = result.cpu?.host;
	if (!host || (host.client === null && host.server === null)) return null;
	const end = (cpu: HostCpu | null): string => (cpu === null ? 'not read' : hostCpuText(cpu));
	const seconds = host.client?.seconds ?? host.server?.seconds;
	return `host CPU (/proc/stat over ${seconds} s, softirq included): client ${end(host.client)}; server ${end(host.server)}`;
}

/** Where the host figures come from and how the flag reads them (test-mode.ts cpuVerdict, host-cpu.ts). */
export const hostCpuFooting = `host CPU: measured, /proc/stat inside each test (busy = user+nice+system+irq+softirq+steal); CPU-bound: a core >= ${sharePercent(hostBusyShare)} busy, >= ${sharePercent(hostKernelShare)} of it kernel time, or all cores >= ${sharePercent(machineBusyShare)} busy, >= ${sharePercent(machineKernelShare)} of it kernel time, short of the expected figure, or iperf3 at ${sharePercent(cpuBoundShare)} of the CPU it can use`;

/** "CPU-bound by client host: busiest core …" or null. */
function boundByLine(result: StreamResult): string | null {
	const why = result.cpu?.boundBy ?? [];
	return result.cpu?.bound && why.length > 0 ? `CPU-bound by ${why.join('; ')}` : null;
}

/** How the tests ran: each mode once, then per test its host CPU, what bound it and its allowance counters. */
function testDetails(results: readonly StreamResult[]): string[] {
	const modes = [...new Set(results.map((result) => result.mode?.why).filter((why) => why !== undefined))];
	const lines = modes.map((why) => `mode: ${why}`);
	for (const result of results) {
		for (const line of [hostCpuLine(result), boundByLine(result)]) {
			if (line !== null) lines.push(`${streamsLabel(result.streams)}: ${line}`);
		}
	}

	for (const result of results) {
		if (result.allowance) lines.push(`${streamsLabel(result.streams)}: ${allowanceLines(result.allowance).join('; ')}`);
	}

	return lines;
}

/** "predicted: one flow 0.668 Gbps, aggregate 2.006 Gbps (per-flow-cap); measured 99.9% / 100.1% of it". */
function predictionLine(pair: PairResult): string | null {
	if (pair.predicted === undefined) return null;
	if (pair.predicted === null) return 'predicted: none (the model has no figure for this configuration)';
	const p = pair.predicted;
	const share = (value: number | null | undefined): string =>
		value === null || value === undefined ? formatFixed(null, 1) : `${value.toFixed(1)}%`;
	return `predicted: one flow ${formatFixed(p.singleFlowGbps, 3)} Gbps, aggregate ${formatFixed(p.aggregateGbps, 3)} Gbps (${p.bindingLimit}); measured ${share(pair.gap?.singleFlowPercent)} / ${share(pair.gap?.aggregatePercent)} of it`;
}

/** The prediction beside the measurement, the sweep and the verdict, the vendor's figure and the path check. */
export function pairLimitLines(pair: PairResult): string[] {
	const lines: string[] = [];
	const prediction = predictionLine(pair);
	if (prediction !== null) lines.push(prediction);
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
	if (single) parts.push(`one flow ${formatFixed(single.gbps, 3)} Gbps`);
	if (aggregate) parts.push(`${formatFixed(aggregate.gbps, 3)} Gbps at ${aggregate.streams} streams`);
	return `headline: ${parts.join(', ')} (valid tests only; ${asideText})`;
}

/** RTT and the sustained run, where measured. */
function pathFigureLines(pair: PairResult): string[] {
	const lines: string[] = [];
	if (pair.rtt !== null) {
		const loss = pair.rtt.lossPercent ? `, loss ${pair.rtt.lossPercent}%` : '';
		const {medianMs, avgMs, mdevMs} = pair.rtt;
		lines.push(
			`RTT: median ${formatFixed(medianMs, 3)} ms, avg ${formatFixed(avgMs, 3)} ms, mdev ${formatFixed(mdevMs, 3)} ms${loss}`,
		);
	}

	const s = pair.sustained;
	if (s !== null) {
		const blocks = s.blocks.map((block) => formatFixed(block.meanGbps, 2)).join(' ');
		lines.push(
			`sustained ${s.seconds} s: mean ${formatFixed(s.meanGbps, 3)} Gbps, blocks ${blocks}, slowest second ${formatFixed(s.slowestSecondGbps, 3)}, fastest ${formatFixed(s.fastestSecondGbps, 3)}, last 10 s / first 10 s ${formatFixed(s.lastOverFirst, 3)}: ${s.verdictText}`,
		);
	}

	return lines;
}

/** A table of tests and the items under it. */
function testsLines(results: readonly StreamResult[], width: number): PresentLine[] {
	if (results.length === 0) return [];
	return [...testTableLines(results, width), ...testDetails(results).flatMap((text) => itemLines(text, width))];
}

/** The pair's lines: its title, then every detail as an item under it. */
export function pairLines(pair: PairResult, width: number): PresentLine[] {
	const published =
		pair.published.gbps === null ? 'not published' : `${pair.published.gbps} Gbps (${pair.published.kind})`;
	const reverse = pair.reverseResults ?? [];
	const items = (texts: readonly string[]) => texts.flatMap((text) => itemLines(text, width));
	return [
		[{text: `${pair.placement}: published ${published}`, role: 'title'}],
		...items([headlineLine(pair)]),
		...testsLines(pair.results, width),
		...(reverse.length > 0
			? [...items(['reverse (iperf3 -R, the server sends):']), ...testsLines(reverse, width)]
			: []),
		...items(pairLimitLines(pair)),
		...items([`per-flow ceiling: ${perFlowCeilingText(pair.perFlowCeiling)}`]),
		...items(pair.percentOfPublished === null ? [] : [`% of published: ${pair.percentOfPublished.toFixed(1)}`]),
		...items(pathFigureLines(pair)),
		...items((pair.notes ?? []).map((note) => `note: ${note}`)),
		...(pair.errors ?? []).flatMap((error) => itemLines(`FAILED ${error}`, width, '  ', 'bad')),
	];
}
