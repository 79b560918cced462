// knb's `-o json` report (InfraBuilder/k8s-bench-suite, the `knb` script 1.4.1, commit 0b3e1ae, MIT) -> the tests
// `netplace explain` attributes. `compute-json-result` writes `metadata` (generator "knb", version, date,
// server-node, client-node, socket-buffer-size) and `data` (cpu, kernel, k8s-version, mtu, and per scenario
// `idle`, `pod2pod` and `pod2svc`, each with `tcp` and `udp`): `bandwidth` is the receiver line's Mbit/s of
// `iperf3 -c … -O 1 -f m -t DURATION` (one stream; the duration is not written), and `client` / `server` hold the
// node's mean CPU (`total` = user + nice + system + iowait + steal, percent) and RAM over the test. The TCP tests
// are read; UDP (`-u -b 0`) and idle are said and left out. knb names nodes, not instance types. Pure.

import type {ImportedCpu, ImportedTest} from '../domain/imported.js';
import {machineBusyShare, machineKernelShare} from './host-cpu.js';
import {isObject, type Json, numberAt} from './iperf3-figures.js';

/** Whether `value` is knb's JSON report. */
export function isKnb(value: unknown): value is Json {
	return isObject(value) && isObject(value['metadata']) && value['metadata']['generator'] === 'knb';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** The machine rule of the probe's CPU flag (host-cpu.ts) on a node's mean CPU: half busy, half of it system. */
function nodeBound(cpu: unknown, end: 'client' | 'server'): string | null {
	const total = numberAt(cpu, 'total');
	const system = numberAt(cpu, 'system');
	if (total === null || system === null) return null;
	if (total < 100 * machineBusyShare || system < machineKernelShare * total) return null;
	return `${end} node ${Math.round(total)}% busy, ${Math.round(system)}% system (knb ${end}.cpu; CPU-bound from all cores ${100 * machineBusyShare}% busy, half of it kernel)`;
}

function cpuOf(test: Json): ImportedCpu | null {
	const client = isObject(test['client']) ? test['client']['cpu'] : undefined;
	const server = isObject(test['server']) ? test['server']['cpu'] : undefined;
	const [clientPercent, serverPercent] = [numberAt(client, 'total'), numberAt(server, 'total')];
	if (clientPercent === null && serverPercent === null) return null;
	return {clientPercent, serverPercent, boundBy: nodeBound(client, 'client') ?? nodeBound(server, 'server')};
}

function testOf(report: Json, scenario: 'pod2pod' | 'pod2svc', test: Json, file: string): ImportedTest {
	const metadata = report['metadata'] as Json;
	const [client, server] = [text(metadata['client-node']), text(metadata['server-node'])];
	const mbps = numberAt(test, 'bandwidth');
	const through = scenario === 'pod2svc' ? 'a Service' : 'the pod network';
	return {
		file,
		format: 'knb',
		tool: `knb ${text(metadata['version']) ?? ''} (iperf3)`.replace('  ', ' '),
		label: `${scenario === 'pod2svc' ? 'pod to Service' : 'pod to pod'} TCP, 1 stream`,
		gbps: mbps === null ? null : mbps / 1000,
		streams: 1,
		seconds: null,
		direction: 'forward',
		retransmits: null,
		retransmitShare: null,
		perStreamGbps: [],
		intervals: [],
		tcp: null,
		congestionControl: null,
		cpu: cpuOf(test),
		pairKey: `knb ${client ?? '?'} -> ${server ?? '?'} ${scenario}`,
		hosts: {local: client, remote: server},
		place: null,
		error: mbps === null ? 'knb wrote no bandwidth for this test' : null,
		statedLimit: null,
		overlay: through,
	};
}

/** The TCP tests of a knb report, and how many of its other tests (UDP) were left out. */
export function knbTests(report: Json, file: string): {tests: ImportedTest[]; skipped: number} {
	const data = isObject(report['data']) ? report['data'] : {};
	const tests: ImportedTest[] = [];
	let skipped = 0;
	for (const scenario of ['pod2pod', 'pod2svc'] as const) {
		const both = data[scenario];
		if (!isObject(both)) continue;
		if (isObject(both['tcp'])) tests.push(testOf(report, scenario, both['tcp'], file));
		if (isObject(both['udp'])) skipped++;
	}

	return {tests, skipped};
}
