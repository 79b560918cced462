// A netplace probe result (`results show --json`: the stored entry; or `probe --json`: the run) -> the tests
// `netplace explain` attributes: every stream count of every pair, each direction, and a sustained run's 30 s
// blocks as an interval series. The place is the run's own (provider = cloud, shape, placement, region, path);
// the run's measured limit (verdict.ts) is kept beside explain's own reading. Pure.

import {clouds, type RealCloud} from '../domain/clouds.js';
import {streamsLabel} from '../domain/format.js';
import type {ImportedPlace, ImportedTest} from '../domain/imported.js';
import {isObject, type Json} from './iperf3-figures.js';
import type {PairResult, ProbeRun, StreamResult} from './types.js';

/** The run inside a stored entry (`{version, savedAt, run, target}`) or the run itself; null when neither. */
export function netplaceRunOf(value: unknown): ProbeRun | null {
	const run = isObject(value) && isObject(value['run']) ? value['run'] : value;
	if (!isObject(run) || typeof run['runId'] !== 'string' || !Array.isArray(run['pairs'])) return null;
	return run as unknown as ProbeRun;
}

function placeOf(run: ProbeRun, pair: PairResult): ImportedPlace {
	const cloud = (clouds as readonly string[]).includes(run.provider) ? (run.provider as RealCloud) : null;
	return {
		cloud,
		shape: cloud === null ? null : run.shape,
		placement: pair.placement,
		region: run.region,
		path: run.path ?? null,
		source: `netplace result ${run.runId} (provider ${run.provider}, shape ${run.shape})`,
	};
}

function cpuOf(result: StreamResult): ImportedTest['cpu'] {
	const cpu = result.cpu;
	if (cpu === undefined) return null;
	const boundBy = cpu.bound ? (cpu.boundBy ?? []).join('; ') || 'the probe flagged it CPU-bound' : null;
	return {clientPercent: cpu.client, serverPercent: cpu.server, boundBy};
}

function tcpOf(result: StreamResult): ImportedTest['tcp'] {
	const rtt = result.tcpRttMs ?? null;
	if (rtt === null) return null;
	return {
		sendWindowBytes: null,
		congestionWindowBytes: null,
		meanRttMs: rtt,
		minRttMs: result.tcpRttMinMs ?? null,
		requestedBufferBytes: null,
		pathMtu: null,
	};
}

function testOf(run: ProbeRun, pair: PairResult, result: StreamResult, file: string, reverse: boolean): ImportedTest {
	const streams = result.streams;
	const share =
		result.seconds === undefined || result.gbps <= 0
			? null
			: result.retransmits / ((result.gbps * 1e9 * result.seconds) / 8 / 1448);
	return {
		file,
		format: 'netplace',
		tool: `netplace ${run.runId}${result.mode?.iperf3 ? ` (iperf ${result.mode.iperf3})` : ''}`,
		label: `${pair.placement}, ${streamsLabel(streams)}${reverse ? ', reverse' : ''}`,
		gbps: result.gbps,
		streams,
		seconds: result.seconds ?? null,
		direction: reverse ? 'reverse' : 'forward',
		retransmits: result.retransmits,
		retransmitShare: share,
		perStreamGbps: result.perStream?.gbps ?? [],
		intervals: [],
		tcp: tcpOf(result),
		congestionControl: pair.hostSettings?.client.congestionControl ?? null,
		cpu: cpuOf(result),
		pairKey: `${run.runId} ${pair.placement}`,
		hosts: {local: null, remote: null},
		place: placeOf(run, pair),
		error: null,
		statedLimit: result.limit ?? null,
	};
}

function sustainedOf(run: ProbeRun, pair: PairResult, file: string): ImportedTest[] {
	const sustained = pair.sustained;
	if (sustained == null || sustained.blocks.length === 0) return [];
	const base = pair.results[0];
	const intervals = sustained.blocks.map((block) => ({
		start: block.startSecond,
		end: block.startSecond + block.seconds,
		gbps: block.meanGbps,
	}));
	const test = base === undefined ? null : testOf(run, pair, base, file, false);
	if (test === null) return [];
	return [
		{
			...test,
			label: `${pair.placement}, sustained ${sustained.seconds} s`,
			gbps: sustained.meanGbps,
			seconds: sustained.seconds,
			intervals,
			statedLimit: null,
		},
	];
}

/** Every test of a netplace run, in its order. */
export function netplaceTests(run: ProbeRun, file: string): ImportedTest[] {
	return run.pairs.flatMap((pair) => [
		...pair.results.map((result) => testOf(run, pair, result, file, false)),
		...(pair.reverseResults ?? []).map((result) => testOf(run, pair, result, file, true)),
		...sustainedOf(run, pair, file),
	]);
}

export type {Json};
