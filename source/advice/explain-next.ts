// The decision order's next step for a measurement `netplace explain` attributed (pure): the one change that
// lifts the limit it found, worked out from the figures first ("tune the hosts: buffers of 83 MiB", "open 8
// streams", "a cluster placement group: one flow 5 -> 10 Gbps"), then said in one line. A limit the file cannot
// show a way past (CPU, a failed test) says how to measure again instead.

import {isRealCloud} from '../domain/clouds.js';
import {binaryBytesText, gbps} from '../domain/format.js';
import type {ImportedTest} from '../domain/imported.js';
import type {Prediction} from '../domain/model-types.js';
import {cloudSizing} from '../sizing/cloud-models.js';
import {prescribedBuffer} from '../sizing/host-tuning.js';
import type {ExplainLimit} from './explain-limit.js';

export interface NextContext {
	readonly cloud: string | null;
	readonly placement: string | null;
	/** The model's figures for the test's configuration (null: no shape known). */
	readonly prediction: Prediction | null;
	/** What the instance carries with as many streams as it takes (the model's aggregate at 64 streams). */
	readonly instanceGbps: number | null;
	/** What the cloud alone allows one flow (the model without the path's terms): the window's target. */
	readonly cloudFlowGbps: number | null;
	readonly rttMs: number | null;
}

const perFlow = (test: ImportedTest): number | null => (test.gbps === null ? null : test.gbps / test.streams);

function moreStreams(test: ImportedTest, context: NextContext): string {
	const flow = perFlow(test);
	const target = context.instanceGbps;
	if (flow !== null && flow > 0 && target !== null && target > flow * test.streams) {
		const streams = Math.ceil(target / flow);
		return `open ${streams} streams: at ${gbps(flow)} Gbps each they reach the instance's ${gbps(target)} Gbps (modelled)`;
	}

	return flow === null
		? 'open more streams: each flow has its own cap'
		: `open more streams: each carries about ${gbps(flow)} Gbps, up to what the instance allows`;
}

function perFlowStep(test: ImportedTest, context: NextContext): string {
	const gain = context.cloud !== null && isRealCloud(context.cloud) ? cloudSizing(context.cloud).closeFlowGain : null;
	if (gain !== null && context.placement !== gain.placement)
		return `${gain.label}: one flow ${gbps(gain.fromGbps)} -> ${gbps(gain.toGbps)} Gbps (${gain.footing}); or ${moreStreams(test, context)}`;
	return moreStreams(test, context);
}

function windowStep(test: ImportedTest, context: NextContext): string {
	const rtt = test.tcp?.meanRttMs ?? context.rttMs;
	const present = test.tcp?.sendWindowBytes ?? 0;
	if (rtt === null) return 'tune the hosts: larger TCP buffers (netplace tune --rtt MS prints them)';
	if (context.cloudFlowGbps === null)
		return `tune the hosts: buffers of 2 x the bandwidth-delay product for the rate you need at ${rtt.toFixed(1)} ms (netplace tune --shape S --rtt ${Math.round(rtt)} prints them)`;
	const buffer = prescribedBuffer(context.cloudFlowGbps, rtt, present);
	return `tune the hosts: buffers of ${binaryBytesText(buffer)} (2 x ${gbps(context.cloudFlowGbps)} Gbps x ${rtt.toFixed(1)} ms; netplace tune prints the lines to paste)`;
}

function lossStep(test: ImportedTest): string {
	const cc = test.congestionControl;
	const bbr =
		cc !== null && cc !== 'bbr' ? `, or BBR on the sender (it runs ${cc}; net.ipv4.tcp_congestion_control=bbr)` : '';
	return `find the loss (the retransmits name it: a full queue, a policer, a bad link); until then more streams carry more in total${bbr}`;
}

const fixed: Partial<Record<ExplainLimit, string>> = {
	failed: 'measure again: the file holds no figure to explain',
	cpu: 'measure again where the host is not the limit: several iperf3 processes (before 3.16 one runs every stream on one thread), or a larger client',
	mtu: 'match the MTU along the path: both hosts at the smallest hop\'s MTU (ip link set dev DEV mtu 1500), or let ICMP "fragmentation needed" through; ping -M do -s 8972 PEER finds it',
	'instance-baseline':
		'plan on the baseline, or a shape whose baseline carries the transfer (netplace size --sustained)',
	instance: 'more streams buy nothing here: a shape with more bandwidth does (netplace size --min-gbps X names them)',
	path: 'more streams: the path holds each flow, not the hosts',
};

function noneKnownStep(test: ImportedTest, context: NextContext): string {
	const predicted = context.prediction?.aggregateGbps ?? null;
	if (predicted === null || test.gbps === null) return 'none: compare it with the model (--shape, --path, --rtt)';
	return `none: measured at ${Math.round((test.gbps / predicted) * 100)}% of the model's ${gbps(predicted)} Gbps`;
}

/** The next step for `test`, bound by `limit`. */
export function nextStep(limit: ExplainLimit, test: ImportedTest, context: NextContext): string {
	if (limit === 'per-flow-cap') return perFlowStep(test, context);
	if (limit === 'window') return windowStep(test, context);
	if (limit === 'loss') return lossStep(test);
	if (limit === 'none-known') return noneKnownStep(test, context);
	return fixed[limit] ?? 'none';
}
