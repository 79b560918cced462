// Host tuning: the recommended configuration's one flow with the hosts' window out of the way (buffers
// sized to about 2 x BDP, the path's MTU), as the path physics prescribes it (sizing/tuning-for.ts). Said
// only when the path needs something set: free, and `netplace tune` prints the block to paste. Pure.

import {hostTuningFor} from '../../sizing/tuning-for.js';
import type {Lever} from './context.js';
import {titleOf, whyOf} from './deltas.js';

export const hostTuning: Lever = (context) => {
	const {subject, workload, evidence} = context;
	const {prescription} = hostTuningFor(subject.configuration, subject.record, workload, evidence);
	if (!prescription.needed) return null;
	const {windowGbps, flowGbps, bufferBytes} = prescription;
	const window = windowGbps !== null && flowGbps !== null && windowGbps < flowGbps;
	return {
		id: 'host-tuning',
		verdict: 'consider',
		title: window
			? titleOf('host tuning', [{kind: 'flow', streams: 1, from: windowGbps, to: flowGbps}])
			: `host tuning: ${prescription.lines.map((row) => row.setting).join(', ')}`,
		why: whyOf([
			window && bufferBytes !== null && `buffers of ${String(Math.round(bufferBytes / 2 ** 20))} MiB on both hosts`,
			'free: netplace tune prints the settings to paste',
		]),
		evidence: [],
	};
};
