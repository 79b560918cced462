// Path physics (DESIGN.md "The throughput model (v2)"): what one TCP flow can carry between two hosts over a
// path, whatever the cloud allows. A flow never carries more than its window divided by the round trip, and,
// when a loss rate is given, more than the loss-limited rate MSS / (RTT x sqrt(p)) (Mathis et al. 1997 with
// their constant taken as 1: between sqrt(3/4) with delayed ACKs and sqrt(3/2) without). Pure arithmetic.
// Sources: www.switch.ch/network/tools/tcp_throughput ("throughput <= window / RTT"; "rate < MSS/RTT x C/sqrt(loss)").

/** What the two hosts and the path between them are, as far as the model knows (path-defaults.ts fills it). */
export interface PathFigures {
	/** Round trip, ms; null when unknown (the window and loss terms are then not applied, and that is said). */
	readonly rttMs: number | null;
	readonly rttSource: string;
	/** Path MTU, bytes; null when unknown. */
	readonly mtu: number | null;
	readonly mtuSource: string;
	/** The largest receive buffer TCP autotuning may reach (tcp_rmem's third field), bytes. */
	readonly rmemMax: number;
	/** The largest send buffer (tcp_wmem's third field), bytes. */
	readonly wmemMax: number;
	readonly bufferSource: string;
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

/** The window the hosts' buffers allow: the smaller buffer (receiver's or sender's) times its window share. */
export function windowBytes(figures: Pick<PathFigures, 'rmemMax' | 'wmemMax' | 'windowShare'>): number {
	return Math.min(figures.rmemMax, figures.wmemMax) * figures.windowShare;
}

/** window / RTT, Gbps. */
export function windowGbps(bytes: number, rttMs: number): number {
	return (bytes * 8) / (rttMs / 1000) / 1e9;
}

/** MSS / (RTT x sqrt(p)), Gbps. */
export function lossLimitedGbps(mss: number, rttMs: number, lossRate: number): number {
	return (mss * 8) / ((rttMs / 1000) * Math.sqrt(lossRate)) / 1e9;
}

/** Bandwidth x delay, bytes. */
export function bdpBytes(gbps: number, rttMs: number): number {
	return ((gbps * 1e9) / 8) * (rttMs / 1000);
}

/** "6 MiB", "786 KiB", "1.5 MiB". */
export function bytesText(bytes: number): string {
	const mib = bytes / 1_048_576;
	if (mib >= 1) return `${Number(mib.toFixed(mib >= 10 ? 0 : 2))} MiB`;
	return `${Math.round(bytes / 1024)} KiB`;
}

function gbpsText(value: number): string {
	return value >= 10 ? value.toFixed(1) : value >= 0.1 ? value.toFixed(2) : value.toFixed(3);
}

function windowTerm(figures: PathFigures, rttMs: number): FlowBound {
	const bytes = windowBytes(figures);
	const gbps = windowGbps(bytes, rttMs);
	const smaller = figures.rmemMax <= figures.wmemMax ? 'rmem' : 'wmem';
	const buffer = Math.min(figures.rmemMax, figures.wmemMax);
	return {
		gbps,
		limit: 'window',
		basis: `window ${figures.windowShare} x ${bytesText(buffer)} (${smaller} max) = ${bytesText(bytes)} / ${rttMs} ms = ${gbpsText(gbps)} Gbps`,
	};
}

function lossTerm(figures: PathFigures, rttMs: number): FlowBound | null {
	if (figures.lossRate === null || figures.lossRate <= 0 || figures.mtu === null) return null;
	const mss = mssOf(figures.mtu);
	const gbps = lossLimitedGbps(mss, rttMs, figures.lossRate);
	return {
		gbps,
		limit: 'loss',
		basis: `loss: MSS ${mss} B / (${rttMs} ms x sqrt(${figures.lossRate})) = ${gbpsText(gbps)} Gbps`,
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
