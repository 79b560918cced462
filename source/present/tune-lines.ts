// The host settings as the user reads them: `netplace tune`'s answer (its --json) built from the search's
// answer (session/answer.ts: the first configuration, the path's figures, the prescription), its text (which
// configuration and path the block is for, the path's figures with their sources, then the block, pasteable
// as printed), and the short block `size` prints under its table. Pure: returns data and lines.

import {binaryBytesText} from '../domain/format.js';
import type {RankedConfiguration, SizeResult} from '../domain/model-types.js';
import type {Workload} from '../domain/types.js';
import {type Prescription, prescriptionBlock} from '../sizing/host-tuning.js';
import type {PathFigures} from '../sizing/path-physics.js';
import {wrap} from './wrap.js';

/** What `tune` answers (its --json), before it is laid out. */
export interface TuneAnswer {
	readonly workload: Workload;
	readonly configuration: Pick<RankedConfiguration, 'cloud' | 'shape' | 'placement' | 'ocpus' | 'options'> | null;
	readonly path: PathFigures | null;
	readonly prescription: Prescription | null;
	readonly block: readonly string[];
}

/** The parts of the search's answer `tune` reads. */
export interface TunedSearch {
	readonly result: SizeResult;
	readonly hostTuning: Prescription | null;
	readonly hostPath: PathFigures | null;
}

/** The answer for the workload the user gave: the first configuration the search ranks, tuned for its path. */
export function tuneAnswer(workload: Workload, search: TunedSearch): TuneAnswer {
	const chosen = search.result.configurations[0];
	const {hostTuning: prescription, hostPath: path} = search;
	if (chosen === undefined || prescription === null || path === null) {
		return {
			workload,
			configuration: null,
			path: null,
			prescription: null,
			block: ['# netplace tune: no configuration fits these constraints'],
		};
	}

	const {cloud, shape, placement, ocpus, options} = chosen;
	const configuration = {cloud, shape, placement, ocpus, options};
	return {workload, configuration, path, prescription, block: prescriptionBlock(prescription)};
}

/** net.core.rmem_max / wmem_max where given: they bound only what a program asks for. */
function coreText(path: PathFigures): string {
	const given = [
		path.coreRmemMax === null ? '' : `net.core.rmem_max ${binaryBytesText(path.coreRmemMax)}`,
		path.coreWmemMax === null ? '' : `net.core.wmem_max ${binaryBytesText(path.coreWmemMax)}`,
	].filter((part) => part !== '');
	return given.length === 0 ? '' : `; ${given.join(', ')} (bound only SO_RCVBUF / SO_SNDBUF, e.g. iperf3 -w)`;
}

/** `tune`'s text: every line a comment or a command. */
export function tuneLines(answer: TuneAnswer): string[] {
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

/** Under `size`'s table, when the window or the MTU holds the first configuration back: the commands; tune says why. */
export function sizeTuningLines(prescription: Prescription | null, width: number): string[] {
	if (prescription === null || !prescription.needed) return [];
	const commands = prescription.lines.map((line) => `  ${line.command}`);
	const heading = 'Host tuning (netplace tune with the same flags prints each line with why and its source)';
	return ['', ...wrap(heading, width, '', ''), ...wrap(prescription.summary, width, '  ', '  '), ...commands];
}
