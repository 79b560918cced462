// What the model takes for a path and its hosts when the user gives no figure: the MTU per cloud and path
// from the clouds' documentation (each cloud's entry in sizing/clouds/), the Linux buffer defaults, the share
// of a buffer that is window, and the same-zone RTT the study measured. Each default carries its source.
// Pure data and lookups.

import {clouds, cloudTerms} from '../domain/clouds.js';
import {leavesRegion, type NetworkPath} from '../domain/model-types.js';
import {referenceCells} from '../domain/study-cells.js';
import type {CongestionControl, Placement, RealCloud} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';
import type {MtuDefault} from './clouds/cloud-sizing.js';
import type {PathFigures} from './path-physics.js';

/** What the user (or a probe's reading of the hosts) gave; null takes the default. */
export interface HostInputs {
	readonly rttMs: number | null;
	/** The hosts' MTU: the path's documented MTU bounds it. */
	readonly mtu: number | null;
	/** Autotuning's ceilings: the third field of net.ipv4.tcp_rmem / tcp_wmem (null: Linux's defaults). */
	readonly tcpRmemMax?: number | null;
	readonly tcpWmemMax?: number | null;
	/** net.core.rmem_max / wmem_max: they bound only a buffer a program asks for (SO_RCVBUF / SO_SNDBUF). */
	readonly rmemMax?: number | null;
	readonly wmemMax?: number | null;
	/** The hosts' congestion control (null: Linux's default, CUBIC). */
	readonly cc?: CongestionControl | null;
	/** Packet loss, percent (the workload's `--loss`). */
	readonly lossPercent?: number | null;
	/** `uname -r` of the hosts, where a probe read it (sets the window share). */
	readonly kernel?: string | null;
	/** Where the figures above came from when a probe read them from the hosts (absent: given). */
	readonly hostsReadFrom?: string;
}

export const noHostInputs: HostInputs = {rttMs: null, mtu: null};

/** Linux's default congestion control since 2.6.19 (net.ipv4.tcp_congestion_control; ip-sysctl.rst). */
export const linuxDefaultCc = {
	cc: 'cubic',
	source: "Linux's default (net.ipv4.tcp_congestion_control=cubic since 2.6.19); give --cc bbr or reno if yours differ",
} as const;

/** ENA Express carries packets up to 8900 bytes; larger ones fall back to plain ENA (AWS's ENA Express page). */
export const enaExpressMtu = {
	mtu: 8900,
	source:
		'docs.aws.amazon.com/AWSEC2/latest/UserGuide/ena-express.html: "If your instance uses jumbo frames, ... set your maximum transmission unit (MTU) to 8900"; packets over it fall back to standard ENA',
} as const;

/** The documented MTU of a cloud's path (its entry in sizing/clouds/; ENA Express: the 8900 AWS says to set, inside a Region). */
export function defaultMtu(cloud: RealCloud, path: NetworkPath, enaExpress: boolean): MtuDefault {
	const documented = cloudSizing(cloud).mtu[path];
	if (enaExpress && cloudTerms[cloud].options.includes('enaExpress') && !leavesRegion(path)) return enaExpressMtu;
	return documented;
}

/**
 * Linux's defaults for the largest buffers TCP autotuning reaches (Documentation/networking/ip-sysctl.rst):
 * tcp_rmem max "between 131072 and 6MB, depending on RAM size" (32MB from Linux 6.16: "tcp: increase
 * tcp_rmem[2] to 32 MB", 2025; most cloud images run older kernels), tcp_wmem max "between 64K and 4MB".
 */
export const linuxBufferDefaults = {
	tcpRmemMax: 6_291_456,
	tcpWmemMax: 4_194_304,
	source:
		'Linux ip-sysctl.rst defaults: tcp_rmem max 6 MiB (32 MiB from Linux 6.16), tcp_wmem max 4 MiB, on a host with enough RAM',
} as const;

/**
 * The share of a buffer that is window. Kernels before 6.6: tcp_adv_win_scale=1, half the buffer is
 * overhead (ip-sysctl.rst; the default since Linux 3.4). From 6.6 the kernel sizes it per connection from
 * payload / truesize; measured in netplace's lab on 6.18 (veth, iperf3 3.12, 30 ms, 0.5-2 MiB buffers):
 * 0.71-0.76 of tcp_rmem, 0.73-0.84 of tcp_wmem.
 */
export const windowShares = {
	halfBuffer: {share: 0.5, source: 'tcp_adv_win_scale=1: half the buffer is window (Linux before 6.6, documented)'},
	perConnection: {
		share: 0.75,
		source: 'Linux 6.6+: window = buffer x payload/truesize, 0.71-0.84 measured in the lab on 6.18',
	},
	unknownKernel: {
		share: 0.5,
		source:
			'kernel unknown: half the buffer (tcp_adv_win_scale=1, before Linux 6.6); 6.6 and later reach about 0.75, 1.5x this',
	},
} as const;

/** The window share for a kernel release (`uname -r`), or the unknown kernel's. */
export function windowShareFor(kernel: string | null | undefined): {readonly share: number; readonly source: string} {
	const match = /^(\d+)\.(\d+)/.exec(kernel ?? '');
	if (match === null) return windowShares.unknownKernel;
	const [major, minor] = [Number(match[1]), Number(match[2])];
	return major > 6 || (major === 6 && minor >= 6) ? windowShares.perConnection : windowShares.halfBuffer;
}

