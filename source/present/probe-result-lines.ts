// A finished probe run laid out once, for every face: `netplace probe` and `results show` print these lines
// as text, the wizard's probe screen paints them in colour and scrolls them, the Markdown export writes them
// (unwrapped) under "Probe results (this session)". The run's title, a row per placement pair, each pair's
// tests and details (probe-pair-lines.ts), teardown; then the advice recomputed with these measurements, or
// why there is none. Unknown figures are the one missing mark, `-` (format.ts). Pure.

import {streamsLabel} from '../domain/format.js';
import type {Advice} from '../domain/types.js';
import type {NetworkSplit} from '../probe/network-split.js';
import type {ProbeRun} from '../probe/types.js';
import {decisionOrderLines} from './decision-order-lines.js';
import {blank, line, type PresentLine} from './lines.js';
import {networkSplitLines} from './network-split-text.js';
import {noAdviceLine} from './no-advice.js';
import {itemLines, pairLines} from './probe-pair-lines.js';
import {pairTableLines} from './probe-tables.js';

/** What teardown did, in one line; `interrupted`: the run was stopped (Ctrl-C, Esc). */
export function teardownLine(run: ProbeRun, interrupted = run.aborted === true): string {
	const prefix = interrupted ? 'Interrupted: ' : '';
	if (run.teardown.complete) return `${prefix}teardown complete, nothing left behind.`;
	const left = run.teardown.left.map((each) => `${each.kind} ${each.id} (${each.deleteCommand})`);
	return `${prefix}teardown left ${run.teardown.left.length} resource(s): ${left.join('; ')}`;
}

export interface RunLinesOptions {
	/** Columns to wrap at (`unwrapped`: the Markdown face). */
	readonly width: number;
	/** Stopped by the user (default: the run says it was aborted). */
	readonly interrupted?: boolean;
}

/** One run: its title, a row per pair, each pair's tests and details, and teardown. */
export function probeRunLines(run: ProbeRun, options: RunLinesOptions): PresentLine[] {
	const {width} = options;
	const region = run.region ? `, ${run.region}` : '';
	const partial = 'Partial run: not every test finished; its figures are kept and listed, never used as evidence.';
	return [
		line(`Probe ${run.runId}: ${run.provider}, ${run.shape}${region}`, 'heading'),
		...(run.partial === true ? itemLines(partial, width, '', 'warning') : []),
		...(run.pairs.length > 0 ? [blank, ...pairTableLines(run, width)] : []),
		...run.pairs.flatMap((pair) => [blank, ...pairLines(pair, width)]),
		blank,
		...itemLines(teardownLine(run, options.interrupted), width, '', run.teardown.complete ? 'good' : 'bad'),
	];
}

/** The advice recomputed with the run as evidence, or why there is none (a partial run, no valid figure). */
export function probeAdviceLines(run: ProbeRun, advice: Advice | null, width: number): PresentLine[] {
	if (advice === null) {
		if (run.pairs.length === 0) return [];
		const why = run.partial === true ? 'A partial run is kept and listed, never used as evidence.' : noAdviceLine(run);
		return itemLines(why, width, '', 'muted');
	}

	const {cloud, streams} = advice.workload;
	const heading = `Recommended decision order with these measurements (${cloud}, ${streamsLabel(streams)}):`;
	const podNetwork = advice.notes.filter((note) => note.id === 'pod-network');
	return [
		line(heading, 'heading'),
		// The steps as present/ lays them out for every face (the heading is the line above).
		...decisionOrderLines(advice.steps, Math.min(width, 80)).slice(1),
		...podNetwork.flatMap((note) => itemLines(note.text, width, '', 'muted')),
	];
}

export interface ProbeResultOptions extends RunLinesOptions {
	/** The runs before the last of a request of several (k8s: node pairs x networks), shown first. */
	readonly earlier?: readonly ProbeRun[];
	/** k8s `--network both`: what the pod network costs per node pair. */
	readonly splits?: readonly NetworkSplit[];
}

/** A finished probe as the screen shows it: the earlier runs, the last, the network split, then the advice. */
export function probeResultLines(run: ProbeRun, advice: Advice | null, options: ProbeResultOptions): PresentLine[] {
	const {width, earlier = [], splits = []} = options;
	const split = networkSplitLines(splits, width).map((text, index) => line(text, index === 0 ? 'heading' : 'plain'));
	return [
		...earlier.flatMap((each) => [...probeRunLines(each, options), blank]),
		...probeRunLines(run, options),
		...(split.length === 0 ? [] : [blank, ...split]),
		blank,
		...probeAdviceLines(run, advice, width),
	];
}

/** This session's runs (the Markdown export): a heading, then each run; none, no lines. */
export function sessionProbeLines(runs: readonly ProbeRun[], width: number): PresentLine[] {
	if (runs.length === 0) return [];
	return [
		line('Probe results (this session)', 'heading'),
		...runs.flatMap((run) => [blank, ...probeRunLines(run, {width})]),
	];
}
