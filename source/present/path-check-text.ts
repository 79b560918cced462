// The hosts' settings and the window check as lines for the probe's text and screen: what each host has,
// what one flow can carry between them at the measured RTT, and, when the window holds the flow, the
// settings to paste (sizing/host-tuning.ts's block). Pure.

import {binaryBytesText} from '../domain/format.js';
import type {HostSettings} from '../probe/host-settings.js';
import type {PairResult} from '../probe/types.js';
import {prescriptionBlock} from '../sizing/host-tuning.js';
import {missing} from './format.js';

function hostLine(role: string, host: HostSettings): string {
	const buffer = (triple: HostSettings['tcpRmem']): string => (triple === null ? missing : binaryBytesText(triple[2]));
	const parts = [
		`tcp_rmem max ${buffer(host.tcpRmem)}`,
		`tcp_wmem max ${buffer(host.tcpWmem)}`,
		`net.core.rmem_max ${host.rmemMax === null ? missing : binaryBytesText(host.rmemMax)}`,
		`net.core.wmem_max ${host.wmemMax === null ? missing : binaryBytesText(host.wmemMax)}`,
		`cc ${host.congestionControl ?? missing}`,
		`kernel ${host.kernel ?? missing}`,
		`MTU ${host.routeMtu ?? missing}${host.device === null ? '' : ` (${host.device})`}`,
	];
	return `host ${role}: ${parts.join(', ')}`;
}

/**
 * The hosts' settings as the workload flags that carry them into the next answer (size, advise, tune): the
 * receiver's receive side, the sender's send side and congestion control, the smaller route MTU, the RTT.
 */
export function hostFlags(sender: HostSettings, receiver: HostSettings, rttMs: number | null): string {
	const mtus = [sender.routeMtu, receiver.routeMtu].filter((mtu): mtu is number => mtu !== null);
	const flags: Array<readonly [string, number | string | null | undefined]> = [
		['--rtt', rttMs],
		['--mtu', mtus.length === 0 ? null : Math.min(...mtus)],
		['--tcp-rmem-max', receiver.tcpRmem?.[2]],
		['--tcp-wmem-max', sender.tcpWmem?.[2]],
		['--rmem-max', receiver.rmemMax],
		['--wmem-max', sender.wmemMax],
		['--cc', ['cubic', 'bbr', 'reno'].includes(sender.congestionControl ?? '') ? sender.congestionControl : null],
	];
	return flags
		.flatMap(([flag, value]) => (value === null || value === undefined ? [] : [`${flag} ${value}`]))
		.join(' ');
}

export function pathCheckLines(pair: PairResult): string[] {
	const lines: string[] = [];
	if (pair.hostSettings) {
		const {client, server} = pair.hostSettings;
		lines.push(hostLine('client', client), hostLine('server', server));
		const flags = hostFlags(client, server, pair.pathCheck?.figures.rttMs ?? null);
		if (flags !== '') lines.push(`these hosts, for the next answer: ${flags}`);
	}

	const check = pair.pathCheck;
	if (!check) return lines;
	const {figures} = check;
	const measured =
		check.measuredSingleFlowGbps === null ? '' : `; 1 stream measured ${check.measuredSingleFlowGbps} Gbps`;
	lines.push(
		`window: ${figures.windowShare} x ${binaryBytesText(Math.min(figures.tcpRmemMax, figures.tcpWmemMax))} / ${figures.rttMs} ms = ${check.windowGbps} Gbps per flow${measured}${check.atWindow ? ': at the window bound (window)' : ''}`,
	);
	if (check.windowHolds && check.prescription?.needed) lines.push(...prescriptionBlock(check.prescription));
	return lines;
}
