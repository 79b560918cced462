// k8s-netperf's `--json` output -> the tests `netplace explain` attributes. The schema, from the tool's public
// repository (cloud-bulldozer/k8s-netperf): `WriteJSONResult` prints a JSON array of `Doc` (pkg/archive/
// archive.go, commit 017b0dd), each with driver, profile (TCP_STREAM, UDP_STREAM, TCP_RR, TCP_CRR, UDP_RR),
// parallelism, duration, samples, messageSize, hostNetwork, service, acrossAZ, throughput (the samples' mean) in
// tputMetric ("Mb/s" for STREAM profiles), tcpRetransmits (the samples' mean), clientCPU / serverCPU
// (`NodeCPU`: idleCPU, userCPU, systemCPU, softCPU, irqCPU, ... percent; pkg/metrics/system.go, commit 05a2eec)
// and clientNodeLabels / serverNodeLabels (the nodes' Kubernetes labels). Only the TCP_STREAM documents are
// throughput tests explain reads; the others are said and left out. The node's instance type and zone come from
// the well-known labels node.kubernetes.io/instance-type and topology.kubernetes.io/zone / region. Pure.

import {streamsLabel} from '../domain/format.js';
import type {ImportedCpu, ImportedPlace, ImportedTest} from '../domain/imported.js';
import {machineBusyShare, machineKernelShare} from './host-cpu.js';
import {isObject, type Json, numberAt} from './iperf3-figures.js';

const instanceTypeLabel = 'node.kubernetes.io/instance-type';
const zoneLabel = 'topology.kubernetes.io/zone';
const regionLabel = 'topology.kubernetes.io/region';

/** Whether `value` is k8s-netperf's JSON: an array whose documents carry driver, profile and throughput. */
export function isK8sNetperf(value: unknown): value is Json[] {
	return (
		Array.isArray(value) &&
		value.length > 0 &&
		value.every((doc) => isObject(doc) && typeof doc['profile'] === 'string' && 'throughput' in doc && 'driver' in doc)
	);
}

/** Mb/s, Gb/s, bits/s... -> the factor to Gbps; null for a unit that is not a throughput (OP/s). */
function toGbps(metric: unknown): number | null {
	if (typeof metric !== 'string') return null;
	const unit = metric.trim().toLowerCase();
	if (unit === 'mb/s' || unit === 'mbps' || unit === 'mbit/s') return 1e-3;
	if (unit === 'gb/s' || unit === 'gbps' || unit === 'gbit/s') return 1;
	if (unit === 'b/s' || unit === 'bits/s') return 1e-9;
	return null;
}

function label(labels: unknown, key: string): string | null {
	const value = isObject(labels) ? labels[key] : undefined;
	return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The machine rule of the probe's CPU flag (host-cpu.ts) on a node's mean CPU: all cores half busy, half kernel. */
function nodeBound(cpu: unknown, end: 'client' | 'server'): string | null {
	const idle = numberAt(cpu, 'idleCPU');
	if (idle === null) return null;
	const busy = 100 - idle;
	const kernel = (numberAt(cpu, 'systemCPU') ?? 0) + (numberAt(cpu, 'softCPU') ?? 0) + (numberAt(cpu, 'irqCPU') ?? 0);
	if (busy < 100 * machineBusyShare || kernel < machineKernelShare * busy) return null;
	return `${end} node ${Math.round(busy)}% busy, ${Math.round(kernel)}% kernel (k8s-netperf ${end}CPU; CPU-bound from all cores ${100 * machineBusyShare}% busy, half of it kernel)`;
}

function cpuOf(doc: Json): ImportedCpu | null {
	const client = numberAt(doc['clientCPU'], 'idleCPU');
	const server = numberAt(doc['serverCPU'], 'idleCPU');
	if (client === null && server === null) return null;
	return {
		clientPercent: client === null ? null : 100 - client,
		serverPercent: server === null ? null : 100 - server,
		boundBy: nodeBound(doc['clientCPU'], 'client') ?? nodeBound(doc['serverCPU'], 'server'),
	};
}

function placeOf(doc: Json): ImportedPlace | null {
	const labels = doc['clientNodeLabels'];
	const shape = label(labels, instanceTypeLabel);
	const region = label(labels, regionLabel);
	if (shape === null && region === null && typeof doc['acrossAZ'] !== 'boolean') return null;
	const across = doc['acrossAZ'] === true || label(labels, zoneLabel) !== label(doc['serverNodeLabels'], zoneLabel);
	return {
		cloud: null,
		shape,
		placement: null,
		region,
		path: across ? 'cross-zone' : 'same-zone',
		source: `k8s node labels ${instanceTypeLabel}, ${zoneLabel} and acrossAZ`,
	};
}

function testOf(doc: Json, file: string, factor: number): ImportedTest {
	const throughput = numberAt(doc, 'throughput');
	const gbps = throughput === null ? null : throughput * factor;
	const streams = Math.max(1, Math.round(numberAt(doc, 'parallelism') ?? 1));
	const seconds = numberAt(doc, 'duration');
	const retransmits = numberAt(doc, 'tcpRetransmits');
	const segments = gbps === null || seconds === null ? null : (gbps * 1e9 * seconds) / 8 / 1448;
	const network = doc['hostNetwork'] === true ? 'host network' : 'pod network';
	const service = doc['service'] === true ? ', through a Service' : '';
	const driver = typeof doc['driver'] === 'string' ? doc['driver'] : 'unknown';
	return {
		file,
		format: 'k8s-netperf',
		tool: `k8s-netperf (${driver} driver)`,
		label: `${String(doc['profile'])} ${streamsLabel(streams)}, ${network}${service}`,
		gbps,
		streams,
		seconds,
		direction: 'forward',
		retransmits,
		retransmitShare: retransmits === null || segments === null || segments <= 0 ? null : retransmits / segments,
		perStreamGbps: [],
		intervals: [],
		tcp: null,
		congestionControl: null,
		cpu: cpuOf(doc),
		pairKey: [label(doc['clientNodeLabels'], instanceTypeLabel), network, service, doc['acrossAZ'] === true].join(' '),
		hosts: {local: null, remote: null},
		place: placeOf(doc),
		error: null,
		statedLimit: null,
		overlay: doc['service'] === true ? 'a Service' : doc['hostNetwork'] === true ? null : 'the pod network',
	};
}

/** The TCP_STREAM tests of k8s-netperf's output, and how many other documents were left out. */
export function k8sNetperfTests(docs: readonly Json[], file: string): {tests: ImportedTest[]; skipped: number} {
	const tests = docs.flatMap((doc) => {
		const factor = toGbps(doc['tputMetric']);
		return doc['profile'] === 'TCP_STREAM' && factor !== null ? [testOf(doc, file, factor)] : [];
	});
	return {tests, skipped: docs.length - tests.length};
}
