// The finished probe as lines (built once per run and width) for the one scrolling view the answer screen uses
// too (components/scroll): present/probe-result-lines.ts lays the run out for every face; this paints it in
// the theme's colours. Pure.

import type {Advice} from '../../../domain/types.js';
import {probeResultLines} from '../../../present/probe-result-lines.js';
import type {NetworkSplit} from '../../../probe/network-split.js';
import type {ProbeRun} from '../../../probe/types.js';
import {styledLines} from '../../components/present-lines.js';
import type {StyledLine} from '../../components/styled-lines.js';

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

export function probeResultsLines(content: ProbeResultsContent): StyledLine[] {
	const {run, advice, ...options} = content;
	return styledLines(probeResultLines(run, advice, options));
}
