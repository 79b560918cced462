// Path physics (DESIGN.md "The throughput model (v2)", "Path facts"): what one TCP flow can carry between two
// hosts over a path, whatever the cloud allows. A flow never carries more than its window divided by the
// round trip, and, when a loss rate is given and the congestion control is loss-based, more than its loss
// response allows: Reno MSS / (RTT x sqrt(p)) (Mathis et al. 1997, their constant taken as 1: between
// sqrt(3/4) with delayed ACKs and sqrt(3/2) without); CUBIC the larger of that and its own response function
// (RFC 9438 / RFC 8312: average window 1.054 x RTT^0.75 / p^0.75 segments). BBR has no such term: it does not
// read random loss as congestion (draft-ietf-ccwg-bbr). Pure arithmetic.
// Sources: www.switch.ch/network/tools/tcp_throughput ("throughput <= window / RTT"; "rate < MSS/RTT x C/sqrt(loss)").

import {binaryBytesText, rate} from '../domain/format.js';
import type {CongestionControl} from '../domain/types.js';

/** What the two hosts and the path between them are, as far as the model knows (path-defaults.ts fills it). */
export interface PathFigures {
	/** Round trip, ms; null when unknown (the window and loss terms are then not applied, and that is said). */
	readonly rttMs: number | null;
	readonly rttSource: string;
	/** Path MTU, bytes; null when unknown. */
	readonly mtu: number | null;
	readonly mtuSource: string;
	/** The largest receive buffer TCP autotuning may reach (net.ipv4.tcp_rmem's third field), bytes. */
	readonly tcpRmemMax: number;
	/** The largest send buffer autotuning may reach (net.ipv4.tcp_wmem's third field), bytes. */
	readonly tcpWmemMax: number;
	readonly bufferSource: string;
	/** net.core.rmem_max / wmem_max where known: they bound only a buffer a program asks for (SO_RCVBUF / SO_SNDBUF). */
	readonly coreRmemMax: number | null;
	readonly coreWmemMax: number | null;
	/** The hosts' congestion control (the sender's sets the loss response). */
	readonly cc: CongestionControl;
	readonly ccSource: string;
	/** The share of a buffer that is window (the rest is the kernel's per-packet overhead). */
	readonly windowShare: number;
	readonly windowShareSource: string;
	/** Packet loss as a fraction (0.0001 = 0.01%); null when not given. */
	readonly lossRate: number | null;
}

export type PathLimit = 'window' | 'loss';

/** The most one flow carries over the path, and which term sets it. */
export interface FlowBound {
	readonly gbps: number;
	readonly limit: PathLimit;
	/** One line: the arithmetic, e.g. "window 0.5 x 4 MiB = 2 MiB / 70 ms = 0.24 Gbps". */
	readonly basis: string;
}

/** IPv4 (20) + TCP (20) + timestamps option (12): the payload of a full-size segment is MTU - 52. */
export const tcpIpOverheadBytes = 52;

export function mssOf(mtu: number): number {
	return mtu - tcpIpOverheadBytes;
}

/** The window the hosts' buffers allow: the smaller autotuning ceiling (receiver's or sender's) times its window share. */
export function windowBytes(figures: Pick<PathFigures, 'tcpRmemMax' | 'tcpWmemMax' | 'windowShare'>): number {
	return Math.min(figures.tcpRmemMax, figures.tcpWmemMax) * figures.windowShare;
}

/** window / RTT, Gbps. */
export function windowGbps(bytes: number, rttMs: number): number {
	return (bytes * 8) / (rttMs / 1000) / 1e9;
}

/** MSS / (RTT x sqrt(p)), Gbps: Reno's loss response (Mathis et al. 1997, constant 1). */
export function lossLimitedGbps(mss: number, rttMs: number, lossRate: number): number {
	return (mss * 8) / ((rttMs / 1000) * Math.sqrt(lossRate)) / 1e9;
}

/**
 * CUBIC's loss response, Gbps: RFC 9438's average window 1.054 x RTT^0.75 / p^0.75 segments (C = 0.4,
 * beta = 0.7), over one RTT; CUBIC never does worse than Reno, so the larger of this and Mathis.
 */
export function cubicLimitedGbps(mss: number, rttMs: number, lossRate: number): number {
	const cubic = (1.054 * mss * 8 * (rttMs / 1000) ** -0.25 * lossRate ** -0.75) / 1e9;
	return Math.max(cubic, lossLimitedGbps(mss, rttMs, lossRate));
}

