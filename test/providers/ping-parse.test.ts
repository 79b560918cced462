import {describe, expect, it} from 'vitest';
import {parsePing} from '../../source/providers/ping-parse.js';
import {fixture} from '../probe/fixtures.js';

/** iputils' own summary line: min/avg/max/mdev. */
function summary(text: string): number[] {
	const match = /= ([\d.]+)\/([\d.]+)\/([\d.]+)\/([\d.]+) ms/.exec(text);
	if (!match) throw new Error('no summary');
	return match.slice(1).map(Number);
}

describe('parsePing on recorded iputils output', () => {
	it('matches iputils min/avg/max/mdev and adds the median', () => {
		const text = fixture('ping/success.txt');
		const [min, avg, max, mdev] = summary(text);
		const report = parsePing(text);
		expect(report.ok).toBe(true);
		if (!report.ok) return;
		expect(report.samplesMs).toHaveLength(20);
		expect(report.minMs).toBeCloseTo(min!, 3);
		expect(report.avgMs).toBeCloseTo(avg!, 3);
		expect(report.maxMs).toBeCloseTo(max!, 3);
		// iputils prints mdev truncated to whole microseconds.
		expect(report.mdevMs).toBeGreaterThanOrEqual(mdev!);
		expect(report.mdevMs).toBeLessThan(mdev! + 0.001);
		expect(report.medianMs).toBeLessThan(report.avgMs);
		expect(report.lossPercent).toBe(0);
	});

	it('reports loss and reads only the replies that came back', () => {
		const text = fixture('ping/loss.txt');
		const [, avg, , mdev] = summary(text);
		const report = parsePing(text);
		expect(report.ok).toBe(true);
		if (!report.ok) return;
		expect(report.transmitted).toBe(20);
		expect(report.received).toBe(15);
		expect(report.lossPercent).toBe(25);
		expect(report.avgMs).toBeCloseTo(avg!, 3);
		expect(report.mdevMs).toBeGreaterThanOrEqual(mdev!);
		expect(report.mdevMs).toBeLessThan(mdev! + 0.001);
	});

	it('fails with the loss when nothing came back', () => {
		expect(parsePing(fixture('ping/total-loss.txt'))).toEqual({
			ok: false,
			error: 'ping got no replies (100% packet loss)',
			lossPercent: 100,
		});
	});

	it('computes median of an even count and population mdev', () => {
		const lines = [1, 2, 3, 10].map((t, i) => `64 bytes from 10.0.0.1: icmp_seq=${i + 1} ttl=64 time=${t} ms`);
		const report = parsePing(lines.join('\n'));
		expect(report.ok && report.medianMs).toBe(2.5);
		expect(report.ok && report.mdevMs).toBeCloseTo(Math.sqrt((1 + 4 + 9 + 100) / 4 - 4 ** 2), 9);
	});
});
