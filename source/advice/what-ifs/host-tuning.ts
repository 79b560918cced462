// Host tuning: the recommended configuration's one flow with the hosts' window out of the way (buffers
// sized to about 2 x BDP, the path's MTU), as the path physics prescribes it (sizing/tuning-for.ts). Free:
// `netplace tune` prints the block to paste. When the plan itself tunes the hosts (the default, DESIGN.md
// "The plan (model v3)") and tuning changes what a pair carries, it is a DO step from the hosts as they
// are to the card's figure (or, where only one flow or the MTU changes, what the plan sets); when the hosts
// are kept as they are, it is what tuning them would buy. Pure.

import {gbps} from '../../domain/format.js';
import type {PlanHosts} from '../../domain/model-types.js';
import type {Prescription} from '../../sizing/host-tuning.js';
import {hostTuningFor} from '../../sizing/tuning-for.js';
import type {Lever, StepDraft, WhatIfContext} from './context.js';
import {meetsJobFlag, titleOf, whyOf} from './deltas.js';

const pasted = 'free: netplace tune prints the settings to paste';

function buffersClause(prescription: Prescription): string | false {
	const bytes = prescription.bufferBytes;
	return bytes !== null && `buffers of ${String(Math.round(bytes / 2 ** 20))} MiB on both hosts`;
}

/** The card's plan tunes the hosts and that changes what a pair carries: the step it rests on. */
function planTunes(
	context: WhatIfContext,
	untuned: NonNullable<PlanHosts['untuned']>,
	prescription: Prescription,
): StepDraft {
	const {subject, workload, pairs} = context;
	const target = workload.minGbps;
	const [from, to] = [untuned.aggregateGbps, subject.prediction.aggregateGbps];
	const rests = meetsJobFlag(target, untuned, subject.prediction, pairs).meetsJob === true;
	const perPair = pairs === 1 ? '' : ` a pair (${String(pairs)} pairs)`;
	return {
		id: 'host-tuning',
		verdict: 'do',
		title: titleOf(`host tuning${perPair}`, [{kind: 'flow', streams: workload.streams, from, to}]),
		why: whyOf([
			buffersClause(prescription),
			rests &&
				`the plan rests on it: as they are, the hosts carry ${gbps(pairs * (from ?? 0))} of your ${gbps(target)} Gbps`,
			pasted,
		]),
		evidence: [],
	};
}

export const hostTuning: Lever = (context) => {
	const {subject, workload, evidence, hosts} = context;
	const {prescription} = hostTuningFor(subject.configuration, subject.record, workload, evidence);
	if (hosts.tuned && hosts.untuned !== null) return planTunes(context, hosts.untuned, prescription);
	if (!prescription.needed) return null;
	const {windowGbps, flowGbps} = prescription;
	const window = windowGbps !== null && flowGbps !== null && windowGbps < flowGbps;
	return {
		id: 'host-tuning',
		// The card's plan tunes its hosts as tune prints: the step is the card's configuration.
		verdict: hosts.tuned ? 'do' : 'consider',
		title: window
			? titleOf('host tuning', [{kind: 'flow', streams: 1, from: windowGbps, to: flowGbps}])
			: `host tuning: ${prescription.lines.map((row) => row.label ?? row.setting).join(', ')}`,
		why: whyOf([
			window ? buffersClause(prescription) : prescription.lines.map((row) => row.why).join('; '),
			!hosts.tuned && 'if the hosts can be changed',
			pasted,
		]),
		evidence: [],
	};
};
