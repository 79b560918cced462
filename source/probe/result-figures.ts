// A stream count's samples -> its result row with what bounds it (pure): TCP RTT under load and per-stream
// figures from the median sample, both ends' CPU (percent of one core, summed over processes) and the
// CPU-bound flag, the allowance counter deltas summed over the repeats, and how the test ran.

import {round} from '../domain/stats.js';
import {sumDeltas} from '../providers/allowance-counters.js';
import {aggregateSamples} from './aggregate.js';
import type {TestSample} from './run-test.js';
import type {CpuFigures, PerStreamFigures, StreamResult, TestMode} from './types.js';

/** The sample nearest the median Gbps (the row's figure), so its details match it. */
function medianSample(samples: readonly TestSample[]): TestSample {
	const sorted = [...samples].sort((a, b) => a.gbps - b.gbps);
	return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function tcpRtt(sample: TestSample): Pick<StreamResult, 'tcpRttMs' | 'tcpRttMinMs' | 'tcpRttMaxMs'> {
	const means = sample.streamFigures
		.map((stream) => stream.meanRttMs)
		.filter((value): value is number => value !== null);
	const mins = sample.streamFigures.map((stream) => stream.minRttMs).filter((value): value is number => value !== null);
	const maxes = sample.streamFigures
		.map((stream) => stream.maxRttMs)
		.filter((value): value is number => value !== null);
	return {
		tcpRttMs: means.length === 0 ? null : round(means.reduce((sum, value) => sum + value, 0) / means.length, 3),
		tcpRttMinMs: mins.length === 0 ? null : round(Math.min(...mins), 3),
		tcpRttMaxMs: maxes.length === 0 ? null : round(Math.max(...maxes), 3),
	};
}

export function cpuFigures(sample: TestSample): CpuFigures {
	const known = sample.processCpu.map((process) => process.cpu).filter((cpu) => cpu !== null);
	const sum = (pick: (cpu: NonNullable<(typeof known)[number]>) => number): number | null =>
		known.length === 0
			? null
			: round(
					known.reduce((total, cpu) => total + pick(cpu), 0),
					1,
				);
	return {
		client: sum((cpu) => cpu.hostTotal),
		server: sum((cpu) => cpu.remoteTotal),
		bound: sample.cpuBound,
		host: sample.hostCpu,
		boundBy: sample.cpuWhy,
		boundEnds: sample.cpuEnds,
	};
}

export function perStreamFigures(sample: TestSample): PerStreamFigures | null {
	const gbps = sample.streamFigures.map((stream) => stream.gbps);
	if (gbps.length === 0) return null;
	const mean = gbps.reduce((sum, value) => sum + value, 0) / gbps.length;
	const min = Math.min(...gbps);
	const max = Math.max(...gbps);
	return {
		meanGbps: round(mean, 3),
		minGbps: round(min, 3),
		maxGbps: round(max, 3),
		spreadPercent: mean > 0 ? round(((max - min) / mean) * 100, 1) : 0,
		gbps: gbps.map((value) => round(value, 3)),
	};
}

export function resultFromSamples(streams: number, samples: readonly TestSample[], mode: TestMode): StreamResult {
	const base = aggregateSamples(streams, samples);
	const middle = medianSample(samples);
	const client = sumDeltas(samples.map((sample) => sample.allowance?.client ?? null));
	const server = sumDeltas(samples.map((sample) => sample.allowance?.server ?? null));
	return {
		...base,
		...tcpRtt(middle),
		seconds: round(Math.min(...samples.map((sample) => sample.seconds)), 2),
		cpu: cpuFigures(middle),
		perStream: perStreamFigures(middle),
		mode,
		allowance: client === null && server === null ? null : {client, server},
	};
}
