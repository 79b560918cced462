// The finished probe as lines (built once per run and width) for the one scrolling view the answer screen uses
// too (components/scroll): the headline table first, then the verdicts, what bound each test, errors, teardown
// and the advice recomputed with these measurements. Pure.

import type {Advice} from '../../../domain/types.js';
import {pad} from '../../../present/bandwidth-table.js';
import {networkSplitLines} from '../../../present/network-split-text.js';
import {noAdviceLine} from '../../../present/no-advice.js';
import {theme} from '../../../present/theme.js';
import type {NetworkSplit} from '../../../probe/network-split.js';
import type {ProbeRun} from '../../../probe/types.js';
import {decisionOrderLines} from '../../components/decision-order.js';
import {hangingLines} from '../../components/hanging-lines.js';
import {blankLine, plainLine, type StyledLine} from '../../components/styled-lines.js';
import {
	ceilingVerdicts,
	limitLines,
	type ProbeResultRow,
	probeResultHeaders,
	probeResultRow,
	teardownLine,
} from './probe-results.js';

const columns: ReadonlyArray<keyof ProbeResultRow> = [
	'placement',
	'single',
	'aggregate',
	'ratio',
	'percent',
	'rtt',
	'retransmits',
];
const narrowColumns: ReadonlyArray<keyof ProbeResultRow> = ['placement', 'single', 'aggregate', 'ratio', 'percent'];

function tableLines(run: ProbeRun, width: number): StyledLine[] {
	const rows = run.pairs.map(probeResultRow);
	const shown = width >= 90 ? columns : narrowColumns;
	const widths = shown.map((id) => Math.max(probeResultHeaders[id].length, ...rows.map((row) => row[id].length)));
	const line = (row: ProbeResultRow): string =>
		shown.map((id, index) => pad(row[id], widths[index] ?? 0, index === 0 ? 'left' : 'right')).join('  ');
	return [plainLine(line(probeResultHeaders), theme.text.muted), ...rows.map((row) => plainLine(line(row)))];
}

export interface ProbeResultsContent {
	readonly run: ProbeRun;
	/** Null for a partial run (kept and listed, never evidence) and a run with no valid figure. */
	readonly advice: Advice | null;
	readonly interrupted: boolean;
	readonly width: number;
	/** The runs before `run` of a request of several (k8s: node pairs x networks), shown first. */
	readonly earlier?: readonly ProbeRun[];
	/** k8s `--network both`: what the pod network costs per node pair. */
	readonly splits?: readonly NetworkSplit[];
}

/** One run's figures, verdicts, what bound each test, errors and teardown. */
function runLines(run: ProbeRun, interrupted: boolean, width: number): StyledLine[] {
	const errors = run.pairs.flatMap((pair) => (pair.errors ?? []).map((error) => `${pair.placement}: ${error}`));
	return [
		plainLine(`Results: ${run.provider} ${run.shape} (${run.runId})`, theme.text.heading, true),
		// A k8s run names its node pair, network and CNI (its pair's notes): several runs read apart.
		...(run.k8s === undefined ? [] : (run.pairs[0]?.notes ?? [])).flatMap((note) =>
			hangingLines('', note, width, theme.text.muted),
		),
		...tableLines(run, width),
		blankLine,
		...ceilingVerdicts(run).flatMap((verdict) =>
			hangingLines('', `Per-flow ceiling — ${verdict}`, width, undefined, true),
		),
		...limitLines(run).flatMap((text) => hangingLines('', text, width)),
		...errors.flatMap((text) => hangingLines('', text, width, theme.status.error)),
		...hangingLines(
			'',
			teardownLine(run, interrupted),
			width,
			run.teardown.complete ? theme.status.success : theme.status.error,
		),
	];
}

export function probeResultsLines(content: ProbeResultsContent): StyledLine[] {
	const {run, advice, interrupted, width, earlier = [], splits = []} = content;
	const noAdvice = run.partial ? 'A partial run is kept and listed, never used as evidence.' : noAdviceLine(run);
	return [
		...earlier.flatMap((each) => [...runLines(each, interrupted, width), blankLine]),
		...runLines(run, interrupted, width),
		...(splits.length === 0
			? []
			: [
					blankLine,
					...networkSplitLines(splits, width).map((line, index) =>
						plainLine(line, index === 0 ? theme.text.heading : undefined, index === 0),
					),
				]),
		blankLine,
		...(advice
			? [
					plainLine('With these measurements as evidence:', theme.text.muted),
					...decisionOrderLines(advice.steps, width),
					...advice.notes
						.filter((note) => note.id === 'pod-network')
						.flatMap((note) => hangingLines('', note.text, width, theme.text.muted)),
				]
			: hangingLines('', noAdvice, width, theme.text.muted)),
	];
}
