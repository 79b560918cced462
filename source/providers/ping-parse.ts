// iputils ping output -> RTT figures. Every `time=` line is read (ping under load shows 1-4 ms spikes, so
// the median is reported beside avg and mdev); mdev is the population standard deviation, as iputils computes it.

import {median} from '../domain/stats.js';

export type PingReport =
	| {
			readonly ok: true;
			readonly medianMs: number;
			readonly avgMs: number;
			readonly mdevMs: number;
			readonly minMs: number;
			readonly maxMs: number;
			readonly lossPercent: number;
			readonly transmitted: number;
			readonly received: number;
			readonly samplesMs: readonly number[];
	  }
	| {readonly ok: false; readonly error: string; readonly lossPercent: number | null};

const timePattern = /\btime[=<]\s*([\d.]+)\s*ms/;
const summaryPattern = /(\d+) packets transmitted, (\d+) (?:packets )?received/;

export function parsePing(stdout: string, stderr = ''): PingReport {
	const samples: number[] = [];
	for (const line of stdout.split('\n')) {
		if (line.includes('(DUP!)')) continue;
		const match = timePattern.exec(line);
		if (match?.[1] !== undefined) {
			const value = Number(match[1]);
			if (Number.isFinite(value)) samples.push(value);
		}
	}

	const summary = summaryPattern.exec(stdout);
	const transmitted = summary?.[1] === undefined ? samples.length : Number(summary[1]);
	const received = summary?.[2] === undefined ? samples.length : Number(summary[2]);
	const lossPercent = transmitted > 0 ? ((transmitted - received) / transmitted) * 100 : null;
	if (samples.length === 0) {
		const why = stderr.trim().split('\n').at(-1) ?? '';
		const loss = lossPercent === null ? '' : ` (${lossPercent.toFixed(0)}% packet loss)`;
		return {ok: false, error: `ping got no replies${loss}${why ? `: ${why}` : ''}`, lossPercent};
	}

	const avg = samples.reduce((sum, value) => sum + value, 0) / samples.length;
	const variance = samples.reduce((sum, value) => sum + value * value, 0) / samples.length - avg * avg;
	return {
		ok: true,
		medianMs: median(samples),
		avgMs: avg,
		mdevMs: Math.sqrt(Math.max(0, variance)),
		minMs: Math.min(...samples),
		maxMs: Math.max(...samples),
		lossPercent: lossPercent ?? 0,
		transmitted,
		received,
		samplesMs: samples,
	};
}
