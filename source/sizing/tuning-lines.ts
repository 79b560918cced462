// The lines and notes of the host-tuning prescription (host-tuning.ts): the buffer sysctls, each inside the
// kernel's range and ESnet's ceiling; the ENA Express MTU; the path MTU's notes; the loss and congestion
// control notes, and BBR with fq offered for a dedicated sender on a lossy path, with the trade. Pure.

import {cloudTerms, isRealCloud} from '../domain/clouds.js';
import {binaryBytesText, rate} from '../domain/format.js';
import {leavesRegion, type NetworkPath} from '../domain/model-types.js';
import type {Cloud} from '../domain/types.js';
import {cloudSizing} from './cloud-models.js';
import {enaExpressMtu} from './path-defaults.js';
import {bbrLossNote, lossFormula, mssOf, type PathFigures} from './path-physics.js';

export interface TuningLine {
	/** The setting, e.g. `net.ipv4.tcp_rmem` or `mtu`. */
	readonly setting: string;
	/** How a sentence names the change where the setting alone does not say it ("MTU 8900 for ENA Express"). */
	readonly label?: string;
	/** The command to paste (run on both hosts). */
	readonly command: string;
	readonly why: string;
	readonly source: string;
	/** A choice with a trade (BBR): printed commented out, for the engineer to decide. */
	readonly optional?: true;
}

export interface TuningSubject {
	readonly cloud: Cloud;
	readonly path: NetworkPath;
	readonly enaExpress: boolean;
}

/**
 * The largest value net.core.rmem_max / wmem_max and the fields of net.ipv4.tcp_rmem / tcp_wmem take: a C int
 * (proc_dointvec_minmax refuses anything above INT_MAX: kernel/sysctl.c; RESEARCH-NOTES D7).
 */
export const kernelIntMax = 2_147_483_647;

/**
 * The ceiling `tune` prescribes up to (ESnet's 100G host tuning, RESEARCH-NOTES D8): autotuning's ceilings
 * tcp_rmem / tcp_wmem max 1 GiB, which is also the largest window TCP can offer (65535 x 2^14, window scale
 * 14); net.core.rmem_max / wmem_max no higher than the kernel's int.
 */
export const tuningCeiling = {
	bytes: 1_073_741_824,
	source:
		'fasterdata.es.net/host-tuning/linux/100g-tuning (as quoted in copies: tcp_rmem "4096 131072 1073741824", rmem_max 2147483647 = "Max allowed in Linux is 2GB-1"); 1 GiB is also TCP\'s largest window (TCP_MAX_WSCALE 14)',
} as const;

const ipSysctl = 'kernel.org Documentation/networking/ip-sysctl.rst';
const esnet = 'fasterdata.es.net/host-tuning/linux: buffer = 2 x BDP, up to the ceiling';

export function bufferLines(buffer: number): TuningLine[] {
	const size = binaryBytesText(buffer);
	const value = Math.min(buffer, kernelIntMax);
	return [
		{
			setting: 'net.core.rmem_max',
			command: `sudo sysctl -w net.core.rmem_max=${value}`,
			why: `lets a program ask for a ${size} receive buffer (SO_RCVBUF, iperf3 -w); autotuning obeys tcp_rmem`,
			source: ipSysctl,
		},
		{
			setting: 'net.core.wmem_max',
			command: `sudo sysctl -w net.core.wmem_max=${value}`,
			why: `lets a program ask for a ${size} send buffer (SO_SNDBUF)`,
			source: ipSysctl,
		},
		{
			setting: 'net.ipv4.tcp_rmem',
			command: `sudo sysctl -w net.ipv4.tcp_rmem="4096 131072 ${value}"`,
			why: `autotuning's receive ceiling: the window the receiver offers grows to about half of it (more on 6.6+)`,
			source: `${ipSysctl}; ${esnet}`,
		},
		{
			setting: 'net.ipv4.tcp_wmem',
			command: `sudo sysctl -w net.ipv4.tcp_wmem="4096 16384 ${value}"`,
			why: 'the send ceiling: the sender keeps every unacknowledged byte in it, a window and more',
			source: `${ipSysctl}; ${esnet}`,
		},
	];
}

