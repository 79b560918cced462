// The placements that keep the two hosts on distinct hardware, when correlated failure is the risk: each
// cloud's isolating levers (domain/clouds/<cloud>.ts: AWS's spread placement group, GCP's spread policy, OCI's
// fault domains inside one availability domain; between ADs or Regions the path's own ADs or Regions are
// the isolation). The search honours fault isolation, so the recommendation already has it: the step says
// what it costs against default placement. Pure.

import type {IsolatingLever} from '../../domain/clouds/cloud-terms.js';
import {clouds, cloudTerms} from '../../domain/clouds.js';
import {isolatedBy} from '../../domain/isolation.js';
import type {RealCloud, StepId} from '../../domain/types.js';
import {basisClause, measuredChange} from './basis.js';
import type {Lever, StepDraft, WhatIfContext} from './context.js';
import {deltaText, flowDelta, footingWord, throughputDeltas, titleOf, whyOf} from './deltas.js';
import {leansOn, nearestPair, pairEvidence} from './nearest.js';

interface Isolating extends IsolatingLever {
	readonly id: StepId;
	readonly cloud: RealCloud;
}

/** A cloud's lever as a step: its id is one StepId is made of (domain/clouds.ts CloudStepId). */
const stepOf = (cloud: RealCloud, lever: IsolatingLever): Isolating => ({...lever, id: lever.id as StepId, cloud});

/** Each cloud's isolating placements (domain/clouds/<cloud>.ts), in the clouds' order. */
const isolating: readonly Isolating[] = clouds.flatMap((cloud) =>
	cloudTerms[cloud].isolating.map((lever) => stepOf(cloud, lever)),
);

/** The entry for the recommendation: where the path's own domains isolate (OCI), the one for its path. */
function entryFor(context: WhatIfContext, entry: Isolating): Isolating {
	const byPath = cloudTerms[entry.cloud].pathIsolation;
	if (byPath === null) return entry;
	const isolation = isolatedBy(context.subject.configuration, context.workload);
	return isolation === null || isolation === 'fault-domains' ? entry : stepOf(entry.cloud, byPath[isolation]);
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
