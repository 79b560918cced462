// The hosts a plan rests on (DESIGN.md "The plan"): unless the user says they cannot be changed
// (`--hosts-as-is`) or gives their buffers as facts, they are tuned as `netplace tune` prints for the plan
// (buffers are free). Tune prints about 2 x the bandwidth-delay product of one flow, never above the
// kernel's ceiling for the sysctl (a signed 32-bit integer): a window that large never holds a flow below
// what the cloud lets it carry, except where the ceiling itself does. The search predicts every
// configuration with buffers at that ceiling, which gives the same figure as each plan's own prescription
// (the window binds in both exactly when the ceiling does); a plan shown is explained with its own. Pure.

import type {Workload} from '../domain/types.js';
import type {HostInputs} from './path-defaults.js';
import {tuningCeiling} from './tuning-lines.js';

/** The largest buffer tune sets (its stated ceiling, tuning-lines.ts). */
export const tunedBufferCeiling = tuningCeiling.bytes;

type HostsWorkload = Pick<
	Workload,
	'hostsAsIs' | 'rttMs' | 'mtu' | 'tcpRmemMax' | 'tcpWmemMax' | 'rmemMax' | 'wmemMax' | 'lossPercent'
>;

/** Whether the plan tunes the hosts: neither taken as they are nor any of their buffers given (facts). */
export function hostsTuned(workload: HostsWorkload): boolean {
	const given = [workload.tcpRmemMax, workload.tcpWmemMax, workload.rmemMax, workload.wmemMax];
	return !workload.hostsAsIs && given.every((value) => value === null);
}

/** The host inputs the search predicts with: the workload's, with tuned buffers where the plan tunes them. */
export function plannedHosts<Hosts extends HostsWorkload>(workload: Hosts): Hosts & HostInputs {
	if (!hostsTuned(workload)) return workload;
	const buffer = tunedBufferCeiling;
	return {...workload, tcpRmemMax: buffer, tcpWmemMax: buffer, rmemMax: buffer, wmemMax: buffer};
}
