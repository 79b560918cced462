// iperf3's CPU, per-stream RTT and retransmits across the JSON shapes of 3.9, 3.12, 3.16 and 3.17.1
// (recorded outputs: test/fixtures/README.md says where each came from).
import {describe, expect, it} from 'vitest';
import {multiThreaded, parseIperf3Version} from '../../source/probe/iperf3-figures.js';
import {parseIperf3} from '../../source/probe/iperf3-parse.js';
import {fixture} from './fixtures.js';

function ok(path: string) {
	const report = parseIperf3(fixture(path));
	if (!report.ok) throw new Error(`${path}: ${report.error}`);
	return report;
}

describe('iperf3 figures by version', () => {
	it('3.9 (GCP -> IBM, 78 ms path): version, CPU of both ends, the sender mean/min/max RTT in ms', () => {
		const report = ok('iperf3/v3.9-gcp-ibm-p1.json');
		expect(report.version).toEqual({text: '3.9', major: 3, minor: 9});
		expect(report.cpu).toEqual({
			hostTotal: 3.4303853573324647,
			hostUser: 1.0466456541041109,
			hostSystem: 2.3837182150610281,
			remoteTotal: 2.0188005075587867,
			remoteUser: 0.19343491814177174,
			remoteSystem: 1.8253591437349712,
		});
		expect(report.streamFigures).toHaveLength(1);
		const [stream] = report.streamFigures;
		expect(stream?.meanRttMs).toBeCloseTo(77.793, 6);
		expect(stream?.minRttMs).toBeCloseTo(76.777, 6);
		expect(stream?.maxRttMs).toBeCloseTo(86.053, 6);
		expect(stream?.retransmits).toBe(296);
		expect(stream?.gbps).toBeCloseTo(0.129638594989, 9);
		expect(report.reverse).toBe(false);
		// The 3.9 run omitted 3 s: only the measured intervals count.
		expect(report.intervals).toHaveLength(2);
	});

	it('3.12 -P 8 (recorded here): eight streams, each with its own RTT, retransmits and Gbps summing to the total', () => {
		const report = ok('iperf3/success-p8.json');
		expect(report.version?.text).toBe('3.12');
		expect(report.cpu?.hostTotal).toBeCloseTo(99.816461571600072, 9);
		expect(report.cpu?.remoteTotal).toBeCloseTo(50.391485127758031, 9);
		expect(report.streamFigures.map((stream) => stream.meanRttMs)).toEqual([
			0.026, 0.039, 0.025, 0.026, 0.027, 0.036, 0.041, 0.038,
		]);
		const sum = report.streamFigures.reduce((total, stream) => total + stream.gbps, 0);
		expect(sum).toBeCloseTo(report.gbps, 3);
		for (const stream of report.streamFigures) expect(stream.retransmits).toBe(0);
	});

	it('3.16 (multi-threaded): CPU above 100% of one core is kept as reported', () => {
		const report = ok('iperf3/v3.16-loopback-p1.json');
		expect(report.version).toEqual({text: '3.16', major: 3, minor: 16});
		expect(report.cpu?.hostTotal).toBeCloseTo(102.507701117166, 9);
		expect(report.cpu?.remoteTotal).toBeCloseTo(75.6893571812466, 9);
		expect(report.streamFigures[0]?.meanRttMs).toBeCloseTo(0.026, 9);
		expect(report.gbps).toBeCloseTo(69.381438967961, 6);
	});

	it('3.17.1 from macOS: no RTT and no retransmits are null, not zero; wrapper keys are ignored', () => {
		const report = ok('iperf3/v3.17.1-macos-p1.json');
		expect(report.version?.text).toBe('3.17.1');
		expect(report.streamFigures).toEqual([
			{gbps: 5925819.144580323 / 1e9, retransmits: null, meanRttMs: null, minRttMs: null, maxRttMs: null},
		]);
		expect(report.cpu?.hostTotal).toBeCloseTo(0.825434431194818, 9);
		expect(report.retransmits).toBe(0);
	});

	it('version strings: `iperf3 --version` and start.version; 3.16 and later are multi-threaded', () => {
		expect(parseIperf3Version('iperf 3.12 (cJSON 1.7.15)\nLinux vm 6.18 …')?.minor).toBe(12);
		expect(parseIperf3Version('iperf 3.19.1+')?.text).toBe('3.19.1');
		expect(parseIperf3Version('command not found')).toBeNull();
		expect(multiThreaded(parseIperf3Version('iperf 3.12'))).toBe(false);
		expect(multiThreaded(parseIperf3Version('iperf 3.15'))).toBe(false);
		expect(multiThreaded(parseIperf3Version('iperf 3.16'))).toBe(true);
		expect(multiThreaded(parseIperf3Version('iperf 3.17.1'))).toBe(true);
		expect(multiThreaded(null)).toBe(false);
	});
});
