// The placements that keep the two hosts on distinct hardware, when correlated failure is the risk: AWS's
// spread placement group, GCP's spread policy, OCI's fault domains. The search honours fault isolation,
// so the recommendation already has it: the step says what it costs against default placement. Pure.

import type {Placement, RealCloud, StepId} from '../../domain/types.js';
import {basisClause, measuredChange} from './basis.js';
import type {Lever, StepDraft, WhatIfContext} from './context.js';
import {footingWord, throughputDeltas, titleOf, whyOf} from './deltas.js';
import {leansOn, nearestPair, pairEvidence} from './nearest.js';

interface Isolating {
	readonly id: StepId;
	readonly cloud: RealCloud;
	/** The configuration's placement (OCI's fault domains are asked for at launch, at default placement). */
	readonly placement: Placement;
	readonly label: string;
	readonly how: string;
}

const isolating: readonly Isolating[] = [
	{
		id: 'spread-placement',
		cloud: 'aws',
		placement: 'spread',
		label: 'spread placement group',
		how: 'each host on distinct hardware',
	},
	{
		id: 'gcp-spread',
		cloud: 'gcp',
		placement: 'spread',
		label: 'spread placement policy',
		how: 'each VM on distinct hardware; unmeasured by the study',
	},
	{
		id: 'oci-fault-domains',
		cloud: 'oci',
		placement: 'default',
		label: 'separate fault domains',
		how: 'hardware isolation inside one availability domain, asked for at launch; unmeasured by the study',
	},
];

function isolationStep(context: WhatIfContext, entry: Isolating): StepDraft | null {
	const {subject, workload} = context;
	if (!workload.faultIsolation || subject.configuration.cloud !== entry.cloud) return null;
	if (subject.configuration.placement !== entry.placement) return null;
	const before = entry.placement === 'default' ? subject : context.change({placement: 'default'});
	const pair =
		entry.placement === 'default' ? null : nearestPair(context.evidence, subject.record, 'default', 'spread');
	const streams = workload.streams;
	const spreadSingle = pair?.to.singleFlowGbps;
	return {
		id: entry.id,
		verdict: 'do',
		title:
			before === subject
				? `${entry.label}: throughput as at default placement`
				: titleOf(entry.label, throughputDeltas(before.prediction, subject.prediction, streams)),
		why: whyOf([
			`the fault isolation you need: ${entry.how}`,
			streams === 1 && spreadSingle !== null && spreadSingle !== undefined && 'no single-flow gain',
			basisClause(workload, [before, subject], pair?.same ? measuredChange(pair.from, pair.to, streams) : ''),
			leansOn(pair, footingWord(before.prediction, subject.prediction)),
		]),
		evidence: pairEvidence(pair, streams, false),
	};
}

export const isolationLevers: readonly Lever[] = isolating.map(
	(entry) => (context: WhatIfContext) => isolationStep(context, entry),
);
