import {describe, expect, it} from 'vitest';
import {firstJsonObject, parseIperf3} from '../../source/probe/iperf3-parse.js';
import {fixture} from './fixtures.js';

function raw(path: string): {end: {sum_received: {bits_per_second: number}; sum_sent: {retransmits: number}}} {
	return JSON.parse(fixture(path)) as {end: {sum_received: {bits_per_second: number}; sum_sent: {retransmits: number}}};
}

describe('parseIperf3 on recorded iperf3 3.12 output', () => {
	it('reads receiver throughput and sender retransmits for -P 1', () => {
		const report = parseIperf3(fixture('iperf3/success-p1.json'));
		const expected = raw('iperf3/success-p1.json');
		expect(report.ok).toBe(true);
		if (!report.ok) return;
		expect(report.gbps).toBeCloseTo(expected.end.sum_received.bits_per_second / 1e9, 9);
		expect(report.retransmits).toBe(expected.end.sum_sent.retransmits);
		expect(report.streams).toBe(1);
		expect(report.seconds).toBeGreaterThan(1.5);
	});

	it('reads the summed figure for -P 8', () => {
		const report = parseIperf3(fixture('iperf3/success-p8.json'));
		const expected = raw('iperf3/success-p8.json');
		expect(report.ok && report.streams).toBe(8);
		expect(report.ok && report.gbps).toBeCloseTo(expected.end.sum_received.bits_per_second / 1e9, 9);
	});

	it('filters omitted intervals (-O 1 keeps them in the array)', () => {
		const text = fixture('iperf3/omitted-intervals.json');
		const all = (JSON.parse(text) as {intervals: Array<{sum: {omitted: boolean}}>}).intervals;
		expect(all.some((interval) => interval.sum.omitted)).toBe(true);
		const report = parseIperf3(text);
		expect(report.ok).toBe(true);
		expect(report.intervals).toHaveLength(all.filter((interval) => !interval.sum.omitted).length);
		expect(report.intervals[0]?.start).toBeCloseTo(0, 1);
		for (const interval of report.intervals) expect(interval.gbps).toBeGreaterThan(0);
	});

	it('reads -i 1 intervals from a --forceflush run', () => {
		const report = parseIperf3(fixture('iperf3/forceflush-intervals.json'));
		expect(report.ok).toBe(true);
		expect(report.intervals.length).toBe(3);
	});

	it('reports connection refused (exit 0, error string)', () => {
		const report = parseIperf3(fixture('iperf3/connection-refused.json'));
		expect(report).toMatchObject({ok: false, error: 'unable to connect to server: Connection refused'});
	});

	it('reports a busy server', () => {
		const report = parseIperf3(fixture('iperf3/server-busy.json'));
		expect(report).toMatchObject({ok: false, error: 'the server is busy running a test. try again later'});
	});

	it('reports a terminated server as a failure, keeping its partial intervals', () => {
		const report = parseIperf3(fixture('iperf3/server-terminated.json'));
		expect(report.ok).toBe(false);
		if (report.ok) return;
		expect(report.error).toBe('the server has terminated');
		expect(report.intervals.length).toBeGreaterThan(0);
	});

	it('reports an interrupted client', () => {
		const report = parseIperf3(fixture('iperf3/client-interrupted.json'), '', 1);
		expect(report).toMatchObject({ok: false, error: 'interrupt - the client has terminated'});
	});

	it('parses only the first JSON object when text follows it', () => {
		const report = parseIperf3(fixture('iperf3/text-after-json.json'));
		const expected = raw('iperf3/success-p1.json');
		expect(report.ok && report.gbps).toBeCloseTo(expected.end.sum_received.bits_per_second / 1e9, 9);
	});

	it('explains output with no JSON from stderr', () => {
		const report = parseIperf3('', 'bash: iperf3: command not found\n', 127);
		expect(report).toMatchObject({ok: false, error: 'iperf3 gave no JSON output: bash: iperf3: command not found'});
		expect(parseIperf3('{"start": {', '', 0).ok).toBe(false);
	});

	it('matches braces inside strings', () => {
		expect(firstJsonObject('warn {"a": "}{", "b": {"c": 1}} tail {')).toBe('{"a": "}{", "b": {"c": 1}}');
		expect(firstJsonObject('no json')).toBeNull();
	});
});
