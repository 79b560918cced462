// The host-tuning prescription: for a configuration and its path, the exact settings that take the window and
// MTU limits away, each with why and its source, as lines an engineer pastes into both hosts. Buffers at about
// twice the bandwidth-delay product (ESnet: fasterdata.es.net/host-tuning/background, "buffer size = 2 x BDP";
// Linux keeps part of each buffer as overhead, path-defaults.ts windowShares). Pure.

import type {NetworkPath} from '../domain/model-types.js';
import type {Cloud} from '../domain/types.js';
import {enaExpressMtu} from './path-defaults.js';
import {
	bdpBytes,
	bytesText,
	lossLimitedGbps,
	mssOf,
	type PathFigures,
	windowBytes,
	windowGbps,
} from './path-physics.js';

export interface TuningLine {
	/** The setting, e.g. `net.ipv4.tcp_rmem` or `mtu`. */
	readonly setting: string;
	/** The command to paste (run on both hosts). */
	readonly command: string;
	readonly why: string;
	readonly source: string;
}

export interface Prescription {
	/** Whether anything must change for one flow to reach `flowGbps`. */
	readonly needed: boolean;
	readonly rttMs: number | null;
	/** What one flow could carry with the window out of the way (the cloud's per-flow figure). */
	readonly flowGbps: number | null;
	/** What the hosts' buffers allow one flow now (window / RTT), or null when the RTT is unknown. */
	readonly windowGbps: number | null;
	readonly bdpBytes: number | null;
	/** The buffer prescribed (about 2 x BDP, never below the present one), or null when none is needed. */
	readonly bufferBytes: number | null;
	readonly summary: string;
	readonly lines: readonly TuningLine[];
	/** What the block cannot settle, e.g. an unknown RTT, the path's MTU. */
	readonly notes: readonly string[];
}

export interface TuningSubject {
	readonly cloud: Cloud;
	readonly path: NetworkPath;
	readonly enaExpress: boolean;
}

const ipSysctl = 'kernel.org Documentation/networking/ip-sysctl.rst';
const esnet = 'fasterdata.es.net/host-tuning/linux ("allow testing with buffers up to 128MB"); buffer = 2 x BDP';
const mib = 1_048_576;

/** 2 x BDP rounded up to a whole MiB, never below the buffers the hosts already have. */
export function prescribedBuffer(flowGbps: number, rttMs: number, present: number): number {
	return Math.max(present, Math.ceil((2 * bdpBytes(flowGbps, rttMs)) / mib) * mib);
}

function bufferLines(buffer: number): TuningLine[] {
	const size = bytesText(buffer);
	return [
		{
			setting: 'net.core.rmem_max',
			command: `sudo sysctl -w net.core.rmem_max=${buffer}`,
			why: `lets a program ask for a ${size} receive buffer (SO_RCVBUF, iperf3 -w); autotuning obeys tcp_rmem`,
			source: ipSysctl,
		},
		{
			setting: 'net.core.wmem_max',
			command: `sudo sysctl -w net.core.wmem_max=${buffer}`,
			why: `lets a program ask for a ${size} send buffer (SO_SNDBUF)`,
			source: ipSysctl,
		},
		{
			setting: 'net.ipv4.tcp_rmem',
			command: `sudo sysctl -w net.ipv4.tcp_rmem="4096 131072 ${buffer}"`,
			why: `autotuning's receive ceiling: the window the receiver offers grows to about half of it (more on 6.6+)`,
			source: `${ipSysctl}; ${esnet}`,
		},
		{
			setting: 'net.ipv4.tcp_wmem',
			command: `sudo sysctl -w net.ipv4.tcp_wmem="4096 16384 ${buffer}"`,
			why: 'the send ceiling: the sender keeps every unacknowledged byte in it, a window and more',
			source: `${ipSysctl}; ${esnet}`,
		},
	];
}

function mtuLines(subject: TuningSubject, figures: PathFigures): TuningLine[] {
	const inRegion = subject.path === 'same-zone' || subject.path === 'cross-zone';
	if (subject.cloud !== 'aws' || !subject.enaExpress || !inRegion) return [];
	return [
		{
			setting: 'mtu',
			command: `sudo ip link set dev "$DEV" mtu ${enaExpressMtu.mtu}`,
			why: `ENA Express carries packets up to ${enaExpressMtu.mtu} bytes; larger ones (the VPC's 9001) fall back to plain ENA${figures.mtu !== null && figures.mtu > enaExpressMtu.mtu ? `: ${figures.mtu} now` : ''}`,
			source: enaExpressMtu.source,
		},
	];
}

function mtuNotes(subject: TuningSubject, figures: PathFigures): string[] {
	if (figures.mtu === null) return [`path MTU unknown: ${figures.mtuSource}`];
	const notes = [`path MTU ${figures.mtu} (${figures.mtuSource})`];
	if (subject.cloud === 'aws' && (subject.path === 'cross-region' || subject.path === 'internet')) {
		notes.push(
			'a 9001 host reaches this path through path MTU discovery; if transfers stall, set the interface to 1500 or net.ipv4.tcp_mtu_probing=1',
		);
	}

	return notes;
}

function gbpsText(value: number): string {
	if (value >= 10) return value.toFixed(1);
	return value >= 0.1 ? value.toFixed(2) : value.toFixed(3);
}

