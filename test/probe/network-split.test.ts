// What a node pair on both networks says (k8s --network both): the pod network's cost and what bound the pair.
import {describe, expect, it} from 'vitest';
import {networkSplitLines} from '../../source/present/network-split-text.js';
import {networkSplits, splitOf} from '../../source/probe/network-split.js';
import type {MeasuredLimit, ProbeRun, StreamResult, ValidityKind} from '../../source/probe/types.js';
import type {ProbeTarget} from '../../source/providers/provider.js';

function result(streams: number, gbps: number, limit: MeasuredLimit, kind: ValidityKind = 'valid'): StreamResult {
	return {streams, gbps, min: gbps, max: gbps, samples: 1, retransmits: 0, limit, validity: {kind}} as StreamResult;
}

function run(results: StreamResult[]): ProbeRun {
	return {
		runId: 'np-test',
		provider: 'k8s',
		shape: 'oci/VM.Standard.E4.Flex',
		region: null,
		pairs: [
			{
				placement: 'default',
				published: {gbps: 1, kind: 'per-ocpu'},
				results,
				rtt: null,
				perFlowCeiling: {present: false, singleToAggregate: null},
				percentOfPublished: null,
				sustained: null,
			},
		],
		teardown: {complete: true, left: []},
	};
}

const host = run([result(1, 0.905, 'instance'), result(4, 0.944, 'instance')]);

describe('splitOf', () => {
	it('names the pod network when it carries less than the host network on the same nodes', () => {
		const split = splitOf('a-1 -> a-2', 'same-zone', run([result(4, 0.76, 'instance')]), host);
		expect(split.bound).toBe('pod network');
		expect(split.podCostPercent).toBe(19.5);
		expect(split.text).toBe(
			'a-1 -> a-2 (same-zone): host network 0.944 Gbps, pod network 0.76 Gbps: the pod network costs 19.5%; bound by the pod network',
		);
	});

	it('names the node when both networks carry the same (within 5%)', () => {
		expect(splitOf('a', 'same-zone', run([result(4, 0.93, 'instance')]), host).bound).toBe('node');
	});

	it("names the pod's TCP settings when the window binds the pod and not the host", () => {
		expect(splitOf('a', 'cross-zone', run([result(4, 0.5, 'window')]), host).bound).toBe("pod's TCP settings");
	});

	it('names CPU when the host network read CPU-bound, and the path when its window bound', () => {
		const busy = run([result(4, 0.6, 'cpu', 'cpu-bound')]);
		expect(splitOf('a', 'same-zone', run([result(4, 0.6, 'instance')]), busy).bound).toBe('CPU');
		expect(splitOf('a', 'cross-zone', run([result(4, 0.3, 'window')]), run([result(4, 0.3, 'window')])).bound).toBe(
			'path',
		);
	});

	it('a pod network whose tests read CPU-bound beside a host network that did not: the pod path, said so', () => {
		const split = splitOf('a', 'same-zone', run([result(4, 0.76, 'cpu', 'cpu-bound')]), host);
		expect(split.bound).toBe('pod network');
		expect(split.text).toContain('pod network 0.76 Gbps (every test CPU-bound)');
	});
});

describe('networkSplits', () => {
	it('pairs each node pair’s pod and host runs, and leaves a pair on one network out', () => {
		const target = (nodes: [string, string], network: 'pod' | 'host'): ProbeTarget => ({
			shape: 'oci/VM.Standard.E4.Flex',
			placements: ['default'],
			path: 'same-zone',
			k8s: {nodes, network, image: 'i'},
		});
		const splits = networkSplits([
			{target: target(['a-1', 'a-2'], 'pod'), run: run([result(4, 0.76, 'instance')])},
			{target: target(['a-1', 'a-2'], 'host'), run: host},
			{target: target(['a-3', 'b-1'], 'pod'), run: host},
		]);
		expect(splits.map((split) => split.nodes)).toEqual(['a-1 -> a-2']);
	});
});

describe('networkSplitLines', () => {
	it('wraps each pair at words to the width, continuations under the pair', () => {
		const split = splitOf('a-1 -> a-2', 'same-zone', run([result(4, 0.76, 'instance')]), host);
		const lines = networkSplitLines([split], 80);
		expect(lines).toEqual([
			'Pod network versus host network, per node pair:',
			'  a-1 -> a-2 (same-zone): host network 0.944 Gbps, pod network 0.76 Gbps: the',
			'    pod network costs 19.5%; bound by the pod network',
		]);
		expect(networkSplitLines([split])).toEqual(['Pod network versus host network, per node pair:', `  ${split.text}`]);
	});
});
