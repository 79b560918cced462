// knb's `-o json` report read by `netplace explain` (schema: InfraBuilder/k8s-bench-suite `knb` 1.4.1,
// compute-json-result, commit 0b3e1ae): its TCP tests, Mbit/s to Gbps, the node CPU by the probe's machine rule,
// the pod network and the Service said (never an instance's evidence), UDP left out with a note.
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseImport} from '../../source/probe/explain-import.js';

const file = 'test/fixtures/explain/knb-pod-network.json';
const text = readFileSync(file, 'utf8');

describe('knb -o json', () => {
	it('reads its two TCP tests and leaves the UDP ones out, saying so', () => {
		const imported = parseImport(text, file);
		expect(imported.notes).toEqual(['2 knb UDP test(s) are not TCP throughput tests: left out']);
		expect(imported.tests.map((test) => [test.label, test.gbps, test.overlay, test.format])).toEqual([
			['pod to pod TCP, 1 stream', 4.73, 'the pod network', 'knb'],
			['pod to Service TCP, 1 stream', 4.61, 'a Service', 'knb'],
		]);
		expect(imported.tests[0]?.hosts).toEqual({local: 'node-a', remote: 'node-b'});
		expect(imported.tests[0]?.tool).toBe('knb 1.4.1 (iperf3)');
	});

	it("a node half busy, half of it system time, is CPU-bound by the probe's machine rule; one under it is not", () => {
		const [pod, service] = parseImport(text, file).tests;
		expect(pod?.cpu?.boundBy).toBe(
			'client node 61% busy, 58% system (knb client.cpu; CPU-bound from all cores 50% busy, half of it kernel)',
		);
		expect(service?.cpu).toEqual({clientPercent: 24.8, serverPercent: 37.9, boundBy: null});
	});

	it('a test without a bandwidth is a failed test, not a figure', () => {
		const report = JSON.parse(text);
		delete report.data.pod2pod.tcp.bandwidth;
		const [pod] = parseImport(JSON.stringify(report), file).tests;
		expect(pod?.gbps).toBeNull();
		expect(pod?.error).toBe('knb wrote no bandwidth for this test');
	});
});
