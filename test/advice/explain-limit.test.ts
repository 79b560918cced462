// `netplace explain`'s attribution (issue 39), pure: each rule on a test whose figures show its limit, and a test
// no rule claims named "none known". The lab makes real outputs for each limit (test/probe/explain-lab.test.ts);
// here the figures are set by hand so each rule's edges are checked without traffic.
import {describe, expect, it} from 'vitest';
import {attributeLimit, type ExplainContext} from '../../source/advice/explain-limit.js';
import {nextStep} from '../../source/advice/explain-next.js';
import type {ImportedInterval, ImportedTest} from '../../source/domain/imported.js';

const base: ImportedTest = {
	file: 'run.json',
	format: 'iperf3',
	tool: 'iperf 3.12',
	label: '1 stream',
	gbps: 1,
	streams: 1,
	seconds: 10,
	direction: 'forward',
	retransmits: 0,
	retransmitShare: 0,
	perStreamGbps: [1],
	intervals: [],
	tcp: null,
	congestionControl: 'cubic',
	cpu: null,
	pairKey: '198.18.0.1',
	hosts: {local: null, remote: '198.18.0.1'},
	place: null,
	error: null,
	statedLimit: null,
};

const context: ExplainContext = {
	prediction: null,
	baselineGbps: null,
	peakGbps: null,
	rttMs: null,
	heavyShare: 0.01,
	peers: [],
};

const series = (gbps: readonly number[], seconds = 1): ImportedInterval[] =>
	gbps.map((value, index) => ({start: index * seconds, end: (index + 1) * seconds, gbps: value}));

describe('attributeLimit', () => {
	it('a stall after a start is an MTU black hole; a short dip is not', () => {
		const stalled = attributeLimit({...base, intervals: series([3.1, 3.0, 0, 0, 0])}, context);
		expect(stalled.limit).toBe('mtu');
		expect(stalled.evidence[0]).toMatch(/3\.1 Gbps, then 3 intervals at 0 Gbps from 2 s to 5 s/);
		expect(attributeLimit({...base, intervals: series([3.1, 0, 3.0, 3.0])}, context).limit).not.toBe('mtu');
	});

	it('CPU-bound by the probe rule before anything else the file shows', () => {
		const cpu = {clientPercent: 99, serverPercent: 40, boundBy: 'client iperf3 at 99% of the 100% it can use'};
		const result = attributeLimit({...base, cpu, retransmitShare: 0.05, retransmits: 500}, context);
		expect(result.limit).toBe('cpu');
	});

	it('loss from 1% of segments retransmitted, with Mathis at the file RTT and its congestion control', () => {
		const tcp = {
			sendWindowBytes: null,
			congestionWindowBytes: null,
			meanRttMs: 10,
			minRttMs: 9,
			requestedBufferBytes: null,
			pathMtu: 1500,
		};
		const lossy = {...base, gbps: 0.05, retransmits: 430, retransmitShare: 0.0125, tcp};
		const result = attributeLimit(lossy, context);
		expect(result.limit).toBe('loss');
		expect(result.evidence).toEqual([
			'430 retransmits: 1.3% of the segments carried (loss-heavy from 1%)',
			'Mathis: MSS 1448 B / (10.00 ms × √0.013) = 10.4 Mbps per flow; measured 50 Mbps per flow',
			'congestion control cubic (sender_tcp_congestion): it halves its window on each loss, as Mathis assumes',
		]);
		expect(attributeLimit({...lossy, retransmitShare: 0.009}, context).limit).not.toBe('loss');
		expect(nextStep('loss', lossy, {...next, rttMs: 10})).toMatch(/or BBR on the sender \(it runs cubic/);
	});

	it('window ÷ RTT when the receiver window over the RTT accounts for each flow and no queue stands', () => {
		const tcp = {
			sendWindowBytes: 262_144,
			congestionWindowBytes: 300_000,
			meanRttMs: 20.5,
			minRttMs: 20.1,
			requestedBufferBytes: null,
			pathMtu: 1500,
		};
		const held = {...base, gbps: 0.098, tcp};
		const result = attributeLimit(held, context);
		expect(result.limit).toBe('window');
		expect(result.evidence[0]).toBe(
			'max_snd_wnd 256 KiB / mean RTT 20.50 ms = 0.1 Gbps per flow; measured 0.1 Gbps per flow',
		);
		// Under a millisecond an autotuned window matching the rate is not read as the limit; an asked-for one is.
		const short = {...tcp, meanRttMs: 0.31, minRttMs: 0.2, sendWindowBytes: 327_680};
		expect(attributeLimit({...held, gbps: 6.5, tcp: short}, context).limit).not.toBe('window');
		expect(attributeLimit({...held, gbps: 6.5, tcp: {...short, requestedBufferBytes: 327_680}}, context).limit).toBe(
			'window',
		);
		// A capped flow's queue lifts the mean RTT: then the window is not what held it.
		expect(attributeLimit({...held, tcp: {...tcp, meanRttMs: 45}}, context).limit).not.toBe('window');
		expect(nextStep('window', held, {...next, cloudFlowGbps: 4.75})).toBe(
			'tune the hosts: buffers of 24 MiB (2 x 4.75 Gbps x 20.5 ms; netplace tune prints the lines to paste)',
		);
	});

	it('a fall that holds at the shape’s published baseline: the instance baseline after its burst', () => {
		const minutes = [...Array.from({length: 14}, () => 4.3), ...Array.from({length: 6}, () => 2.5)];
		const fall = {...base, gbps: 3.76, seconds: 1200, intervals: series(minutes, 60)};
		const result = attributeLimit(fall, {...context, baselineGbps: 2.5, peakGbps: 10});
		expect(result.limit).toBe('instance-baseline');
		expect(result.evidence).toEqual([
			'the series falls from 4.3 to 2.5 Gbps at 840 s and holds there to 1200 s',
			"the shape's published baseline is 2.5 Gbps (peak 10)",
		]);
		// Without a shape the fall is said, never named as the limit.
		const unnamed = attributeLimit(fall, context);
		expect(unnamed.limit).toBe('none-known');
		expect(unnamed.evidence[0]).toMatch(/a burst allowance's signature; --shape names the baseline/);
	});

	it('flows that add up are a per-flow cap; flows that do not are a shared (aggregate) cap', () => {
		const one = {...base, gbps: 0.48};
		const four = {...base, gbps: 1.9, streams: 4, label: '4 streams'};
		expect(attributeLimit(one, {...context, peers: [one, four]}).limit).toBe('per-flow-cap');
		expect(attributeLimit(four, {...context, peers: [one, four]}).limit).toBe('per-flow-cap');
		const flat = {...four, gbps: 0.5};
		expect(attributeLimit(one, {...context, peers: [one, flat]}).limit).toBe('instance');
		// Another pair's tests are not compared.
		const elsewhere = {...four, pairKey: '198.18.9.9'};
		expect(attributeLimit(one, {...context, peers: [one, elsewhere]}).limit).toBe('none-known');
	});

	it('a failed test is said, with its error', () => {
		const failed = attributeLimit({...base, gbps: null, error: 'unable to connect to server'}, context);
		expect(failed).toEqual({
			limit: 'failed',
			evidence: ['the test failed: unable to connect to server'],
			footing: 'measured',
		});
	});
});

const next = {cloud: null, placement: null, prediction: null, cloudFlowGbps: null, instanceGbps: null, rttMs: null};
