// What bound a measurement made anywhere (`netplace explain`), from the evidence its file holds, read against the
// model's prediction for the shape and path it ran on (pure). Each rule names the figures it read; a rule whose
// figures the file lacks says nothing, and a test no rule claims is "none known": never a guess as a finding.
// Order: a failed test, a stall (MTU black hole), CPU, loss, window ÷ RTT, a baseline after a burst, then the
// caps (per flow, aggregate) from the file's other tests or the model, then the path rule.

import {binaryBytesText, gbps, percent, rate} from '../domain/format.js';
import type {ImportedTest} from '../domain/imported.js';
import type {BindingLimit, Footing, Prediction} from '../domain/model-types.js';
import {lossLimitedGbps, mssOf, windowGbps} from '../sizing/path-physics.js';
import {burstEvidence, stallOf, streamsEvidence} from './explain-series.js';

export type ExplainLimit =
	| 'failed'
	| 'mtu'
	| 'cpu'
	| 'loss'
	| 'window'
	| 'instance-baseline'
	| 'per-flow-cap'
	| 'instance'
	| 'path'
	| 'none-known';

export interface ExplainContext {
	/** The model's figures for the test's shape, placement, streams and path (null: no shape known). */
	readonly prediction: Prediction | null;
	/** The shape's published baseline and peak, Gbps (burstable shapes), where the catalogue has them. */
	readonly baselineGbps: number | null;
	readonly peakGbps: number | null;
	/** The path's round trip the user gave (--rtt), ms; the file's own RTT is preferred. */
	readonly rttMs: number | null;
	/** The retransmitted share from which a test measured loss (probe/validity.ts retransmitHeavyShare). */
	readonly heavyShare: number;
	/** The other tests given beside this one (the same pair, other stream counts). */
	readonly peers: readonly ImportedTest[];
}

export interface Attribution {
	readonly limit: ExplainLimit;
	/** One line per figure read, e.g. "max_snd_wnd 256 KiB / mean RTT 20.4 ms = 0.10 Gbps per flow". */
	readonly evidence: readonly string[];
	/** Where the limit's figure comes from: the file (measured), the cloud (documented), the model (modelled). */
	readonly footing: Footing;
}

/** The shortest RTT over which an autotuned window is read as the limit (see window()). */
const minWindowRttMs = 1;

const within = (measured: number, expected: number, low = 0.85, high = 1.1): boolean =>
	expected > 0 && measured >= low * expected && measured <= high * expected;

function failed(test: ImportedTest): Attribution | null {
	if (test.error === null && test.gbps !== null) return null;
	const why = test.error ?? 'the file holds no received figure (the test did not finish)';
	return {limit: 'failed', evidence: [`the test failed: ${why}`], footing: 'measured'};
}

function mtu(test: ImportedTest): Attribution | null {
	const stall = stallOf(test.intervals);
	if (stall === null) return null;
	const pmtu = test.tcp?.pathMtu ?? null;
	const evidence = [stall, ...(pmtu === null ? [] : [`the sender's path MTU (pmtu) was ${pmtu} bytes`])];
	return {limit: 'mtu', evidence, footing: 'measured'};
}

function cpu(test: ImportedTest): Attribution | null {
	if (test.cpu?.boundBy == null) return null;
	return {
		limit: 'cpu',
		evidence: [test.cpu.boundBy, 'the test measured its host, not the network'],
		footing: 'measured',
	};
}

function rttOf(test: ImportedTest, context: ExplainContext): number | null {
	return test.tcp?.meanRttMs ?? context.rttMs;
}

function loss(test: ImportedTest, context: ExplainContext): Attribution | null {
	const share = test.retransmitShare;
	if (share === null || share < context.heavyShare || test.gbps === null) return null;
	const evidence = [
		`${test.retransmits} retransmits: ${percent(share, 1)} of the segments carried (loss-heavy from ${percent(context.heavyShare, 1)})`,
	];
	const rtt = rttOf(test, context);
	if (rtt !== null) {
		const mss = mssOf(test.tcp?.pathMtu ?? 1500);
		const mathis = lossLimitedGbps(mss, rtt, share);
		evidence.push(
			`Mathis: MSS ${mss} B / (${rtt.toFixed(2)} ms × √${share.toPrecision(2)}) = ${rate(mathis)} per flow; measured ${rate(test.gbps / test.streams)} per flow`,
		);
	}

	if (test.congestionControl !== null) evidence.push(congestionLine(test.congestionControl));
	return {limit: 'loss', evidence, footing: 'measured'};
}

function congestionLine(cc: string): string {
	return cc === 'bbr'
		? 'congestion control bbr (sender_tcp_congestion): BBR does not halve its rate on each loss as Mathis assumes, so the loss costs less than the formula says'
		: `congestion control ${cc} (sender_tcp_congestion): it halves its window on each loss, as Mathis assumes`;
}