/** Whether the subject's cloud sells ENA Express (its entry in domain/clouds/; the lab sells nothing). */
const sellsEnaExpress = (cloud: Cloud): boolean =>
	isRealCloud(cloud) && cloudTerms[cloud].options.includes('enaExpress');

export function mtuLines(subject: TuningSubject, figures: PathFigures): TuningLine[] {
	if (!sellsEnaExpress(subject.cloud) || !subject.enaExpress || leavesRegion(subject.path)) return [];
	return [
		{
			setting: 'mtu',
			label: `MTU ${enaExpressMtu.mtu} for ENA Express`,
			command: `sudo ip link set dev "$DEV" mtu ${enaExpressMtu.mtu}`,
			why: `ENA Express carries packets up to ${enaExpressMtu.mtu} bytes; larger ones (the VPC's 9001) fall back to plain ENA${figures.mtu !== null && figures.mtu > enaExpressMtu.mtu ? `: ${figures.mtu} now` : ''}`,
			source: enaExpressMtu.source,
		},
	];
}

/** The path MTU and where it comes from; PMTUD's warning only where a jumbo host meets a 1500 path. */
export function mtuNotes(subject: TuningSubject, figures: PathFigures): string[] {
	if (figures.mtu === null) return [`path MTU unknown: ${figures.mtuSource}`];
	const notes = [`path MTU ${figures.mtu} (${figures.mtuSource})`];
	const clamped = figures.mtuSource.includes('clamped');
	const defaulted = figures.mtuSource !== 'given' && !clamped;
	const host = isRealCloud(subject.cloud) ? cloudSizing(subject.cloud).pmtudHostMtu : null;
	if (host !== null && leavesRegion(subject.path) && (clamped || defaulted)) {
		notes.push(
			`a ${host} host reaches this ${figures.mtu}-byte path through path MTU discovery; if transfers stall, set the interface to ${figures.mtu} or net.ipv4.tcp_mtu_probing=1`,
		);
	}

	return notes;
}

/** Said when the loss holds one flow below the cloud's figure: no buffer setting moves that bound. */
export function lossNote(figures: PathFigures, lossGbps: number): string {
	const percent = (figures.lossRate ?? 0) * 100;
	return `loss: at ${percent}% loss and ${figures.rttMs} ms one ${figures.cc.toUpperCase()} flow carries at most ${rate(lossGbps)} (MSS ${mssOf(figures.mtu ?? 0)} B; ${lossFormula[figures.cc]}: loss-based congestion control, ${figures.ccSource}) whatever the buffers: open more streams, or find and remove the loss`;
}

/** With BBR on a lossy path: what is documented instead of a loss bound. */
export function bbrNote(figures: PathFigures): string | null {
	return figures.cc === 'bbr' && figures.lossRate !== null ? bbrLossNote : null;
}

const bbrTrade =
	'the trade: BBR (v1) does not back off on loss, so on a bottleneck it shares it takes more than its share from CUBIC and Reno flows (Sarpkaya et al., "BBR\'s Sharing Behavior with CUBIC and Reno", IFIP 2025, arXiv 2505.07741): for a sender whose path is its own, not a shared or internet link you care about';

/**
 * BBR with fq for a dedicated sender, offered where the loss holds a loss-based flow (commented out in the
 * block: a choice with a trade, not a setting to paste blindly).
 */
export function bbrLines(): TuningLine[] {
	const source = `${ipSysctl}; draft-ietf-ccwg-bbr-06 (BBR: "substantially higher throughput for ... random losses"); ESnet fasterdata: default_qdisc fq recommended`;
	return [
		{
			setting: 'net.core.default_qdisc',
			command: 'sudo sysctl -w net.core.default_qdisc=fq',
			why: "fair queueing paces each flow: BBR's commit (0f8782ea1497) asked for fq's pacing (Linux 4.13+ also paces without it); ESnet recommends fq",
			source,
			optional: true,
		},
		{
			setting: 'net.ipv4.tcp_congestion_control',
			command: 'sudo modprobe tcp_bbr && sudo sysctl -w net.ipv4.tcp_congestion_control=bbr',
			why: `the sender: BBR does not take random loss for congestion; ${bbrTrade}`,
			source,
			optional: true,
		},
	];
}
