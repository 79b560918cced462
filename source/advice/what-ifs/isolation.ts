// The placements that keep the two hosts on distinct hardware, when correlated failure is the risk: AWS's
// spread placement group, GCP's spread policy, OCI's fault domains (inside one availability domain; between
// ADs or Regions the path's own ADs or Regions are the isolation). The search honours fault isolation,
// so the recommendation already has it: the step says what it costs against default placement. Pure.

import {type IsolatedBy, isolatedBy, isolatedByWords} from '../../domain/isolation.js';
import type {Placement, RealCloud, StepId} from '../../domain/types.js';
import {basisClause, measuredChange} from './basis.js';
import type {Lever, StepDraft, WhatIfContext} from './context.js';
import {deltaText, flowDelta, footingWord, throughputDeltas, titleOf, whyOf} from './deltas.js';
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
		label: isolatedByWords['fault-domains'],
		how: 'hardware isolation inside one availability domain, asked for at launch; unmeasured by the study',
	},
];

/** OCI off the same-zone path: the availability domains (or Regions) the path runs between are the isolation. */
const ociByPath: Readonly<Record<Exclude<IsolatedBy, 'fault-domains'>, Isolating>> = {
	'availability-domains': {
		id: 'oci-availability-domains',
		cloud: 'oci',
		placement: 'default',
		label: isolatedByWords['availability-domains'],
		how: 'your path runs between availability domains, so the ADs are it (fault domains are the lever inside one AD)',
	},
	regions: {
		id: 'oci-availability-domains',
		cloud: 'oci',
		placement: 'default',
		label: isolatedByWords.regions,
		how: 'your path runs between Regions, so the Regions are it (fault domains are the lever inside one AD)',
	},
};

/** The entry for the recommendation: OCI's by the path it runs on. */
function entryFor(context: WhatIfContext, entry: Isolating): Isolating {
	if (entry.cloud !== 'oci') return entry;
	const isolation = isolatedBy(context.subject.configuration, context.workload);
	return isolation === null || isolation === 'fault-domains' ? entry : ociByPath[isolation];
}

function isolationStep(context: WhatIfContext, lever: Isolating): StepDraft | null {
	const {subject, workload} = context;
	const entry = entryFor(context, lever);
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
				? `${entry.label}: ${deltaText(flowDelta(subject.prediction, subject.prediction, streams)).replace(/ stays? /, ' ')}, as at default placement`
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