/** The study's RTT for the cell nearest a configuration: same cloud and placement (the same shape first). */
export function studyRttMs(cloud: RealCloud, shape: string, placement: Placement): {ms: number; cell: string} | null {
	const ofCloud = referenceCells.filter((cell) => cell.cloud === cloud && cell.rttMs.value !== null);
	const nearest =
		ofCloud.find((cell) => cell.shape === shape && cell.placement === placement) ??
		ofCloud.find((cell) => cell.placement === placement) ??
		ofCloud.find((cell) => cell.placement === 'default') ??
		ofCloud[0];
	if (nearest?.rttMs.value === null || nearest === undefined) return null;
	return {ms: nearest.rttMs.value, cell: `${nearest.cloud}/${nearest.shape}/${nearest.placement}`};
}

export interface PathSubject {
	readonly cloud: RealCloud;
	readonly shape: string;
	readonly placement: Placement;
	readonly enaExpress: boolean;
}

function rttOf(
	subject: PathSubject,
	path: NetworkPath,
	given: number | null,
): Pick<PathFigures, 'rttMs' | 'rttSource'> {
	if (given !== null) return {rttMs: given, rttSource: 'given'};
	if (path !== 'same-zone')
		return {rttMs: null, rttSource: `unknown on the ${path} path: give --rtt MS or measure it with a probe`};
	const study = studyRttMs(subject.cloud, subject.shape, subject.placement);
	return study === null
		? {rttMs: null, rttSource: 'unknown: give --rtt MS'}
		: {rttMs: study.ms, rttSource: `the study's ${study.cell} (measured)`};
}

// The search asks for the same path figures once per configuration (some 10^5 of them): they are worked out
// once per set of host inputs (the search passes one object, its workload) and subject, and remembered.
// Only the study's own shapes have an RTT of their own (studyRttMs): every other shape shares its cloud's.
// The subject is one small number, not a text: building and hashing a text per configuration cost the
// search more than anything the model works out.
const knownFigures = new WeakMap<HostInputs, Map<number, PathFigures>>();
const studyShapeIndex = new Map([...new Set(referenceCells.map((cell) => cell.shape))].map((shape, at) => [shape, at]));
const cloudIndex = new Map<RealCloud, number>(clouds.map((cloud, at) => [cloud, at]));
const placementIndex: Readonly<Record<Placement, number>> = {
	default: 0,
	cluster: 1,
	spread: 2,
	collocated: 3,
	partition: 4,
};
const pathIndex: Readonly<Record<NetworkPath, number>> = {
	'same-zone': 0,
	'cross-zone': 1,
	'cross-region': 2,
	internet: 3,
};

function subjectKey({cloud, shape, placement, enaExpress}: PathSubject, path: NetworkPath): number {
	const measuredShape = (studyShapeIndex.get(shape) ?? -1) + 1;
	const key =
		((cloudIndex.get(cloud) ?? 0) * (studyShapeIndex.size + 1) + measuredShape) * 5 + placementIndex[placement];
	return (key * 2 + (enaExpress ? 1 : 0)) * 4 + pathIndex[path];
}

/** Every figure the path terms need, from the user's inputs where given, else the documented defaults. */
export function pathFigures(subject: PathSubject, path: NetworkPath, inputs: HostInputs): PathFigures {
	let known = knownFigures.get(inputs);
	if (known === undefined) {
		known = new Map();
		knownFigures.set(inputs, known);
	}

	const key = subjectKey(subject, path);
	let figures = known.get(key);
	if (figures === undefined) {
		figures = workedOut(subject, path, inputs);
		known.set(key, figures);
	}

	return figures;
}

/**
 * The path MTU: the hosts' (given, else the path's documented default), bounded by the largest the path
 * carries as documented, with a note when it clamps.
 */
export function pathMtu(subject: PathSubject, path: NetworkPath, given: number | null, readFrom?: string): MtuDefault {
	if (given === null) return defaultMtu(subject.cloud, path, subject.enaExpress);
	const documented = cloudSizing(subject.cloud).mtu[path];
	const ceiling = documented.ceiling ?? documented;
	if (ceiling.mtu === null || given <= ceiling.mtu) return {mtu: given, source: readFrom ?? 'given'};
	return {
		mtu: ceiling.mtu,
		source: `the hosts' ${given} clamped to the path's ${ceiling.mtu} (${ceiling.source})`,
	};
}

function buffersOf(inputs: HostInputs): Pick<PathFigures, 'tcpRmemMax' | 'tcpWmemMax' | 'bufferSource'> {
	const given = (inputs.tcpRmemMax ?? null) !== null || (inputs.tcpWmemMax ?? null) !== null;
	const source = inputs.hostsReadFrom ?? 'given';
	return {
		tcpRmemMax: inputs.tcpRmemMax ?? linuxBufferDefaults.tcpRmemMax,
		tcpWmemMax: inputs.tcpWmemMax ?? linuxBufferDefaults.tcpWmemMax,
		bufferSource: given ? `${source} (the rest: Linux defaults)` : linuxBufferDefaults.source,
	};
}

function workedOut(subject: PathSubject, path: NetworkPath, inputs: HostInputs): PathFigures {
	const mtu = pathMtu(subject, path, inputs.mtu, inputs.hostsReadFrom);
	const share = windowShareFor(inputs.kernel);
	const cc = inputs.cc ?? null;
	return {
		...rttOf(subject, path, inputs.rttMs),
		mtu: mtu.mtu,
		mtuSource: mtu.source,
		...buffersOf(inputs),
		coreRmemMax: inputs.rmemMax ?? null,
		coreWmemMax: inputs.wmemMax ?? null,
		cc: cc ?? linuxDefaultCc.cc,
		ccSource: cc === null ? linuxDefaultCc.source : (inputs.hostsReadFrom ?? 'given'),
		windowShare: share.share,
		windowShareSource: share.source,
		lossRate: inputs.lossPercent === undefined || inputs.lossPercent === null ? null : inputs.lossPercent / 100,
	};
}
