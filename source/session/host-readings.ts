// A value a probe read from the hosts is a fact the next answer can use (issue 37): when the workload names one
// shape (`--shape`) and gives none of the hosts' settings, the latest probe of that shape on real hosts (a cloud
// or your own over SSH) supplies them, as the probe's "these hosts, for the next answer" flags would: the
// autotuning ceilings, net.core.*_max, the congestion control, the route MTU and the kernel. The figures it sets
// are footed "read from the hosts by probe RUN (PROVIDER, WHEN)" (`hostsReadFrom`), in the path terms' basis
// and the answer's JSON workload; any flag the user gives wins, and then nothing is read. Pure.

import {cloudsInScope} from '../domain/clouds.js';
import type {HostReading, Measurement, Workload} from '../domain/types.js';

/** The host settings a user can give: one given and the reading is not used (the user's word is the fact). */
function givesHostSettings(workload: Workload): boolean {
	const {tcpRmemMax, tcpWmemMax, rmemMax, wmemMax, cc, mtu} = workload;
	return [tcpRmemMax, tcpWmemMax, rmemMax, wmemMax, cc, mtu].some((value) => value !== null);
}

function namesShape(named: string, measurement: Measurement): boolean {
	return named === measurement.shape || named === `${measurement.cloud}/${measurement.shape}`;
}

/** The latest probe reading of the one shape the workload names, or null. */
export function latestReading(
	workload: Workload,
	measurements: readonly Measurement[],
): (Measurement & {readonly hosts: HostReading}) | null {
	const [named, ...others] = workload.shapes;
	if (named === undefined || others.length > 0) return null;
	const scope: readonly string[] = cloudsInScope(workload.cloud);
	let latest: (Measurement & {readonly hosts: HostReading}) | null = null;
	for (const measurement of measurements) {
		const {hosts} = measurement;
		if (measurement.source !== 'probe' || hosts === undefined || !scope.includes(measurement.cloud)) continue;
		if (!namesShape(named, measurement)) continue;
		if (latest === null || (measurement.measuredAt ?? '') > (latest.measuredAt ?? '')) latest = {...measurement, hosts};
	}

	return latest;
}

/** The workload with the hosts' settings a probe read, when it names one probed shape and gives none itself. */
export function withHostReading(workload: Workload, measurements: readonly Measurement[]): Workload {
	if (workload.hostsReadFrom !== undefined || givesHostSettings(workload)) return workload;
	const read = latestReading(workload, measurements);
	if (read === null) return workload;
	const {hosts} = read;
	const when = read.measuredAt === undefined ? '' : `, ${read.measuredAt}`;
	return {
		...workload,
		tcpRmemMax: hosts.tcpRmemMax,
		tcpWmemMax: hosts.tcpWmemMax,
		rmemMax: hosts.rmemMax,
		wmemMax: hosts.wmemMax,
		cc: hosts.cc,
		mtu: hosts.mtu,
		kernel: hosts.kernel,
		hostsReadFrom: `read from the hosts by probe ${read.runId ?? 'run'} (${hosts.provider} on ${read.cloud}/${read.shape}${when})`,
	};
}
