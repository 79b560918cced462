// The result screen's what-if: keys change the stream count, the target, a pinned placement and the
// ENA Express / Tier_1 options, and the answer is `size()` over the changed workload — the same
// workload `netplace size` builds from the flags `sizeArgv` names. Pure: no React, no Ink, no I/O.

import {requestBounds} from '../domain/bounds.js';
import {sellsInScope} from '../domain/clouds.js';
import {defaultWorkload, type Placement, type Workload} from '../domain/types.js';
import {durationFlagText, sizeFlagText} from '../request/transfer-phrase.js';
import {transferTargetGbps} from '../request/transfer-units.js';

export interface WhatIfState {
	/** The answered workload (with any pins it was saved with): `reset` returns to it. */
	readonly base: Workload;
	readonly workload: Workload;
}

export type WhatIfAction =
	| {readonly type: 'streams'; readonly delta: 1 | -1}
	| {readonly type: 'target'; readonly delta: 1 | -1}
	/** Through `placements` (the catalogue's, for the clouds in scope), then back to "search chooses". */
	| {readonly type: 'cycle-placement'; readonly placements: readonly Placement[]}
	| {readonly type: 'cycle-ena-express'}
	| {readonly type: 'cycle-tier1'}
	| {readonly type: 'reset'};

/** The stream counts ←/→ step through (from a typed count, the next one above or below it). */
export const streamSteps: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128];
/** Aggregate targets in Gbps +/− step through; below the lowest, no target. */
export const targetSteps: readonly number[] = [1, 2, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 400];

/** → doubles the streams up to the most a request takes (the bounds table's --streams). */
export const maxStreams = requestBounds.workloadStreams.max;

export function initialWhatIf(workload: Workload): WhatIfState {
	return {base: workload, workload};
}

/** The next value of a sorted ladder above (delta 1) or below (delta -1) `current`; `current` at the ends. */
export function stepThrough(ladder: readonly number[], current: number, delta: 1 | -1): number {
	if (delta > 0) return ladder.find((value) => value > current) ?? current;
	return [...ladder].reverse().find((value) => value < current) ?? current;
}

function nextStreams(streams: number, delta: 1 | -1): number {
	const stepped = stepThrough(streamSteps, streams, delta);
	// Past the ladder's top, double (or halve back to it) within the bounds.
	if (stepped !== streams) return stepped;
	return delta > 0 ? Math.min(maxStreams, streams * 2) : streams;
}

function nextTarget(target: number | null, delta: 1 | -1): number | null {
	if (target === null) return delta > 0 ? (targetSteps[0] ?? null) : null;
	const stepped = stepThrough(targetSteps, target, delta);
	if (delta < 0 && stepped === target) return null;
	return stepped;
}

/** null -> each value in turn -> null. */
function cycle<Value>(values: readonly Value[], current: Value | null): Value | null {
	const index = current === null ? -1 : values.indexOf(current);
	return index + 1 < values.length ? (values[index + 1] ?? null) : null;
}

const onOff: readonly boolean[] = [true, false];

function change(state: WhatIfState, patch: Partial<Workload>): WhatIfState {
	return {...state, workload: {...state.workload, ...patch}};
}

export function whatIfReducer(state: WhatIfState, action: WhatIfAction): WhatIfState {
	const {workload} = state;
	switch (action.type) {
		case 'streams': {
			const streams = nextStreams(workload.streams, action.delta);
			return streams === workload.streams ? state : change(state, {streams});
		}

		case 'target': {
			const minGbps = nextTarget(workload.minGbps, action.delta);
			return minGbps === workload.minGbps ? state : change(state, {minGbps});
		}

		case 'cycle-placement': {
			return action.placements.length === 0
				? state
				: change(state, {placement: cycle(action.placements, workload.placement)});
		}

		case 'cycle-ena-express': {
			return sellsInScope('enaExpress', workload.cloud)
				? change(state, {enaExpress: cycle(onOff, workload.enaExpress)})
				: state;
		}

		case 'cycle-tier1': {
			return sellsInScope('tier1', workload.cloud) ? change(state, {tier1: cycle(onOff, workload.tier1)}) : state;
		}

		case 'reset': {
			return {...state, workload: state.base};
		}
	}
}

/** True when a what-if key has moved the workload away from the answers. */
export function isChanged(state: WhatIfState): boolean {
	return JSON.stringify(state.workload) !== JSON.stringify(state.base);
}

function switchFlag(name: string, value: boolean | null): string[] {
	if (value === null) return [];
	return [value ? `--${name}` : `--no-${name}`];
}

/** `netplace size` arguments that describe this workload: the what-if's answer is `size` with these flags. */
/** The path's and the hosts' figures the user gave, as their flags. */
function pathFigureFlags(workload: Workload): string[] {
	const figures: ReadonlyArray<readonly [string, number | null]> = [
		['--rtt', workload.rttMs],
		['--mtu', workload.mtu],
		['--tcp-rmem-max', workload.tcpRmemMax],
		['--tcp-wmem-max', workload.tcpWmemMax],
		['--rmem-max', workload.rmemMax],
		['--wmem-max', workload.wmemMax],
		['--loss', workload.lossPercent],
	];
	const given = figures.flatMap(([flag, value]) => (value === null ? [] : [flag, String(value)]));
	return workload.cc === null ? given : [...given, '--cc', workload.cc];
}

export function sizeArgv(workload: Workload): string[] {
	const argv = ['--cloud', workload.cloud, '--streams', String(workload.streams)];
	// A target the transfer sets (size ÷ time) is the flags' own work: only a target given apart is a flag.
	if (workload.minGbps !== null && workload.minGbps !== transferTargetGbps(workload)) {
		argv.push('--min-gbps', String(workload.minGbps));
	}
	if (workload.latencySensitive) argv.push('--latency-sensitive');
	if (workload.faultIsolation) argv.push('--fault-isolation');
	if (workload.sustained) argv.push('--sustained');
	if (workload.transferBytes !== null) argv.push('--transfer', sizeFlagText(workload.transferBytes));
	if (workload.withinSeconds !== null) argv.push('--within', durationFlagText(workload.withinSeconds));
	if (workload.keepLiveMigration) argv.push('--keep-live-migration');
	if (workload.path !== 'same-zone') argv.push('--path', workload.path);
	if (workload.toRegion !== null) argv.push('--to-region', workload.toRegion);
	argv.push(...pathFigureFlags(workload));
	if (workload.hostsAsIs) argv.push('--hosts-as-is');
	if (workload.maxPairs !== defaultWorkload.maxPairs) argv.push('--max-pairs', String(workload.maxPairs));
	if (workload.region) argv.push('--region', workload.region);
	if (workload.arch) argv.push('--arch', workload.arch);
	if (workload.minVcpus !== null) argv.push('--min-vcpus', String(workload.minVcpus));
	if (workload.minMemoryGib !== null) argv.push('--min-memory', String(workload.minMemoryGib));
	if (workload.shapes.length > 0) argv.push('--shape', workload.shapes.join(','));
	if (workload.placement !== null) argv.push('--placement', workload.placement);
	argv.push(...switchFlag('ena-express', workload.enaExpress), ...switchFlag('tier1', workload.tier1));
	return argv;
}
