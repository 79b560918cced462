// A k8s probe's text at 80 columns (issue 41): progress lines on stderr wrap at words as the result's do, and a
// run whose figures are no shape's same-zone cell (a cluster's cross-zone pair) says so instead of "no valid figure".
import {describe, expect, it} from 'vitest';
import {noAdviceLine} from '../../source/present/no-advice.js';
import {wrappedPrinter} from '../../source/present/wrap.js';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import type {ProbeRun} from '../../source/probe/types.js';

const line =
	'[default] 4 streams: 0.748 Gbps, 0 retransmits, TCP RTT 7.156 ms, CPU client 2% / server 8%, host busiest core 100% busy, 41% kernel, 2 processes';

function k8sRun(path: 'same-zone' | 'cross-zone', gbps: number | null): ProbeRun {
	return {
		runId: 'np-k-1',
		provider: 'k8s',
		shape: 'oci/VM.Standard.E4.Flex',
		region: null,
		path,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 1, kind: 'per-ocpu'},
				results: gbps === null ? [] : [aggregateSamples(4, [{gbps, retransmits: 0}])],
				rtt: null,
				perFlowCeiling: {present: false, singleToAggregate: null},
				percentOfPublished: null,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
	};
}

describe('a k8s probe at 80 columns', () => {
	it('wraps a progress line at words, continuations indented', () => {
		const printed: string[] = [];
		wrappedPrinter((each) => printed.push(each), 80)(line);
		expect(printed).toEqual([
			'[default] 4 streams: 0.748 Gbps, 0 retransmits, TCP RTT 7.156 ms, CPU client 2%',
			'    / server 8%, host busiest core 100% busy, 41% kernel, 2 processes',
		]);
		const short: string[] = [];
		wrappedPrinter((each) => short.push(each), 80)('probe np-k-1: 3 tests, 7 steps');
		expect(short).toEqual(['probe np-k-1: 3 tests, 7 steps']);
	});

	it('a cross-zone pair with valid figures is kept and shown, not said to have none', () => {
		expect(noAdviceLine(k8sRun('cross-zone', 0.95))).toBe(
			"No advice from this run: its path is cross-zone, so its figures are kept and shown, not a shape's same-zone cell.",
		);
		expect(noAdviceLine(k8sRun('same-zone', null))).toBe(
			'No advice from this run: no pair has a valid single-flow or aggregate figure.',
		);
	});
});
