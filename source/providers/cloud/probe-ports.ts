// The TCP ports every cloud's firewall opens between a run's two hosts for iperf3: one server process per
// port from the base port, and a plan may start as many as the most streams a test can ask for (iperf3 3.12
// on Debian 12 serves each stream of a sweep from its own process: the probe spreads streams over
// processes, one server port each). So the range is the base port plus the streams bound, on every cloud.

import {requestBounds} from '../../domain/bounds.js';

export const probeBasePort = 5201;

export interface PortRange {
	readonly min: number;
	readonly max: number;
}

/** 5201-5328: a server for each of up to 128 streams (iperf3's own -P limit, the --streams bound). */
export const probePorts: PortRange = {min: probeBasePort, max: probeBasePort + requestBounds.probeStreams.max - 1};

/** `5201-5328` as GCP and the plans write it. */
export function portRangeText(range: PortRange = probePorts): string {
	return `${range.min}-${range.max}`;
}

/**
 * The server ports a plan starts (base .. base + servers - 1), or why the firewall cannot carry them: the
 * servers are as many as the most streams a test asks for, unless --processes caps them.
 */
export function firewallProblem(
	streams: readonly number[],
	processes: 'auto' | number | undefined,
	range: PortRange = probePorts,
	basePort = probeBasePort,
): string | null {
	const most = Math.max(1, ...streams);
	const servers = typeof processes === 'number' ? Math.min(most, processes) : most;
	const last = basePort + servers - 1;
	if (basePort >= range.min && last <= range.max) return null;
	return `the plan starts iperf3 servers on ports ${basePort}-${last}, but the firewall opens ${portRangeText(range)} only`;
}
