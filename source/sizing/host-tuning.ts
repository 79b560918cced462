// The host-tuning prescription: for a configuration and its path, the exact settings that take the window and
// MTU limits away, each with why and its source, as lines an engineer pastes into both hosts. Buffers at about
// twice the bandwidth-delay product (ESnet: fasterdata.es.net/host-tuning/background, "buffer size = 2 x BDP";
// Linux keeps part of each buffer as overhead, path-defaults.ts windowShares), never above ESnet's ceiling
// (1 GiB, TCP's largest window) nor the kernel's int; when the window the path needs is beyond it, the
// prescription says so and how many streams reach the flow's figure. Pure. Lines: tuning-lines.ts.

import {binaryBytesText, rate} from '../domain/format.js';
import {bdpBytes, lossResponseGbps, mssOf, type PathFigures, windowBytes, windowGbps} from './path-physics.js';
import {
	bbrLines,
	bbrNote,
	bufferLines,
	lossNote,
	mtuLines,
	mtuNotes,
	type TuningLine,
	type TuningSubject,
	tuningCeiling,
} from './tuning-lines.js';

export {kernelIntMax, type TuningLine, type TuningSubject, tuningCeiling} from './tuning-lines.js';

export interface Prescription {
	/** Whether anything must change for one flow to reach `flowGbps`. */
	readonly needed: boolean;
	readonly rttMs: number | null;
	/** What one flow could carry with the window out of the way (the cloud's per-flow figure). */
	readonly flowGbps: number | null;
	/** What the hosts' buffers allow one flow now (window / RTT), or null when the RTT is unknown. */
	readonly windowGbps: number | null;
	readonly bdpBytes: number | null;
	/** The buffer prescribed (about 2 x BDP, never below the present one, at most the ceiling), or null when none is needed. */
	readonly bufferBytes: number | null;
	/** What one flow carries with the prescribed buffers (below `flowGbps` when the ceiling or the loss holds it). */
	readonly reachGbps: number | null;
	/** When one flow cannot reach its figure even at the ceiling: the streams (each its own window) that carry it. */
	readonly streamsToReach: number | null;
	readonly summary: string;
	readonly lines: readonly TuningLine[];
	/** What the block cannot settle, e.g. an unknown RTT, the path's MTU, the loss. */
	readonly notes: readonly string[];
}

const mib = 1_048_576;

/** 2 x BDP rounded up to a whole MiB, never below the buffers the hosts already have, at most the ceiling (unless they have more). */
export function prescribedBuffer(flowGbps: number, rttMs: number, present: number): number {
	const wanted = Math.ceil((2 * bdpBytes(flowGbps, rttMs)) / mib) * mib;
	return Math.max(present, Math.min(wanted, tuningCeiling.bytes));
}

function windowOf(figures: PathFigures): number | null {
	return figures.rttMs === null ? null : windowGbps(windowBytes(figures), figures.rttMs);
}

/** What the path's loss allows one flow under the hosts' congestion control, or null (no loss given, or BBR). */
function lossOf(figures: PathFigures): number | null {
	if (figures.lossRate === null || figures.rttMs === null || figures.mtu === null) return null;
	return lossResponseGbps(figures.cc, mssOf(figures.mtu), figures.rttMs, figures.lossRate);
}

/**
 * The settings for one flow to carry `flowGbps` over the path (null: no per-flow figure known, the buffers
 * cannot be sized). The buffers are prescribed only when the window is what holds the flow back.
 */
export function prescribe(subject: TuningSubject, figures: PathFigures, flowGbps: number | null): Prescription {
	const mtu = mtuLines(subject, figures);
	const notes = mtuNotes(subject, figures);
	const bbr = bbrNote(figures);
	if (bbr !== null) notes.unshift(bbr);
	const now = windowOf(figures);
	const base = {rttMs: figures.rttMs, flowGbps, windowGbps: now === null ? null : Number(now.toPrecision(3))};
	if (figures.rttMs === null || flowGbps === null || now === null) {
		const why = figures.rttMs === null ? `RTT ${figures.rttSource}` : 'no per-flow figure is known for this shape';
		return {
			...base,
			needed: mtu.length > 0,
			bdpBytes: null,
			bufferBytes: null,
			reachGbps: null,
			streamsToReach: null,
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
function sizedBuffers(sizing: Sizing): Prescription {
	const {base, figures, rttMs, flowGbps, now, mtu, notes} = sizing;
	const lossGbps = lossOf(figures);
	const lossBinds = lossGbps !== null && lossGbps < flowGbps;
	const reach = lossBinds ? lossGbps : flowGbps;
	const options = lossBinds ? bbrLines() : [];
	if (lossBinds) {
		notes.unshift(lossNote(figures, lossGbps));
		notes.push('with BBR the loss no longer holds one flow: size the buffers for it with --cc bbr');
	}
	const bdp = bdpBytes(reach, rttMs);
	if (now >= reach) {
		const held = lossBinds ? `the ${rate(reach)} the loss leaves one flow` : `one flow's ${rate(flowGbps)}`;
		return {
			...base,
			needed: mtu.length > 0,
			bdpBytes: Math.round(bdp),
			bufferBytes: null,
			reachGbps: reach,
			streamsToReach: null,
			summary: `the buffers carry ${held} at ${rttMs} ms (window / RTT ${rate(now)}): nothing to set for the window`,
			lines: [...mtu, ...options],
			notes,
		};
	}

	return withBuffers(sizing, reach, bdp, options);
}

function withBuffers(sizing: Sizing, reach: number, bdp: number, options: TuningLine[]): Prescription {
	const {base, figures, rttMs, now, mtu, notes} = sizing;
	const present = Math.min(figures.tcpRmemMax, figures.tcpWmemMax);
	const buffer = prescribedBuffer(reach, rttMs, present);
	const carried = Math.min(reach, windowGbps(buffer * figures.windowShare, rttMs));
	const short = carried < reach * 0.99;
	const streams = short ? Math.ceil(reach / carried) : null;
	const held = `one flow is held to ${rate(now)} by the hosts' window (${binaryBytesText(present)} buffers at ${rttMs} ms); ${rate(reach)} x ${rttMs} ms = ${binaryBytesText(bdp)} in flight`;
	const summary = short
		? `${held}: more than the kernel's ceiling allows one flow (${binaryBytesText(tuningCeiling.bytes)} buffers carry ${rate(carried)}): set ${binaryBytesText(buffer)} and open ${streams} streams (each has its own window), or spread them over pairs`
		: `${held}: buffers of ${binaryBytesText(buffer)} (about 2 x BDP) on both hosts`;
	if (short) notes.push(`ceiling: ${tuningCeiling.source}`);
	return {
		...base,
		needed: true,
		bdpBytes: Math.round(bdp),
		bufferBytes: buffer,
		reachGbps: carried,
		streamsToReach: streams,
		summary,
		lines: [...bufferLines(buffer), ...mtu, ...options],
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

	for (const line of prescription.lines) {
		if (line.optional) lines.push(`# optional: ${line.why} (${line.source})`, `# ${line.command}`);
		else lines.push(`# ${line.why} (${line.source})`, line.command);
	}

	if (prescription.lines.some((line) => line.setting.startsWith('net.') && !line.optional)) {
		lines.push('# to keep them after a reboot, write the same settings to /etc/sysctl.d/90-netplace.conf');
	}

	for (const note of prescription.notes) lines.push(`# note: ${note}`);
	return lines;
}