/**
 * What the loss leaves one flow under a congestion control, Gbps; null for BBR (no loss term below ~15%).
 * How far it can be trusted, from the lab (test/probe/loss-lab.test.ts: random loss by nftables, the delay
 * line's RTT, one flow, iperf3 -C; 2 cores at load 12-18; the table in the README's "Path physics"): CUBIC
 * read 0.53-1.43 of this figure over loss 0.1%/1% x RTT 10/40 ms (0.77-0.87 at 1%/40 ms, 0.68-0.81 at
 * 0.1%/10 ms, 0.53-0.61 at 1%/10 ms where the loaded lab's own RTT ran over the set 10 ms, 1.12-1.43 at 0.1%/40 ms
 * where CUBIC's Reno-friendly growth beats the constant 1): right within a factor of two, not to 10%. BBR read
 * 0.96-1.00 of the 100 Mbit cap at every point, 8-33x this term: no loss term for BBR is the right call.
 */
export function lossResponseGbps(cc: CongestionControl, mss: number, rttMs: number, lossRate: number): number | null {
	if (cc === 'bbr') return null;
	return cc === 'cubic' ? cubicLimitedGbps(mss, rttMs, lossRate) : lossLimitedGbps(mss, rttMs, lossRate);
}

/** The loss response as a formula, for the basis lines. */
export const lossFormula: Readonly<Record<CongestionControl, string>> = {
	reno: 'Reno: MSS / (RTT x sqrt(p)), Mathis et al. 1997',
	cubic: 'CUBIC: max(Mathis, 1.054 x MSS x RTT^-0.25 x p^-0.75), RFC 9438',
	bbr: 'BBR: no loss term',
};

/**
 * What is documented for BBR on a lossy path, said instead of a loss bound (RESEARCH-NOTES D9): Linux's `bbr`
 * (BBRv1) keeps its rate under random loss up to about 15%; the IETF draft's BBRv3 backs off above 2% per round.
 */
export const bbrLossNote =
	"BBR: no loss bound applied: Linux's bbr (v1) does not take random loss for congestion (commit 0f8782ea1497; draft-ietf-ccwg-bbr-06: 'substantially higher throughput for bottlenecks with ... random losses'); a secondary source puts the limit near 15% loss (unix.stackexchange.com/questions/71051); the draft's BBRv3, not in mainline Linux, backs off above 2% a round";

/** Bandwidth x delay, bytes. */
export function bdpBytes(gbps: number, rttMs: number): number {
	return ((gbps * 1e9) / 8) * (rttMs / 1000);
}

function windowTerm(figures: PathFigures, rttMs: number): FlowBound {
	const bytes = windowBytes(figures);
	const gbps = windowGbps(bytes, rttMs);
	const smaller = figures.tcpRmemMax <= figures.tcpWmemMax ? 'tcp_rmem' : 'tcp_wmem';
	const buffer = Math.min(figures.tcpRmemMax, figures.tcpWmemMax);
	return {
		gbps,
		limit: 'window',
		basis: `window ${figures.windowShare} x ${binaryBytesText(buffer)} (${smaller} max) = ${binaryBytesText(bytes)} / ${rttMs} ms = ${rate(gbps)}`,
	};
}

function lossTerm(figures: PathFigures, rttMs: number): FlowBound | null {
	if (figures.lossRate === null || figures.lossRate <= 0 || figures.mtu === null) return null;
	const mss = mssOf(figures.mtu);
	const gbps = lossResponseGbps(figures.cc, mss, rttMs, figures.lossRate);
	if (gbps === null) return null;
	return {
		gbps,
		limit: 'loss',
		basis: `loss (${lossFormula[figures.cc]}; loss-based congestion control): MSS ${mss} B, ${rttMs} ms, p ${figures.lossRate} = ${rate(gbps)}`,
	};
}

const boundOf = new WeakMap<PathFigures, FlowBound | null>();

/** The lower of the window and loss terms; null when the RTT is unknown (nothing can be said). */
export function pathFlowBound(figures: PathFigures): FlowBound | null {
	let bound = boundOf.get(figures);
	if (bound === undefined) {
		bound = lowerTerm(figures);
		boundOf.set(figures, bound);
	}

	return bound;
}

function lowerTerm(figures: PathFigures): FlowBound | null {
	if (figures.rttMs === null) return null;
	const window = windowTerm(figures, figures.rttMs);
	const loss = lossTerm(figures, figures.rttMs);
	return loss !== null && loss.gbps < window.gbps ? loss : window;
}
