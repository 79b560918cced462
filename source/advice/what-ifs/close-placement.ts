// The placements that put both hosts close together, on the recommended shape: each cloud's close levers
// (domain/clouds/<cloud>.ts: AWS's cluster placement group, GCP's COLLOCATED policy, OCI's cluster placement
// group). Single-zone, so never offered on a cross-zone path; against fault isolation; where the cloud says
// so (GCP) it costs live migration. Pure.

import type {CloseLever} from '../../domain/clouds/cloud-terms.js';
import {clouds, cloudTerms} from '../../domain/clouds.js';
import {streamsLabel} from '../../domain/format.js';
import type {ShapeRecord} from '../../domain/model-types.js';
import {placementAvailabilityOf} from '../../domain/study-cells.js';
import type {RealCloud, StepId, Verdict} from '../../domain/types.js';
import {placementUnknown} from '../../sizing/placement-support.js';
import {basisClause, measuredChange} from './basis.js';
import type {Lever, Outcome, StepDraft, WhatIfContext} from './context.js';
import {footingWord, gains, meetsJobFlag, noCeilingShare, throughputDeltas, titleOf, whyOf} from './deltas.js';
import {leansOn, nearestPair, pairEvidence} from './nearest.js';

interface Close extends CloseLever {
	readonly id: StepId;
	readonly cloud: RealCloud;
	/** Packing the hosts together costs them their live migration on this cloud (GCP's COLLOCATED). */
	readonly costsLiveMigration: boolean;
}

/** Each cloud's close placements (domain/clouds/<cloud>.ts), in the clouds' order. */
const closePlacements: readonly Close[] = clouds.flatMap((cloud) =>
	cloudTerms[cloud].close.map((lever) => ({
		...lever,
		// The ids StepId is made of (domain/clouds.ts CloudStepId).
		id: lever.id as StepId,
		cloud,
		costsLiveMigration: cloudTerms[cloud].liveMigrationPlacement === lever.placement,
	})),
);

/** What packing the hosts together costs besides money. */
function costs(close: Close): string {
	const requires = placementAvailabilityOf(close.cloud, close.placement)?.requires;
	return requires === undefined
		? 'single zone, no fault isolation, free'
		: `single zone; costs live migration (${requires})`;
}

function verdictFor(context: WhatIfContext, close: Close, before: Outcome, after: Outcome): [Verdict, string] {
	const {workload} = context;
	if (workload.faultIsolation) return ['avoid', 'against the fault isolation you need'];
	if (close.costsLiveMigration && workload.keepLiveMigration) return ['avoid', 'costs the live migration you keep'];
	if (workload.placement !== null) return ['consider', `you pinned ${workload.placement} placement`];
	if (gains(before.prediction, after.prediction, workload.streams)) return ['consider', ''];
	if (workload.latencySensitive) return ['consider', 'for your latency'];
	if (close.costsLiveMigration) return ['avoid', 'no throughput to gain: live migration for nothing measurable'];
	return ['not-needed', `latency, not bandwidth, with ${streamsLabel(workload.streams)}`];
}

/** Where no bundled source settles whether the shape takes the placement (sizing/placement-support.ts): said, not hidden. */
function unsettled(record: ShapeRecord, close: Close): string | false {
	return (
		placementUnknown(close.placement, record) &&
		`whether ${record.shape} takes it is unknown (no bundled source settles it), not no: check before you rely on it`
	);
}

/** The card has it: for the latency you need when it buys no bandwidth (the search kept it for that). */
function doing(context: WhatIfContext, before: Outcome, after: Outcome): [Verdict, string] {
	const {workload} = context;
	const bandwidth = gains(before.prediction, after.prediction, workload.streams);
	return ['do', workload.latencySensitive && !bandwidth ? 'for your latency, at no cost in bandwidth' : ''];
}

/** A cluster group the tenancy may not have: said as unknown, not as no. */
function unavailable(context: WhatIfContext, close: Close): StepDraft {
	const availability = placementAvailabilityOf(close.cloud, close.placement);
	const {workload, subject} = context;
	const single = subject.prediction.singleFlowGbps;
	const aggregate = subject.prediction.aggregateGbps;
	const lifts = single !== null && aggregate !== null && single < aggregate * noCeilingShare;
	const verdict: Verdict = workload.faultIsolation
		? 'avoid'
		: workload.latencySensitive || lifts
			? 'consider'
			: 'not-needed';
	return {
		id: close.id,
		verdict,
		title: `${close.label}: effect unmeasured, the study was refused it`,
		why: whyOf([
			workload.faultIsolation && 'against the fault isolation you need',
			`${availability?.refusal ?? 'refused'}${availability?.verifiedOn ? ` (${availability.verifiedOn})` : ''}${close.whenRefused === undefined ? '' : `; ${close.whenRefused}`}`,
			!lifts && !workload.faultIsolation && 'one flow already fills the link',
		]),
		evidence: [],
	};
}

function closeStep(context: WhatIfContext, close: Close): StepDraft | null {
	const {subject, workload} = context;
	const {configuration, record} = subject;
	// A zonal placement is never offered on a path between zones.
	if (configuration.cloud !== close.cloud || workload.path !== 'same-zone') return null;
	if (placementAvailabilityOf(close.cloud, close.placement)?.available === false) return unavailable(context, close);
	if (!record.placements.includes(close.placement)) return null;
	const has = configuration.placement === close.placement;
	const before = has ? context.change({placement: 'default'}) : subject;
	const after = has ? subject : context.change({placement: close.placement});
	const pair = nearestPair(context.evidence, record, before.configuration.placement, close.placement);
	const [verdict, reason] = has ? doing(context, before, after) : verdictFor(context, close, before, after);
	const streams = workload.streams;
	return {
		id: close.id,
		verdict,
		title: titleOf(close.label, [
			...throughputDeltas(before.prediction, after.prediction, streams),
			{kind: 'rtt', from: pair?.from.rttMs ?? null, to: pair?.to.rttMs ?? null},
		]),
		why: whyOf([
			reason,
			verdict !== 'avoid' && costs(close),
			verdict !== 'avoid' && unsettled(record, close),
			basisClause(workload, [before, after], pair?.same ? measuredChange(pair.from, pair.to, streams) : ''),
			leansOn(pair, footingWord(before.prediction, after.prediction)),
		]),
		evidence: pairEvidence(pair, streams, true),
		...(verdict === 'consider'
			? meetsJobFlag(workload.minGbps, before.prediction, after.prediction, context.pairs)
			: {}),
	};
}

export const closePlacementLevers: readonly Lever[] = closePlacements.map(
	(close) => (context: WhatIfContext) => closeStep(context, close),
);
