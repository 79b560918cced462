// `netplace tune` as text: which configuration and path the block is for, the path's figures with their
// sources, then the block itself (comments and commands, pasteable as printed). Pure: returns lines.

import {binaryBytesText} from '../domain/format.js';
import type {RankedConfiguration} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import type {HostTuning} from '../sizing/tuning-for.js';

/** What `tune` answers (its --json), before it is laid out. */
export interface TuneAnswer {
	readonly workload: Workload;
	readonly configuration: Pick<RankedConfiguration, 'cloud' | 'shape' | 'placement' | 'ocpus' | 'options'> | null;
	readonly path: HostTuning['figures'] | null;
	readonly prescription: HostTuning['prescription'] | null;
	readonly block: readonly string[];
}

/** net.core.rmem_max / wmem_max where given: they bound only what a program asks for. */
function coreText(path: NonNullable<TuneAnswer['path']>): string {
	const given = [
		path.coreRmemMax === null ? '' : `net.core.rmem_max ${binaryBytesText(path.coreRmemMax)}`,
		path.coreWmemMax === null ? '' : `net.core.wmem_max ${binaryBytesText(path.coreWmemMax)}`,
	].filter((part) => part !== '');
	return given.length === 0 ? '' : `; ${given.join(', ')} (bound only SO_RCVBUF / SO_SNDBUF, e.g. iperf3 -w)`;
}

export function tuneText(answer: TuneAnswer): string[] {
	const {configuration, path, prescription} = answer;
	if (configuration === null || path === null || prescription === null) return [...answer.block];
	const options = [configuration.options.enaExpress ? 'ENA Express' : '', configuration.options.tier1 ? 'Tier_1' : '']
		.filter((word) => word !== '')
		.join(', ');
	const rtt = path.rttMs === null ? `unknown (${path.rttSource})` : `${path.rttMs} ms (${path.rttSource})`;
	return [
		`# for: ${configuration.cloud} ${configuration.shape}, ${configuration.placement} placement${options === '' ? '' : `, ${options}`}, ${answer.workload.path}`,
		`# RTT: ${rtt}`,
		`# buffers now: tcp_rmem max ${binaryBytesText(path.tcpRmemMax)}, tcp_wmem max ${binaryBytesText(path.tcpWmemMax)} (${path.bufferSource})${coreText(path)}`,
		`# congestion control: ${path.cc} (${path.ccSource})`,
		`# window share: ${path.windowShare} (${path.windowShareSource})`,
		...answer.block,
	];
}
