// The probe's own path prediction: from both hosts' settings (host-settings.ts) and the measured RTT, what
// one flow can carry (window / RTT, sizing/path-physics.ts); the model's figures held to it; whether the
// measured single flow sits at that bound (then the limit is named `window`) and the settings that lift it
// (sizing/host-tuning.ts). Pure.

import {isRealCloud} from '../domain/clouds.js';
import type {NetworkPath} from '../domain/model-types.js';
import {round} from '../domain/stats.js';
import {type Cloud, congestionControls} from '../domain/types.js';
import {prescribe} from '../sizing/host-tuning.js';
import {linuxBufferDefaults, linuxDefaultCc, windowShareFor} from '../sizing/path-defaults.js';
import {type PathFigures, windowBytes, windowGbps} from '../sizing/path-physics.js';
import type {HostSettings} from './host-settings.js';
import type {PathCheck, PredictedFigures, RttResult, StreamResult} from './types.js';

/** A measured flow within this share of the window bound either way sits at it. */
export const windowBand = 0.15;

/** The sender's send buffer and the receiver's receive buffer, as TCP autotuning reaches them. */
export function pairFigures(sender: HostSettings, receiver: HostSettings, rtt: RttResult | null): PathFigures | null {
	if (rtt === null || rtt.medianMs <= 0) return null;
	const share = windowShareFor(receiver.kernel);
	const mtus = [sender.routeMtu, receiver.routeMtu].filter((mtu): mtu is number => mtu !== null);
	return {
		rttMs: rtt.medianMs,
		rttSource: 'measured by this probe (ping median)',
		mtu: mtus.length === 0 ? null : Math.min(...mtus),
		mtuSource: 'read from the hosts (the route toward the other host)',
		tcpRmemMax: receiver.tcpRmem?.[2] ?? linuxBufferDefaults.tcpRmemMax,
		tcpWmemMax: sender.tcpWmem?.[2] ?? linuxBufferDefaults.tcpWmemMax,
		bufferSource:
			receiver.tcpRmem && sender.tcpWmem
				? "read from the hosts: the receiver's tcp_rmem max, the sender's tcp_wmem max"
				: `unread, taken as ${linuxBufferDefaults.source}`,
		coreRmemMax: receiver.rmemMax,
		coreWmemMax: sender.wmemMax,
		...ccOf(sender),
		windowShare: share.share,
		windowShareSource: `${share.source}; kernel ${receiver.kernel ?? 'unknown'}`,
		lossRate: null,
	};
}

/** The sender's congestion control as read (it sets the loss response); one the model does not know is said. */
function ccOf(sender: HostSettings): Pick<PathFigures, 'cc' | 'ccSource'> {
	const read = sender.congestionControl;
	const known = congestionControls.find((cc) => cc === read);
	if (known !== undefined) return {cc: known, ccSource: 'read from the sender (net.ipv4.tcp_congestion_control)'};
	return {
		cc: linuxDefaultCc.cc,
		ccSource: read === null ? `unread: ${linuxDefaultCc.source}` : `the sender runs ${read}: modelled as CUBIC`,
	};
}

export interface PathCheckInput {
	readonly cloud: Cloud;
	readonly path: NetworkPath;
	readonly enaExpress: boolean;
	readonly sender: HostSettings | null;
	readonly receiver: HostSettings | null;
	readonly rtt: RttResult | null;
	/** The model's figures for the pair (the cloud's or the lab's caps), before the path. */
	readonly predicted: PredictedFigures | null;
	readonly results: readonly StreamResult[];
}

export function checkPath(input: PathCheckInput): PathCheck | null {
	if (input.sender === null || input.receiver === null) return null;
	const figures = pairFigures(input.sender, input.receiver, input.rtt);
	if (figures === null || figures.rttMs === null) return null;
	const bound = windowGbps(windowBytes(figures), figures.rttMs);
	const single = input.results.find((result) => result.streams === 1)?.gbps ?? null;
	const capped = input.predicted?.singleFlowGbps ?? null;
	const windowHolds = capped === null || bound < capped * (1 - windowBand);
	const atWindow = single !== null && windowHolds && Math.abs(single - bound) <= bound * windowBand;
	const subject = {cloud: input.cloud, path: input.path, enaExpress: input.enaExpress};
	const prescription = windowHolds && capped !== null ? prescribe(subject, figures, capped) : null;
	return {figures, windowGbps: round(bound, 3), measuredSingleFlowGbps: single, windowHolds, atWindow, prescription};
}

/** The model's figures held to the window: one flow min(its figure, the bound); N flows N x the bound at most. */
export function heldToWindow(predicted: PredictedFigures, check: PathCheck, streams: number): PredictedFigures {
	const single = predicted.singleFlowGbps;
	if (single === null || check.windowGbps >= single) return predicted;
	const aggregate =
		predicted.aggregateGbps === null ? null : Math.min(predicted.aggregateGbps, streams * check.windowGbps);
	const line = `one flow at most window ${check.figures.windowShare} x ${Math.min(check.figures.tcpRmemMax, check.figures.tcpWmemMax)} B / ${check.figures.rttMs} ms = ${check.windowGbps} Gbps (these hosts' settings, the measured RTT)`;
	return {
		singleFlowGbps: check.windowGbps,
		aggregateGbps: aggregate === null ? null : round(aggregate, 3),
		bindingLimit: aggregate !== null && aggregate < (predicted.aggregateGbps ?? 0) ? 'window' : predicted.bindingLimit,
		basis: [...(predicted.basis ?? []), line],
	};
}

/** The provider's cloud, for the prescription's cloud-specific lines (the lab and ssh have none). */
export function cloudOf(providerId: string): Cloud {
	return isRealCloud(providerId) ? providerId : 'lab';
}
