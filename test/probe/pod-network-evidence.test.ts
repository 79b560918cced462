// A k8s run on the pod network is not the node's figure (issue 41): it is kept as the pod network's evidence for
// its instance type and CNI, the advice says so, and only a host-network run replaces the shape's cell.
import {describe, expect, it} from 'vitest';
import {advise} from '../../source/advice/advise.js';
import {evidenceView} from '../../source/domain/evidence.js';
import {referenceMeasurements} from '../../source/domain/study-cells.js';
import {defaultWorkload} from '../../source/domain/types.js';
import {aggregateSamples} from '../../source/probe/aggregate.js';
import {cellMeasurements} from '../../source/probe/results-cells.js';
import {toMeasurements} from '../../source/probe/to-measurements.js';
import type {K8sRunFacts, PairResult, ProbeRun} from '../../source/probe/types.js';

const calico = {name: 'Calico', evidence: 'DaemonSet kube-system/calico-node (node:v3.27.0)'};

function pair(single: number, aggregate: number, network: 'pod' | 'host'): PairResult {
	return {
		placement: 'default',
		published: {gbps: 15, kind: 'peak-over-baseline'},
		results: [
			aggregateSamples(1, [{gbps: single, retransmits: 0}]),
			aggregateSamples(8, [{gbps: aggregate, retransmits: 0}]),
		],
		rtt: {medianMs: 0.1, avgMs: 0.1, mdevMs: 0.01},
		perFlowCeiling: {present: true, singleToAggregate: 0.4},
		percentOfPublished: null,
		sustained: null,
		notes: [`a-1 (zone-a, c8g.4xlarge) -> a-2 (zone-a, c8g.4xlarge), same-zone, ${network} network`],
	};
}

function k8sRun(network: 'pod' | 'host', gbps: number, k8s: K8sRunFacts | undefined, runId: string): ProbeRun {
	return {
		runId,
		provider: 'k8s',
		shape: 'aws/c8g.4xlarge',
		region: null,
		pairs: [pair(4.9, gbps, network)],
		teardown: {complete: true, left: []},
		finishedAt: '2026-12-06T10:00:00.000Z',
		...(k8s === undefined ? {} : {k8s}),
	};
}

const pod = k8sRun('pod', 6.1, {nodes: ['a-1', 'a-2'], network: 'pod', cni: calico}, 'np-k-pod');
const host = k8sRun('host', 12.2, {nodes: ['a-1', 'a-2'], network: 'host', cni: calico}, 'np-k-host');

describe('k8s pod-network runs as evidence', () => {
	it('marks a pod-network run with its CNI, a host-network run not at all, and reads older runs from their note', () => {
		expect(toMeasurements(pod)[0]?.podNetwork).toEqual({cni: 'Calico'});
		expect(toMeasurements(host)[0]).not.toHaveProperty('podNetwork');
		expect(toMeasurements(k8sRun('pod', 6.1, undefined, 'np-old-pod'))[0]?.podNetwork).toEqual({cni: null});
		expect(toMeasurements(k8sRun('host', 12.2, undefined, 'np-old-host'))[0]).not.toHaveProperty('podNetwork');
	});

	it('keys stored runs by instance type and CNI: pod and host runs of one shape are separate cells', () => {
		const cilium = k8sRun('pod', 9, {nodes: ['a-1', 'a-2'], network: 'pod', cni: {...calico, name: 'Cilium'}}, 'np-c');
		const cells = cellMeasurements([pod, host, cilium].flatMap(toMeasurements));
		expect(cells.map((cell) => [cell.cloud, cell.shape, cell.podNetwork?.cni ?? 'node', cell.aggregateGbps])).toEqual([
			['aws', 'c8g.4xlarge', 'Calico', 6.1],
			['aws', 'c8g.4xlarge', 'node', 12.2],
			['aws', 'c8g.4xlarge', 'Cilium', 9],
		]);
	});

	it("is never the shape's cell: the reference stays until a host-network run replaces it", () => {
		const withPod = evidenceView([...referenceMeasurements(), ...toMeasurements(pod)]);
		expect(withPod.cell('aws', 'c8g.4xlarge', 'default')?.source).toBe('reference');
		expect(withPod.podNetwork.map((each) => each.runId)).toEqual(['np-k-pod']);
		const withHost = evidenceView([...referenceMeasurements(), ...toMeasurements(pod), ...toMeasurements(host)]);
		expect(withHost.cell('aws', 'c8g.4xlarge', 'default')).toMatchObject({source: 'probe', aggregateGbps: 12.2});
	});

	it('the advice says what the pod-network figure is, and its bandwidth table has no pod-network row', () => {
		const advice = advise({...defaultWorkload, cloud: 'aws'}, [...referenceMeasurements(), ...toMeasurements(pod)]);
		const note = advice.notes.find((each) => each.id === 'pod-network');
		expect(note?.text).toContain('aws/c8g.4xlarge with Calico: 6.1 Gbps over 8 streams, 4.9 Gbps one flow');
		expect(note?.text).toContain("evidence of the pod network for that instance type and CNI, not the node's figure");
		expect(advice.bandwidth.filter((row) => row.source === 'probe')).toEqual([]);
		const plain = advise({...defaultWorkload, cloud: 'aws'}, referenceMeasurements());
		expect(plain.notes.some((each) => each.id === 'pod-network')).toBe(false);
	});
});