function window(test: ImportedTest, context: ExplainContext): Attribution | null {
	const tcp = test.tcp;
	const rtt = rttOf(test, context);
	if (tcp?.sendWindowBytes == null || rtt === null || test.gbps === null) return null;
	const allowed = windowGbps(tcp.sendWindowBytes, rtt);
	const perFlow = test.gbps / test.streams;
	// No standing queue (mean RTT near the lowest): the window, not a queue behind a cap, set the pace.
	const queued = tcp.minRttMs !== null && tcp.meanRttMs !== null && tcp.meanRttMs > 2 * tcp.minRttMs;
	// Under a millisecond an autotuned window that matches the rate is the receiver keeping up, not a ceiling
	// (loopback at 0.31 ms: 320 KiB / RTT = 8.35 Gbps for a flow of 6.5): a window binds on a long path or when
	// the test set its buffers (iperf3 -w).
	const ceiling = rtt >= minWindowRttMs || tcp.requestedBufferBytes !== null;
	if (queued || !ceiling || perFlow < 0.7 * allowed) return null;
	const expected = context.prediction?.singleFlowGbps ?? null;
	const evidence = [
		`max_snd_wnd ${binaryBytesText(tcp.sendWindowBytes)} / mean RTT ${rtt.toFixed(2)} ms = ${gbps(allowed)} Gbps per flow; measured ${gbps(perFlow)} Gbps per flow`,
	];
	if (expected !== null) evidence.push(`the model's single flow without the window: ${gbps(expected)} Gbps`);
	return {limit: 'window', evidence, footing: 'measured'};
}

function baseline(test: ImportedTest, context: ExplainContext): Attribution | null {
	const burst = burstEvidence(test.intervals);
	if (burst === null) return null;
	if (context.baselineGbps === null || !within(burst.lateGbps, context.baselineGbps, 0.8, 1.2)) return null;
	const peak = context.peakGbps === null ? '' : ` (peak ${gbps(context.peakGbps)})`;
	return {
		limit: 'instance-baseline',
		evidence: [burst.text, `the shape's published baseline is ${gbps(context.baselineGbps)} Gbps${peak}`],
		footing: 'documented',
	};
}

const instanceLimits: readonly BindingLimit[] = ['instance-peak', 'instance-baseline', 'interface', 'flows'];

function modelled(test: ImportedTest, context: ExplainContext): Attribution | null {
	const predicted = context.prediction;
	if (predicted === null || test.gbps === null) return null;
	const single = predicted.singleFlowGbps;
	const aggregate = predicted.aggregateGbps;
	if (test.streams === 1 && predicted.bindingLimit === 'per-flow-cap' && single !== null && within(test.gbps, single))
		return capAttribution('per-flow-cap', test.gbps, single, predicted, 'singleFlow');
	if (aggregate !== null && instanceLimits.includes(predicted.bindingLimit) && within(test.gbps, aggregate))
		return capAttribution('instance', test.gbps, aggregate, predicted, 'aggregate');
	if (predicted.bindingLimit === 'path-limit' && aggregate !== null && within(test.gbps, aggregate))
		return capAttribution('path', test.gbps, aggregate, predicted, 'aggregate');
	// The window the model gives the hosts as they were (Linux's default buffers unless --rtt and the file say
	// more) over the file's RTT, where the file names no window of its own (iperf3 before 3.10).
	if (predicted.bindingLimit === 'window' && aggregate !== null && within(test.gbps, aggregate))
		return capAttribution('window', test.gbps, aggregate, predicted, 'aggregate');
	return null;
}

function capAttribution(
	limit: ExplainLimit,
	measured: number,
	expected: number,
	predicted: Prediction,
	figure: 'singleFlow' | 'aggregate',
): Attribution {
	const word = figure === 'singleFlow' ? 'one flow' : limit === 'path' ? 'path' : 'instance';
	const named = (line: string) => line.startsWith(limit === 'window' ? 'one flow at most window' : word);
	const basis = predicted.basis.find(named) ?? predicted.basis[0];
	const share = Math.round((measured / expected) * 100);
	return {
		limit,
		evidence: [
			`measured ${gbps(measured)} Gbps, ${share}% of the model's ${gbps(expected)} Gbps`,
			...(basis === undefined ? [] : [basis]),
		],
		footing: predicted.footing[figure],
	};
}

function fromPeers(test: ImportedTest, context: ExplainContext): Attribution | null {
	const found = streamsEvidence(test, context.peers);
	return found === null ? null : {limit: found.limit, evidence: [found.text], footing: 'measured'};
}

function noneKnown(test: ImportedTest, context: ExplainContext): Attribution {
	const burst = burstEvidence(test.intervals);
	const evidence = [
		...(burst === null
			? []
			: [`${burst.text}: a burst allowance's signature; --shape names the baseline to check it against`]),
		context.prediction === null
			? 'no rule holds on the figures in the file; --shape (and --path, --rtt) compare it with the model'
			: 'no rule holds on the figures in the file, and the model names no limit the figure sits at',
	];
	return {limit: 'none-known', evidence, footing: 'unknown'};
}

/** The limit that bound `test`, with the figures that show it. */
export function attributeLimit(test: ImportedTest, context: ExplainContext): Attribution {
	return (
		failed(test) ??
		mtu(test) ??
		cpu(test) ??
		loss(test, context) ??
		window(test, context) ??
		baseline(test, context) ??
		fromPeers(test, context) ??
		modelled(test, context) ??
		noneKnown(test, context)
	);
}