function windowOf(figures: PathFigures): number | null {
	return figures.rttMs === null ? null : windowGbps(windowBytes(figures), figures.rttMs);
}

/** What the path's loss allows one flow (MSS / (RTT x sqrt(p))), or null when no loss rate is given. */
function lossOf(figures: PathFigures): number | null {
	if (figures.lossRate === null || figures.rttMs === null || figures.mtu === null) return null;
	return lossLimitedGbps(mssOf(figures.mtu), figures.rttMs, figures.lossRate);
}

/** Said when the loss holds one flow below the cloud's figure: no buffer setting moves that bound. */
function lossNote(figures: PathFigures, lossGbps: number): string {
	const percent = (figures.lossRate ?? 0) * 100;
	return `loss: at ${percent}% loss and ${figures.rttMs} ms one flow carries at most ${gbpsText(lossGbps)} Gbps (MSS ${mssOf(figures.mtu ?? 0)} B / (RTT x sqrt(p)), Mathis et al. 1997) whatever the buffers: open more streams, or find and remove the loss`;
}

/**
 * The settings for one flow to carry `flowGbps` over the path (null: no per-flow figure known, the buffers
 * cannot be sized). The buffers are prescribed only when the window is what holds the flow back.
 */
export function prescribe(subject: TuningSubject, figures: PathFigures, flowGbps: number | null): Prescription {
	const mtu = mtuLines(subject, figures);
	const notes = mtuNotes(subject, figures);
	const now = windowOf(figures);
	const base = {rttMs: figures.rttMs, flowGbps, windowGbps: now === null ? null : Number(gbpsText(now))};
	if (figures.rttMs === null || flowGbps === null || now === null) {
		const why = figures.rttMs === null ? `RTT ${figures.rttSource}` : 'no per-flow figure is known for this shape';
		return {
			...base,
			needed: mtu.length > 0,
			bdpBytes: null,
			bufferBytes: null,
			summary: `buffers not sized: ${why}`,
			lines: mtu,
			notes,
		};
	}

	return sizedBuffers({base, figures, rttMs: figures.rttMs, flowGbps, now, mtu, notes});
}

/** What the buffer sizing works from, once the RTT, one flow's figure and the present window are known. */
interface Sizing {
	readonly base: Pick<Prescription, 'rttMs' | 'flowGbps' | 'windowGbps'>;
	readonly figures: PathFigures;
	readonly rttMs: number;
	readonly flowGbps: number;
	/** What the hosts' window allows one flow now, Gbps. */
	readonly now: number;
	readonly mtu: TuningLine[];
	readonly notes: string[];
}

/** The buffers sized for what the flow can reach: the cloud's figure, or less where the loss holds it. */
function sizedBuffers({base, figures, rttMs, flowGbps, now, mtu, notes}: Sizing): Prescription {
	const lossGbps = lossOf(figures);
	const reach = lossGbps === null ? flowGbps : Math.min(flowGbps, lossGbps);
	if (lossGbps !== null && lossGbps < flowGbps) notes.unshift(lossNote(figures, lossGbps));
	const bdp = bdpBytes(reach, rttMs);
	const present = Math.min(figures.rmemMax, figures.wmemMax);
	if (now >= reach) {
		const held =
			reach < flowGbps
				? `the ${gbpsText(reach)} Gbps the loss leaves one flow`
				: `one flow's ${gbpsText(flowGbps)} Gbps`;
		const summary = `the buffers carry ${held} at ${rttMs} ms (window / RTT ${gbpsText(now)} Gbps): nothing to set for the window`;
		return {...base, needed: mtu.length > 0, bdpBytes: Math.round(bdp), bufferBytes: null, summary, lines: mtu, notes};
	}

	const buffer = prescribedBuffer(reach, rttMs, present);
	const summary = `one flow is held to ${gbpsText(now)} Gbps by the hosts' window (${bytesText(present)} buffers at ${rttMs} ms); ${gbpsText(reach)} Gbps x ${rttMs} ms = ${bytesText(bdp)} in flight: buffers of ${bytesText(buffer)} (about 2 x BDP) on both hosts`;
	return {
		...base,
		needed: true,
		bdpBytes: Math.round(bdp),
		bufferBytes: buffer,
		summary,
		lines: [...bufferLines(buffer), ...mtu],
		notes,
	};
}

/** The block to paste: each line's why and source as a comment above its command; the notes at the end. */
export function prescriptionBlock(prescription: Prescription): string[] {
	const lines = [
		`# netplace tune: ${prescription.summary}`,
		'# run on both hosts (the sender uses wmem, the receiver rmem)',
	];
	if (prescription.lines.some((line) => line.command.includes('$DEV'))) {
		lines.push('DEV=eth0  # the interface toward the other host: ip route get <its address>');
	}

	for (const line of prescription.lines) lines.push(`# ${line.why} (${line.source})`, line.command);
	if (prescription.lines.some((line) => line.setting.startsWith('net.'))) {
		lines.push('# to keep them after a reboot, write the same settings to /etc/sysctl.d/90-netplace.conf');
	}

	for (const note of prescription.notes) lines.push(`# note: ${note}`);
	return lines;
}
